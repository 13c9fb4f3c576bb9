import { useCallback, useEffect, useMemo, useState } from 'react';
import { PRICING_SOURCE } from '../../core/index.ts';
import { useValue } from '../../state/derive.ts';
import { priceRows } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { AddModelForm } from './AddModelForm.tsx';
import { ImportExport } from './ImportExport.tsx';
import { PriceBookSection } from './PriceBookSection.tsx';
import { PriceTable } from './PriceTable.tsx';
import type { PriceRowActions } from './PriceTableRow.tsx';
import { priceFilterText, priceRowCountText, shownPriceRows } from './price-nodes.ts';
import './prices.css';

/** The price table: every row editable in place, models added and removed, import and export. */
export default function PricesPanel() {
  const updatePriceRow = useAppStore((s) => s.updatePriceRow);
  const removePriceRow = useAppStore((s) => s.removePriceRow);
  const resetPrices = useAppStore((s) => s.resetPrices);
  // The filter's text is an atom (price-nodes.ts) so the shown rows are a
  // node; like the panel's own state, it is cleared when the panel closes.
  // The table is virtualised past 80 rows, so it renders every keystroke.
  const filter = useValue(priceFilterText);
  const shown = useValue(shownPriceRows);
  const countText = useValue(priceRowCountText);
  useEffect(() => () => priceFilterText.set(''), []);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const report = useCallback((cell: string, problem: string | null) => {
    setProblems((p) => {
      if (problem === null ? !(cell in p) : p[cell] === problem) return p;
      const next = { ...p };
      if (problem === null) delete next[cell];
      else next[cell] = problem;
      return next;
    });
  }, []);
  const actions: PriceRowActions = useMemo(
    () => ({
      update: updatePriceRow,
      remove: (model) => {
        // A removed row's open problems go with it.
        setProblems((p) =>
          Object.fromEntries(Object.entries(p).filter(([cell]) => !cell.startsWith(`${model}:`))),
        );
        removePriceRow(model);
      },
      report,
      isNameTaken: (name, except) =>
        priceRows.get().some((r) => r.model === name && r.model !== except),
    }),
    [updatePriceRow, removePriceRow, report],
  );

  const problemList = Object.values(problems);

  return (
    <div className="prices">
      <section className="card">
        <div className="prices-head">
          <div>
            <h2>Prices</h2>
            <p className="note">
              USD per million tokens. Defaults from the {PRICING_SOURCE.description},{' '}
              {PRICING_SOURCE.asOf}. An empty cache price means &ldquo;priced as plain input&rdquo;.
              A prompt shorter than the minimum cacheable prompt is neither read from nor written to
              the cache; a prompt above a row&apos;s long-context threshold is billed entirely at
              the tier&apos;s prices. The gate, budget and routing explorers price their figures
              from this table; imported traffic is billed with the dated price book below, where a
              row of this table with the same name (imported, added or changed) takes its place.
            </p>
          </div>
          <div className="row">
            <button type="button" onClick={() => resetPrices()}>
              Reset prices to defaults
            </button>
          </div>
        </div>
        <div className="row prices-tools">
          <label>
            Filter models{' '}
            <input
              type="search"
              value={filter}
              onChange={(e) => priceFilterText.set(e.target.value)}
              placeholder="name or provider"
            />
          </label>
          <span className="note">{countText}</span>
        </div>
        {problemList.length > 0 && (
          <div role="alert" className="form-error">
            {problemList.map((p) => (
              <div key={p}>{p}. The last valid value is kept.</div>
            ))}
          </div>
        )}
        <PriceTable rows={shown} actions={actions} />
      </section>
      <div className="prices-side">
        <AddModelForm />
        <ImportExport />
      </div>
      <PriceBookSection />
    </div>
  );
}
