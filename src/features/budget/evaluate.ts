/**
 * One admission decision for the explorer: the core's `admitWithinBudget`
 * run on the compiled rows, with the failure the seed designs for (pinned
 * rows alone over the budget) turned into data the page can show, together
 * with the two ways out.
 */
import {
  admitWithinBudget,
  BudgetExceededError,
  InvalidInputError,
  mostDroppableFirst,
  type BudgetReport,
  type BudgetRow,
} from '../../core/index.ts';

/** A row's fate in one decision. */
export type RowStatus = 'admitted' | 'dropped' | 'pinned' | 'notCompiled';

/** Words for a row's status, as the tables and tooltips show it. */
export const STATUS_TEXT: Record<RowStatus, string> = {
  admitted: 'Admitted',
  dropped: 'Dropped',
  pinned: 'Pinned',
  notCompiled: 'Not compiled',
};

/** What the pinned rows alone exceeding the budget leaves the user to do. */
export interface WaysOut {
  /** Tokens to add to the budget so the pinned rows fit. */
  readonly raiseBy: number;
  /** The smallest budget that compiles. */
  readonly raiseTo: number;
  /** Pinned rows that, unpinned on their own, let the compile succeed (input order). */
  readonly unpinOne: readonly string[];
  /** When no single row is enough: the fewest rows to unpin (largest first). */
  readonly unpinSeveral: readonly string[];
}

/** The decision, as the page shows it. */
export type BudgetOutcome =
  | {
      readonly kind: 'ok';
      readonly report: BudgetReport;
      readonly status: ReadonlyMap<string, RowStatus>;
    }
  | {
      readonly kind: 'pinnedExceeds';
      readonly error: BudgetExceededError;
      readonly waysOut: WaysOut;
      readonly status: ReadonlyMap<string, RowStatus>;
    }
  | { readonly kind: 'invalid'; readonly message: string };

/** The ways out of a `BudgetExceededError` for these rows. */
export function waysOut(rows: readonly BudgetRow[], error: BudgetExceededError): WaysOut {
  const excess = error.pinnedTokens - error.limit;
  const pinned = rows.filter((r) => r.pinned);
  const unpinOne = pinned.filter((r) => r.tokens >= excess).map((r) => r.contributionId);
  const unpinSeveral: string[] = [];
  if (unpinOne.length === 0) {
    let freed = 0;
    const largestFirst = [...pinned].sort((a, b) => b.tokens - a.tokens);
    for (const row of largestFirst) {
      if (freed >= excess) break;
      unpinSeveral.push(row.contributionId);
      freed += row.tokens;
    }
  }
  return { raiseBy: excess, raiseTo: error.pinnedTokens, unpinOne, unpinSeveral };
}

/**
 * Admits `rows` under `limit` (null = unbounded) with the core and labels
 * every row. Pinned rows are reported as "pinned" (they are always admitted).
 */
export function evaluateBudget(rows: readonly BudgetRow[], limit: number | null): BudgetOutcome {
  try {
    const { report } = admitWithinBudget(rows, { maxTotalTokens: limit });
    const dropped = new Set(report.dropped);
    const status = new Map<string, RowStatus>();
    for (const row of rows) {
      const s = row.pinned ? 'pinned' : dropped.has(row.contributionId) ? 'dropped' : 'admitted';
      status.set(row.contributionId, s);
    }
    return { kind: 'ok', report, status };
  } catch (error) {
    if (error instanceof BudgetExceededError) {
      const status = new Map<string, RowStatus>();
      for (const row of rows) status.set(row.contributionId, row.pinned ? 'pinned' : 'notCompiled');
      return { kind: 'pinnedExceeds', error, waysOut: waysOut(rows, error), status };
    }
    if (error instanceof InvalidInputError) return { kind: 'invalid', message: error.message };
    throw error;
  }
}

/**
 * Each droppable row's place in the core's drop order (1 = dropped first);
 * pinned rows have none.
 */
export function dropRanks(rows: readonly BudgetRow[]): Map<string, number> {
  const ranks = new Map<string, number>();
  let rank = 0;
  for (const i of mostDroppableFirst(rows)) {
    const row = rows[i] as BudgetRow;
    if (!row.pinned) ranks.set(row.contributionId, ++rank);
  }
  return ranks;
}
