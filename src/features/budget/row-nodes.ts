/**
 * The row editor's and the rows table's results as nodes of the derivation
 * graph: the rows grouped by tier, the long list's lines, the table's inputs
 * and the one-line summary. The editor reads the tab's one compile
 * (`rowsCompiled`) instead of compiling the rows again.
 */
import type { AdmissionLadder } from '../../core/index.ts';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { sameRecord } from '../../domain/equality.ts';
import { computed } from '../../state/derive.ts';
import { TIERS, type Tier } from '../../model/budget.ts';
import { rowKey } from './row-keys.ts';
import { budgetSummaryWords } from './summary-words.ts';
import type { RowFates } from './fates.ts';
import { budgetFates, budgetOutcome, rowsAnalysis, rowsCompiled } from './use-budget.ts';
import { rowListItems } from './VirtualRowList.tsx';

/** The compiled rows of each tier, in compiled order. */
export const rowsByTier = computed(
  'budget.rowsByTier',
  (): Readonly<Record<Tier, CompiledRow[]>> => {
    const byTier = Object.fromEntries(TIERS.map((t) => [t, [] as CompiledRow[]])) as Record<
      Tier,
      CompiledRow[]
    >;
    for (const c of rowsCompiled.get()) byTier[c.row.tier].push(c);
    return byTier;
  },
);

/** The long list's lines: each tier's heading, then its rows (or a note). */
export const rowListLines = computed('budget.rowListLines', () => rowListItems(rowsCompiled.get()));

/** The line of each row of the long list, by the row's key (to scroll to a row about to take focus). */
export const rowLineByKey = computed('budget.rowLineByKey', (): ReadonlyMap<number, number> => {
  const lines = new Map<number, number>();
  rowListLines.get().forEach((item, i) => {
    if (item.kind === 'row') lines.set(rowKey(item.row.row), i);
  });
  return lines;
});

/** What the rows table shows: it changes with the rows and their fates, not with every budget. */
export interface RowsTableInputs {
  readonly compiled: readonly CompiledRow[];
  readonly ranks: ReadonlyMap<string, number>;
  readonly ladder: AdmissionLadder | null;
  readonly fates: RowFates;
}

/**
 * What the rows table shows: the rows and their fates, not the budget. The
 * same object while no row changes and no fate does, so a budget step that
 * moves no row's fate leaves the table alone.
 */
export const rowsTableInputs = computed(
  'budget.rowsTableInputs',
  (): RowsTableInputs => {
    const { compiled, ranks, ladder } = rowsAnalysis.get();
    return { compiled, ranks, ladder, fates: budgetFates.get() };
  },
  { isEqual: sameRecord },
);

/** The decision in a few words, for the line that stays in view. */
export const budgetSummary = computed(
  'budget.summaryWords',
  () => budgetSummaryWords(budgetOutcome.get()),
  { isEqual: sameRecord },
);

/** The tokens of every row: the top of the budget slider. */
export const rowsTotalTokens = computed(
  'budget.totalTokens',
  () => rowsAnalysis.get().ladder?.totalTokens ?? 0,
);
