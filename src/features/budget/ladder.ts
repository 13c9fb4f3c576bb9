/**
 * The admission ladder: admitted tokens as a function of the budget, from the
 * full prompt down to the point where the pinned rows alone no longer fit.
 * Admitted tokens only change at a few budgets, so the ladder asks the core
 * at exactly those: starting from the total, each next question is "one token
 * less than what was just admitted". Every step is the core's own answer.
 */
import { admitWithinBudget, BudgetExceededError, type BudgetRow } from '../../core/index.ts';

/** One rung: for budgets from `fromBudget` to `toBudget` (inclusive) the core admits `admittedTokens`. */
export interface LadderStep {
  readonly fromBudget: number;
  /** Inclusive upper end; `null` for the top rung (every budget above fits everything). */
  readonly toBudget: number | null;
  readonly admittedTokens: number;
  /** Ids dropped on this rung that were admitted on the rung above (input order). */
  readonly newlyDropped: readonly string[];
  /** Every id dropped on this rung (input order). */
  readonly dropped: readonly string[];
}

/** The whole ladder. */
export interface AdmissionLadder {
  /** Tokens of all rows. */
  readonly totalTokens: number;
  /** Tokens of the pinned rows: below this budget the compile fails. */
  readonly pinnedTokens: number;
  /** Rungs from the top (everything admitted) down. */
  readonly steps: readonly LadderStep[];
  /** For each droppable row that a budget can drop: the budget below which it is dropped. */
  readonly dropsBelow: ReadonlyMap<string, number>;
  /** True when the ladder stopped after `maxSteps` rungs (very many rows). */
  readonly truncated: boolean;
}

/**
 * Builds the admission ladder by asking the core at each budget where the
 * answer changes. At most `maxSteps` rungs (one per dropped row, at most).
 */
export function admissionLadder(rows: readonly BudgetRow[], maxSteps = 400): AdmissionLadder {
  let totalTokens = 0;
  let pinnedTokens = 0;
  for (const row of rows) {
    totalTokens += row.tokens;
    if (row.pinned) pinnedTokens += row.tokens;
  }
  const steps: LadderStep[] = [];
  const dropsBelow = new Map<string, number>();
  let previous = new Set<string>();
  let upper: number | null = null;
  let budget = totalTokens;
  let truncated = false;
  for (;;) {
    if (budget < 0) break;
    if (steps.length >= maxSteps) {
      truncated = true;
      break;
    }
    let admittedTokens: number;
    let dropped: readonly string[];
    try {
      const { report } = admitWithinBudget(rows, { maxTotalTokens: budget });
      admittedTokens = report.totalTokens;
      dropped = report.dropped;
    } catch (error) {
      if (error instanceof BudgetExceededError) break;
      throw error;
    }
    const newlyDropped = dropped.filter((id) => !previous.has(id));
    for (const id of newlyDropped) if (upper !== null) dropsBelow.set(id, upper + 1);
    steps.push({
      fromBudget: admittedTokens,
      toBudget: upper,
      admittedTokens,
      newlyDropped,
      dropped,
    });
    previous = new Set(dropped);
    upper = admittedTokens - 1;
    budget = upper;
  }
  return { totalTokens, pinnedTokens, steps, dropsBelow, truncated };
}

/**
 * Tokens the core admits at `budget`, read off the ladder; null when the
 * compile fails (budget below the pinned tokens) or the ladder was cut short
 * above this budget.
 */
export function admittedAt(ladder: AdmissionLadder, budget: number): number | null {
  for (const step of ladder.steps) {
    if (budget >= step.fromBudget) return step.admittedTokens;
  }
  return null;
}
