import { memo, useId, useState } from 'react';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import type { SectionBudget } from '../../model/budget.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';
import { budgetLimit } from './use-budget.ts';
import { sectionLines, sectionsWithoutLimit, sectionTokensNow } from './what-if-nodes.ts';

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
  entries,
}: {
  entries: readonly SectionBudget[];
}) {
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  const free = useValue(sectionsWithoutLimit);
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
          const tokens = sectionTokensNow(selected);
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

/**
 * Nested budgets: section budgets under the prompt budget, each checked with
 * the core's `narrows` (a child must be its parent's budget or tighter).
 */
export const SectionBudgets = memo(function SectionBudgets() {
  const entries = useAppStore((s) => s.budget.sectionBudgets);
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  const limit = useValue(budgetLimit);
  const lines = useValue(sectionLines);
  const update = (index: number, patch: Partial<SectionBudget>) =>
    setBudget({ sectionBudgets: entries.map((e, i) => (i === index ? { ...e, ...patch } : e)) });

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Section budgets</h2>
      <p className="note">
        A section budget nests under the prompt budget (
        {limit === null ? 'unbounded' : `${formatTokens(limit)} tokens`}). The core&apos;s{' '}
        <code>narrows</code> checks each one: it must be the prompt budget or tighter; an unbounded
        section under a bounded prompt does not narrow it.
      </p>
      {entries.length > 0 && (
        <ul className="budget-sections">
          {lines.map(({ entry, tokens, narrows: ok, notNarrowText, aloneText }, i) => {
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
                {notNarrowText !== null && <p className="form-error">{notNarrowText}</p>}
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
                <p className="note">Alone under its own budget: {aloneText}</p>
              </li>
            );
          })}
        </ul>
      )}
      <AddSectionLimit entries={entries} />
    </section>
  );
});
