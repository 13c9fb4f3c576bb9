/** The budget's decision in a few words, for the line that stays in view. */
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
