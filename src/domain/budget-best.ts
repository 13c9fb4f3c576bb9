/**
 * The budget tab's best-subset question as the engine answers it: the
 * knapsack over the droppable rows (`best-subset.ts`), read at the current
 * budget and at the budgets the admission ladder draws.
 *
 * Solving the table is the heavy part (up to 16 million cells); reading it is
 * a lookup. A `BestSubsetSolver` keeps the last table it solved, keyed by the
 * rows' tokens compared by value, so a budget step (a new request with the
 * same tokens) only reads the kept table.
 */
import { bestKeptTokens, bestSubsetAt, type BestSubsetTable } from './best-subset.ts';
import { sameList } from './equality.ts';

/** What the budget tab asks of the knapsack. */
export interface BudgetBestRequest {
  /** The droppable (unpinned) rows' tokens, in compiled order. */
  readonly tokens: Float64Array | readonly number[];
  /** The pinned rows' tokens, which every subset keeps. */
  readonly pinnedTokens: number;
  /** The prompt budget, tokens; null = unbounded. */
  readonly limit: number | null;
  /** The budgets (tokens) at which the ladder needs the best total. */
  readonly budgets: readonly number[];
}

/** The best subset at the current budget. */
export interface BestSubsetHere {
  /** Tokens kept, the pinned rows included. */
  readonly keptTokens: number;
  /** Indices (into the request's `tokens`) of the droppable rows kept, ascending. */
  readonly kept: readonly number[];
  /** Whether this answer is the exact optimum. */
  readonly exact: boolean;
}

/** The knapsack's answer to a `BudgetBestRequest`. */
export interface BudgetBestAnswer {
  /** True when every answer of the table is the exact optimum. */
  readonly exact: boolean;
  /** Tokens per capacity unit of the table: 1 when exact. */
  readonly scale: number;
  /** The best subset at the limit; null when unbounded or below the pinned tokens. */
  readonly here: BestSubsetHere | null;
  /**
   * Most tokens any subset keeps (pinned included) at each of the request's
   * `budgets`, in their order; null below the pinned tokens.
   */
  readonly bestAt: readonly (number | null)[];
}

/** Best total at `budget` (pinned included), or null below the pinned tokens. */
export function bestTotalAt(
  table: BestSubsetTable,
  pinnedTokens: number,
  budget: number,
): number | null {
  if (budget < pinnedTokens) return null;
  return pinnedTokens + bestKeptTokens(table, budget - pinnedTokens);
}

/** Solves the knapsack for a list of tokens, keeping the last table for equal tokens. */
export class BestSubsetSolver {
  private last: { readonly tokens: Float64Array; readonly table: BestSubsetTable } | null = null;

  constructor(private readonly solve: (tokens: ArrayLike<number>) => BestSubsetTable) {}

  /** The table for `tokens`: the kept one when they equal the last tokens by value. */
  tableFor(tokens: ArrayLike<number>): BestSubsetTable {
    if (this.last !== null && sameList(this.last.tokens, tokens)) return this.last.table;
    // A copy: the caller's array may be reused or transferred.
    const kept = Float64Array.from(tokens);
    const table = this.solve(kept);
    this.last = { tokens: kept, table };
    return table;
  }
}

/** Answers `request` from `solver`'s table for its tokens. */
export function answerBudgetBest(
  request: BudgetBestRequest,
  solver: BestSubsetSolver,
): BudgetBestAnswer {
  const table = solver.tableFor(request.tokens);
  const { pinnedTokens, limit } = request;
  let here: BestSubsetHere | null = null;
  if (limit !== null && limit >= pinnedTokens) {
    const subset = bestSubsetAt(table, limit - pinnedTokens);
    here = { ...subset, keptTokens: subset.keptTokens + pinnedTokens };
  }
  return {
    exact: table.exact,
    scale: table.scale,
    here,
    bestAt: request.budgets.map((budget) => bestTotalAt(table, pinnedTokens, budget)),
  };
}

/** Whether two answers say the same thing (then the one shown is kept). */
export function sameBudgetBest(a: BudgetBestAnswer, b: BudgetBestAnswer): boolean {
  if (a === b) return true;
  if (a.exact !== b.exact || a.scale !== b.scale || !sameList(a.bestAt, b.bestAt)) return false;
  const [x, y] = [a.here, b.here];
  if (x === null || y === null) return x === y;
  return x.keptTokens === y.keptTokens && x.exact === y.exact && sameList(x.kept, y.kept);
}
