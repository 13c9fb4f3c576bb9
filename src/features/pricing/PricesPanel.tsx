import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { PRICING_SOURCE } from '../../core/index.ts';
import type { PriceTableRow } from '../../model/prices.ts';
import { useAppStore } from '../../state/store.ts';
import { formatTokens } from '../../ui/format.ts';
import { AddModelForm } from './AddModelForm.tsx';
import { ImportExport } from './ImportExport.tsx';
import { PriceBookSection } from './PriceBookSection.tsx';
import { PriceTable } from './PriceTable.tsx';
import type { PriceRowActions } from './PriceTableRow.tsx';
import './prices.css';

/** The price table: every row editable in place, models added and removed, import and export. */
export default function PricesPanel() {
  const rows = useAppStore((s) => s.prices.rows);
  const updatePriceRow = useAppStore((s) => s.updatePriceRow);
  const removePriceRow = useAppStore((s) => s.removePriceRow);
  const resetPrices = useAppStore((s) => s.resetPrices);
  const [filter, setFilter] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Filtering 2,000 rows on every keystroke is cheap; rendering them is what
  // is deferred, so the filter field itself never waits.
  const deferredFilter = useDeferredValue(filter);

  const shown = useMemo(() => {
    const f = deferredFilter.trim().toLowerCase();
    return f === ''
      ? rows
      : rows.filter(
          (r) => r.model.toLowerCase().includes(f) || r.provider.toLowerCase().includes(f),
        );
  }, [rows, deferredFilter]);

  // The rows as of the last render, for the duplicate-name check of stable callbacks.
  const rowsRef = useRef<readonly PriceTableRow[]>(rows);
  rowsRef.current = rows;
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
        rowsRef.current.some((r) => r.model === name && r.model !== except),
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
              onChange={(e) => setFilter(e.target.value)}
              placeholder="name or provider"
            />
          </label>
          <span className="note">
            {shown.length === rows.length
              ? `${formatModels(rows.length)}`
              : `${formatTokens(shown.length)} of ${formatModels(rows.length)}`}
          </span>
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

function formatModels(n: number): string {
  return `${formatTokens(n)} ${n === 1 ? 'model' : 'models'}`;
}
