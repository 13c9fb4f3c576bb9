import { memo, useId, useMemo, useState } from 'react';
import { narrows, type BudgetRow } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import type { SectionBudget } from '../../model/budget.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { evaluateBudget } from './evaluate.ts';

/** What the section budgets need: the rows and the prompt budget. */
interface SectionInputs {
  readonly compiled: readonly CompiledRow[];
  /** The core's rows, in compiled order. */
  readonly coreRows: readonly BudgetRow[];
  /** The prompt budget; null = unbounded. */
  readonly limit: number | null;
}

/** What one section's rows do under the section's own budget, admitted alone by the core. */
function aloneText(view: SectionInputs, entry: SectionBudget): string {
  const rows = view.coreRows.filter((_, i) => view.compiled[i]?.row.section === entry.section);
  if (rows.length === 0) return 'No rows have this section label.';
  const outcome = evaluateBudget(rows, entry.maxTotalTokens);
  if (outcome.kind === 'invalid') return outcome.message;
  if (outcome.kind === 'pinnedExceeds') {
    return `Fails: its pinned rows need ${formatTokens(outcome.error.pinnedTokens)} tokens.`;
  }
  const r = outcome.report;
  return r.dropped.length === 0
    ? `Admits all ${r.admitted.length} (${formatTokens(r.totalTokens)} tokens).`
    : `Admits ${r.admitted.join(', ') || 'nothing'}; drops ${r.dropped.join(', ')} (${formatTokens(r.totalTokens)} tokens).`;
}

/** The prompt budget now (null = unbounded), read when a limit is added rather than at every step. */
function promptLimitNow(): number | null {
  const { unbounded, maxTotalTokens } = useAppStore.getState().budget;
  return unbounded ? null : maxTotalTokens;
}

/**
 * Picks a section without a limit and adds one. It does not depend on the
 * prompt budget, so a budget step leaves its select alone (re-rendering a
 * select makes React reselect its option, which is slow in Chromium).
 */
const AddSectionLimit = memo(function AddSectionLimit({
  compiled,
  entries,
}: {
  compiled: readonly CompiledRow[];
  entries: readonly SectionBudget[];
}) {
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  const sections = useMemo(() => [...new Set(compiled.map((c) => c.row.section))], [compiled]);
  const free = sections.filter((s) => !entries.some((e) => e.section === s));
  const [choice, setChoice] = useState('');
  const selected = free.includes(choice) ? choice : (free[0] ?? '');
  if (free.length === 0) return <p className="note">Every section has a limit.</p>;
  return (
    <div className="row">
      <label htmlFor={`${id}-add`}>Section to limit</label>
      <select id={`${id}-add`} value={selected} onChange={(e) => setChoice(e.target.value)}>
        {free.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => {
          const tokens = sectionTokens(compiled, selected);
          setBudget({
            sectionBudgets: [
              ...entries,
              { section: selected, maxTotalTokens: Math.min(tokens, promptLimitNow() ?? tokens) },
            ],
          });
        }}
      >
        Add section limit
      </button>
    </div>
  );
});

/** Tokens of the rows labelled `section`. */
function sectionTokens(compiled: readonly CompiledRow[], section: string): number {
  return compiled.filter((c) => c.row.section === section).reduce((sum, c) => sum + c.tokens, 0);
}

/**
 * Nested budgets: section budgets under the prompt budget, each checked with
 * the core's `narrows` (a child must be its parent's budget or tighter).
 */
export const SectionBudgets = memo(function SectionBudgets(view: SectionInputs) {
  const entries = useAppStore((s) => s.budget.sectionBudgets);
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  const parent = { maxTotalTokens: view.limit };
  const update = (index: number, patch: Partial<SectionBudget>) =>
    setBudget({ sectionBudgets: entries.map((e, i) => (i === index ? { ...e, ...patch } : e)) });

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Section budgets</h2>
      <p className="note">
        A section budget nests under the prompt budget (
        {view.limit === null ? 'unbounded' : `${formatTokens(view.limit)} tokens`}). The core&apos;s{' '}
        <code>narrows</code> checks each one: it must be the prompt budget or tighter; an unbounded
        section under a bounded prompt does not narrow it.
      </p>
      {entries.length > 0 && (
        <ul className="budget-sections">
          {entries.map((entry, i) => {
            const ok = narrows({ maxTotalTokens: entry.maxTotalTokens }, parent);
            const tokens = sectionTokens(view.compiled, entry.section);
            return (
              <li key={entry.section} className={ok ? undefined : 'budget-not-narrow'}>
                <div className="budget-section-head">
                  <strong>{entry.section}</strong>
                  <span className="note">{formatTokens(tokens)} tokens in this section</span>
                  {ok ? (
                    <span className="badge good">narrows the prompt budget</span>
                  ) : (
                    <span className="badge bad">✕ does not narrow the prompt budget</span>
                  )}
                </div>
                {!ok && (
                  <p className="form-error">
                    {entry.maxTotalTokens === null
                      ? `An unbounded section under a prompt budget of ${formatTokens(view.limit ?? 0)} promises more than the prompt can give.`
                      : `${formatTokens(entry.maxTotalTokens)} tokens is more than the prompt budget of ${formatTokens(view.limit ?? 0)}.`}
                  </p>
                )}
                {entry.maxTotalTokens !== null && (
                  <NumberField
                    label={`Section limit: ${entry.section}`}
                    value={entry.maxTotalTokens}
                    onChange={(v) => update(i, { maxTotalTokens: v })}
                    min={0}
                    max={1_000_000_000}
                    integer
                    noSlider
                    unit="tokens"
                  />
                )}
                <div className="row">
                  <span className="budget-check">
                    <input
                      id={`${id}-u${i}`}
                      type="checkbox"
                      checked={entry.maxTotalTokens === null}
                      onChange={(e) =>
                        update(i, { maxTotalTokens: e.target.checked ? null : Math.max(0, tokens) })
                      }
                    />
                    <label htmlFor={`${id}-u${i}`}>No limit: {entry.section}</label>
                  </span>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setBudget({ sectionBudgets: entries.filter((_, j) => j !== i) })}
                  >
                    Remove section limit: {entry.section}
                  </button>
                </div>
                <p className="note">Alone under its own budget: {aloneText(view, entry)}</p>
              </li>
            );
          })}
        </ul>
      )}
      <AddSectionLimit compiled={view.compiled} entries={entries} />
    </section>
  );
});
