import { memo } from 'react';
import { formatTokens } from '../../ui/format.ts';
import type { BudgetOutcome } from './evaluate.ts';

const rows = (n: number) => `${formatTokens(n)} row${n === 1 ? '' : 's'}`;

/** The decision in a few words (never the decision card's own words: that card is the live region). */
export function budgetSummaryWords(outcome: BudgetOutcome): {
  tone: 'fire' | 'keep' | 'loss';
  lead: string;
  rest: string;
} {
  if (outcome.kind === 'invalid')
    return { tone: 'loss', lead: 'The rows need fixing first', rest: '' };
  if (outcome.kind === 'pinnedExceeds') {
    const { pinnedTokens, limit } = outcome.error;
    return {
      tone: 'loss',
      lead: 'Over budget',
      rest: `pinned rows alone need ${formatTokens(pinnedTokens)} of ${formatTokens(limit)} tokens`,
    };
  }
  const { report } = outcome;
  const dropped = report.dropped.length;
  if (report.limit === null)
    return {
      tone: 'fire',
      lead: `${formatTokens(report.totalTokens)} tokens`,
      rest: 'unbounded, nothing dropped',
    };
  return {
    tone: dropped > 0 ? 'keep' : 'fire',
    lead: `${formatTokens(report.totalTokens)} / ${formatTokens(report.limit)} tokens`,
    rest: dropped === 0 ? 'nothing dropped' : `${rows(dropped)} dropped`,
  };
}

/**
 * The decision in one line that stays in view while the rows are edited:
 * sticky at the top of the results on a wide screen, a bar at the foot of
 * the screen on a phone (the gate's pattern). One line whatever the
 * figures, so an update moves nothing.
 */
export const BudgetSummary = memo(function BudgetSummary({ outcome }: { outcome: BudgetOutcome }) {
  const { tone, lead, rest } = budgetSummaryWords(outcome);
  return (
    <section className={`results-summary ${tone}`} aria-label="Budget summary">
      <strong>{lead}</strong>
      {rest !== '' && <span className="summary-versus">{rest}</span>}
    </section>
  );
});
