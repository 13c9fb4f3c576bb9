import { useMemo, useState } from 'react';
import { PRICING_SOURCE, validatePriceRow } from '../../core/index.ts';
import type { PriceTableRow } from '../../state/slices/prices-slice.ts';
import { useAppStore } from '../../state/store.ts';
import { AddModelForm } from './AddModelForm.tsx';
import { ImportExport } from './ImportExport.tsx';
import { parsePrice, PriceCell } from './PriceCell.tsx';
import './prices.css';

const PRICE_COLUMNS = [
  { key: 'input', title: 'Input', optional: false },
  { key: 'output', title: 'Output', optional: false },
  { key: 'cacheWrite', title: 'Cache write (5 min)', optional: true },
  { key: 'cacheWrite1h', title: 'Cache write (1 h)', optional: true },
  { key: 'cacheRead', title: 'Cache read', optional: true },
] as const;

type PriceKey = (typeof PRICE_COLUMNS)[number]['key'];

const PAGE = 50;

function withPrice(row: PriceTableRow, key: PriceKey, value: number | undefined): PriceTableRow {
  const next: Record<string, unknown> = { ...row };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as unknown as PriceTableRow;
}

/** The price table: every row editable in place, models added and removed, import and export. */
export default function PricesPanel() {
  const rows = useAppStore((s) => s.prices.rows);
  const updatePriceRow = useAppStore((s) => s.updatePriceRow);
  const removePriceRow = useAppStore((s) => s.removePriceRow);
  const resetPrices = useAppStore((s) => s.resetPrices);
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f === ''
      ? rows
      : rows.filter(
          (r) => r.model.toLowerCase().includes(f) || r.provider.toLowerCase().includes(f),
        );
  }, [rows, filter]);

  const report = (cell: string) => (problem: string | null) =>
    setProblems((p) => {
      const next = { ...p };
      if (problem === null) delete next[cell];
      else next[cell] = problem;
      return next;
    });

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
              Every explorer prices its figures from this table.
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
              ? `${rows.length} models`
              : `${shown.length} of ${rows.length} models`}
          </span>
        </div>
        {problemList.length > 0 && (
          <div role="alert" className="form-error">
            {problemList.map((p) => (
              <div key={p}>{p}. The last valid value is kept.</div>
            ))}
          </div>
        )}
        <div className="table-wrap prices-table">
          <table className="data">
            <caption className="visually-hidden">Model prices, USD per million tokens</caption>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Provider</th>
                {PRICE_COLUMNS.map((c) => (
                  <th key={c.key} scope="col">
                    {c.title}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.slice(0, limit).map((row) => (
                <tr key={row.model}>
                  <th scope="row">
                    <PriceCell
                      label={`Model name of ${row.model}`}
                      value={row.model}
                      width="11rem"
                      inputMode="text"
                      commitOn="blur"
                      validate={(t) =>
                        t.trim() === ''
                          ? 'must not be empty'
                          : t !== row.model && rows.some((r) => r.model === t)
                            ? `another row is already named "${t}"`
                            : null
                      }
                      onCommit={(t) => updatePriceRow(row.model, { ...row, model: t })}
                      onProblem={report(`${row.model}:name`)}
                    />
                  </th>
                  <td>
                    <PriceCell
                      label={`Provider of ${row.model}`}
                      value={row.provider}
                      width="6.5rem"
                      inputMode="text"
                      validate={() => null}
                      onCommit={(t) => updatePriceRow(row.model, { ...row, provider: t })}
                      onProblem={report(`${row.model}:provider`)}
                    />
                  </td>
                  {PRICE_COLUMNS.map((c) => (
                    <td key={c.key}>
                      <PriceCell
                        label={`${c.title} price of ${row.model}`}
                        value={row[c.key] === undefined ? '' : String(row[c.key])}
                        validate={(t) => {
                          const v = parsePrice(t, c.optional);
                          if (v instanceof Error) return v.message;
                          const problems = validatePriceRow(row.model, withPrice(row, c.key, v));
                          return problems[0] ?? null;
                        }}
                        onCommit={(t) => {
                          const v = parsePrice(t, c.optional);
                          if (!(v instanceof Error))
                            updatePriceRow(row.model, withPrice(row, c.key, v));
                        }}
                        onProblem={report(`${row.model}:${c.key}`)}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Remove ${row.model}`}
                      onClick={() => removePriceRow(row.model)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {shown.length > limit && (
          <button type="button" onClick={() => setLimit((l) => l + PAGE * 4)}>
            Show more ({shown.length - limit} hidden)
          </button>
        )}
      </section>
      <div className="prices-side">
        <AddModelForm />
        <ImportExport />
      </div>
    </div>
  );
}
