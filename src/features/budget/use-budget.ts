/**
 * Everything the budget explorer shows, derived from the store's inputs with
 * the core and memoised in computeds (see `state/derive.ts`) in three layers: what depends on the rows only (the
 * compiled order, the ladder) is computed when the rows change; dragging
 * the budget only re-runs one admission; and the rows' fates keep their
 * identity while no row changes fate, so the parts that show fates alone
 * skip those steps. The best subset (a knapsack over the droppable rows) is
 * the engine's work, never this thread's: see `best-nodes.ts`.
 */
import type { BudgetRow } from '../../core/index.ts';
import { sameRecord } from '../../domain/equality.ts';
import { computed, fromStore, useValue } from '../../state/derive.ts';
import {
  compileRows,
  idProblem,
  toBudgetRows,
  type CompiledRow,
} from '../../domain/compiled-rows.ts';
import { dropRanks, evaluateBudget, type BudgetOutcome } from './evaluate.ts';
import { fatesOf, sameFates, type RowFates } from './fates.ts';
import { admissionLadder, type AdmissionLadder } from '../../core/index.ts';

/** The rows-only part of the analysis. */
export interface RowsAnalysis {
  readonly compiled: readonly CompiledRow[];
  readonly coreRows: readonly BudgetRow[];
  /** Why the rows cannot be admitted (bad ids), or null. */
  readonly problem: string | null;
  readonly ranks: ReadonlyMap<string, number>;
  /** Null while the rows have a problem. */
  readonly ladder: AdmissionLadder | null;
  /** The droppable (unpinned) rows, compiled order. */
  readonly droppable: readonly BudgetRow[];
}

/** The whole view for the current budget. */
export interface BudgetView extends RowsAnalysis {
  /** Null = unbounded. */
  readonly limit: number | null;
  readonly outcome: BudgetOutcome;
  /** The rows' fates: the same object for as long as no row changes fate. */
  readonly fates: RowFates;
}

/** Rows-only analysis (pure; exported for tests). */
export function analyseRows(rowsCompiled: readonly CompiledRow[]): RowsAnalysis {
  const rows = rowsCompiled.map((c) => c.row);
  const problem = idProblem(rows);
  const coreRows = toBudgetRows(rowsCompiled);
  const droppable = coreRows.filter((r) => !r.pinned);
  return {
    compiled: rowsCompiled,
    coreRows,
    problem,
    ranks: dropRanks(coreRows),
    ladder: problem === null ? admissionLadder(coreRows) : null,
    droppable,
  };
}

/** The editor's rows, as the user set them. */
export const budgetRows = fromStore('budget.rows', (s) => s.budget.rows);
/** The estimator's characters per token. */
export const charsPerToken = fromStore('budget.charsPerToken', (s) => s.budget.charsPerToken);
const unbounded = fromStore('budget.unbounded', (s) => s.budget.unbounded);
const maxTotalTokens = fromStore('budget.maxTotalTokens', (s) => s.budget.maxTotalTokens);

/** The rows in compiled order with their token counts: the one compile the tab does. */
export const rowsCompiled = computed('budget.rowsCompiled', () =>
  compileRows(budgetRows.get(), charsPerToken.get()),
);

/** Why the rows' ids cannot be admitted (in the editor's list order), or null. */
export const rowsIdProblem = computed('budget.idProblem', () => idProblem(budgetRows.get()));

/** What depends on the rows alone: recomputed when a row or the estimator changes. */
export const rowsAnalysis = computed('budget.rowsAnalysis', () => analyseRows(rowsCompiled.get()));

/** The prompt budget, tokens; null = unbounded. */
export const budgetLimit = computed('budget.limit', (): number | null =>
  unbounded.get() ? null : maxTotalTokens.get(),
);

/** The core's admission under the current budget. */
export const budgetOutcome = computed('budget.outcome', (): BudgetOutcome => {
  const analysis = rowsAnalysis.get();
  return analysis.problem === null
    ? evaluateBudget(analysis.coreRows, budgetLimit.get())
    : { kind: 'invalid', message: analysis.problem };
});

/** The rows' fates: the kept object while no row changes fate. */
export const budgetFates = computed(
  'budget.fates',
  () => fatesOf(rowsAnalysis.get().coreRows, budgetOutcome.get()),
  { isEqual: sameFates },
);

/** The budget explorer's derived view of the store. */
export const budgetView = computed(
  'budget.view',
  (): BudgetView => ({
    ...rowsAnalysis.get(),
    limit: budgetLimit.get(),
    outcome: budgetOutcome.get(),
    fates: budgetFates.get(),
  }),
  { isEqual: sameRecord },
);

/** Reads the budget explorer's view (see `budgetView`). */
export function useBudgetView(): BudgetView {
  return useValue(budgetView);
}
