/**
 * The best subset of droppable rows, which the engine computes (a knapsack of
 * up to 16 million cells, never on this thread), as nodes of the graph.
 *
 * - `budgetBestAsk` is the request: the droppable rows' tokens (a rows-only
 *   node, so a budget step sends the same tokens and the worker only reads
 *   the table it kept), the pinned tokens, the limit and the budgets the
 *   ladder is drawn at.
 * - `budgetBestAnswer` is the one bridge from the engine: an atom the budget
 *   panel sets with each answer its query shows (`use-budget-best.ts`),
 *   together with the rows it was asked for, so the kept indices name the
 *   right rows while a newer answer is on its way.
 * - The nodes below read that atom: what the ladder, its figures, summary
 *   and table show of the best subset. Before the first answer they say it
 *   is being computed (undefined, or a null best total) rather than showing a
 *   wrong number; afterwards the last answer stays until the next.
 *
 * What the whole-row rule admits (the core's admission and ladder) never
 * waits for the engine: only the best-subset parts do.
 */
import type {
  BestSubsetHere,
  BudgetBestAnswer,
  BudgetBestRequest,
} from '../../domain/budget-best.ts';
import { sameList } from '../../domain/equality.ts';
import { atom, computed } from '../../state/derive.ts';
import { ladderBudgets } from './ladder-series.ts';
import { budgetLimit, rowsAnalysis } from './use-budget.ts';

/** The droppable rows as the knapsack reads them. */
export interface BestRows {
  /** Their tokens, in compiled order. */
  readonly tokens: Float64Array;
  /** Their ids, in the same order. */
  readonly ids: readonly string[];
  readonly pinnedTokens: number;
}

/** The rows the knapsack runs over: null while the ids are invalid (there is no ladder). */
export const bestRows = computed('budget.best.rows', (): BestRows | null => {
  const { ladder, droppable } = rowsAnalysis.get();
  if (ladder === null) return null;
  return {
    tokens: Float64Array.from(droppable, (r) => r.tokens),
    ids: droppable.map((r) => r.contributionId),
    pinnedTokens: ladder.pinnedTokens,
  };
});

/** The ladder's axes: 0 to the rows' total, or to the budget above it. */
export const ladderMaxBudget = computed('budget.ladder.maxBudget', () =>
  Math.max(1, rowsAnalysis.get().ladder?.totalTokens ?? 0, budgetLimit.get() ?? 0),
);

/** The budgets the ladder's lines are drawn at (not the current budget's). */
export const ladderDrawnBudgets = computed(
  'budget.ladder.budgets',
  () => ladderBudgets(rowsAnalysis.get().ladder, ladderMaxBudget.get()),
  { isEqual: (a, b) => sameList(a, b) },
);

/** Every budget the ladder needs the best total at: the drawn ones and each rung's top. */
export const bestBudgetsAsked = computed(
  'budget.best.budgets',
  (): readonly number[] => {
    const ladder = rowsAnalysis.get().ladder;
    const asked = new Set(ladderDrawnBudgets.get());
    for (const s of ladder?.steps ?? []) asked.add(s.toBudget ?? ladder?.totalTokens ?? 0);
    return [...asked].sort((a, b) => a - b);
  },
  { isEqual: (a, b) => sameList(a, b) },
);

/** A request to the engine with the rows it was built from. */
export interface BudgetBestAsk {
  readonly request: BudgetBestRequest & { readonly tokens: Float64Array };
  readonly rows: BestRows;
}

/** What the panel asks the engine: null while the ids are invalid. */
export const budgetBestAsk = computed('budget.best.ask', (): BudgetBestAsk | null => {
  const rows = bestRows.get();
  if (rows === null) return null;
  return {
    rows,
    request: {
      tokens: rows.tokens,
      pinnedTokens: rows.pinnedTokens,
      limit: budgetLimit.get(),
      budgets: bestBudgetsAsked.get(),
    },
  };
});

/** An answer of the engine with what it answers. */
export interface BudgetBestAnswered {
  readonly request: BudgetBestRequest;
  readonly rows: BestRows;
  readonly answer: BudgetBestAnswer;
}

/**
 * The bridge from the engine: the answer the budget panel's query shows
 * (null before the first, and once the panel is gone). Set only by
 * `useBudgetBest`.
 */
export const budgetBestAnswer = atom<BudgetBestAnswered | null>('budget.best.answer', null);

/** Whether the answer for the current request is still on its way. */
export const budgetBestPending = computed('budget.best.pending', (): boolean => {
  const ask = budgetBestAsk.get();
  return ask !== null && budgetBestAnswer.get()?.request !== ask.request;
});

/** How the table was solved: null before the first answer. */
export const bestSubsetTable = computed(
  'budget.best.table',
  (): { readonly exact: boolean; readonly scale: number } | null => {
    const answer = budgetBestAnswer.get()?.answer;
    return answer === undefined ? null : { exact: answer.exact, scale: answer.scale };
  },
  {
    isEqual: (a, b) =>
      a === b || (a !== null && b !== null && a.exact === b.exact && a.scale === b.scale),
  },
);

/** The best total (pinned included) at each budget asked: null before the first answer. */
export const bestTotalByBudget = computed(
  'budget.best.byBudget',
  (): ReadonlyMap<number, number | null> | null => {
    const answered = budgetBestAnswer.get();
    if (answered === null) return null;
    const { budgets } = answered.request;
    return new Map(budgets.map((b, i) => [b, answered.answer.bestAt[i] ?? null]));
  },
  {
    isEqual: (a, b) =>
      a === b ||
      (a !== null &&
        b !== null &&
        a.size === b.size &&
        [...a].every(([budget, best]) => b.has(budget) && b.get(budget) === best)),
  },
);

/** The best subset at a budget, with the ids of the droppable rows it keeps. */
export type BestHere = BestSubsetHere & { readonly ids: readonly string[] };

/**
 * The best subset under the current budget: null where there is none
 * (unbounded, invalid ids, or the pinned rows over the budget), undefined
 * while the engine has not answered yet. Kept while it keeps the same rows.
 */
export const budgetBestHere = computed(
  'budget.bestHere',
  (): BestHere | null | undefined => {
    const limit = budgetLimit.get();
    const rows = bestRows.get();
    if (limit === null || rows === null || limit < rows.pinnedTokens) return null;
    const answered = budgetBestAnswer.get();
    const here = answered?.answer.here;
    // No answer yet, or one asked at a budget that had no best subset.
    if (answered === null || here === null || here === undefined) return undefined;
    return { ...here, ids: here.kept.map((i) => answered.rows.ids[i] as string) };
  },
  {
    isEqual: (a, b) =>
      a === b ||
      (a != null &&
        b != null &&
        a.keptTokens === b.keptTokens &&
        a.exact === b.exact &&
        sameList(a.kept, b.kept) &&
        sameList(a.ids, b.ids)),
  },
);
