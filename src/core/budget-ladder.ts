/**
 * The admission ladder: admitted tokens as a function of the budget, from the
 * full prompt down to the point where the pinned rows alone no longer fit.
 * Admitted tokens only change at a few budgets, so the ladder answers at
 * exactly those: starting from the total, each next question is "one token
 * less than what was just admitted", answered as `admitWithinBudget` does,
 * by its drop order. Pure; the budget tab and the report read it.
 */
import { mostDroppableFirst, validateBudgetInput, type BudgetRow } from './budget.ts';

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
 * Builds the admission ladder: at each budget where the answer changes, the
 * rows `admitWithinBudget` drops there. Admission drops droppable rows in
 * the fixed order (`mostDroppableFirst`) until the rest fit, so the rows
 * dropped one token below a rung are that order's next rows: the order is
 * computed once and walked, instead of admitting all the rows again at every
 * rung (400 admissions of 10,000 rows took about half a second). At most
 * `maxSteps` rungs (one per dropped row, at most). A test checks every rung
 * against `admitWithinBudget` asked at each budget.
 *
 * @throws InvalidInputError for invalid rows (as admitting them would)
 */
export function admissionLadder(rows: readonly BudgetRow[], maxSteps = 400): AdmissionLadder {
  let totalTokens = 0;
  let pinnedTokens = 0;
  for (const row of rows) {
    totalTokens += row.tokens;
    if (row.pinned) pinnedTokens += row.tokens;
  }
  // Admission's checks of the rows (it throws on bad ones, as admitting them would).
  validateBudgetInput(rows, { maxTotalTokens: totalTokens });
  const order = mostDroppableFirst(rows).filter((i) => !(rows[i] as BudgetRow).pinned);
  const idsOf = (indices: number[]) =>
    indices.sort((a, b) => a - b).map((i) => (rows[i] as BudgetRow).contributionId);
  const steps: LadderStep[] = [];
  const dropsBelow = new Map<string, number>();
  let next = 0;
  let running = totalTokens;
  let upper: number | null = null;
  let budget = totalTokens;
  let truncated = false;
  for (;;) {
    if (budget < 0) break;
    if (steps.length >= maxSteps) {
      truncated = true;
      break;
    }
    // Admission refuses a budget below the pinned rows (BudgetExceededError).
    if (pinnedTokens > budget) break;
    const newly: number[] = [];
    while (running > budget && next < order.length) {
      const i = order[next++] as number;
      running -= (rows[i] as BudgetRow).tokens;
      newly.push(i);
    }
    const newlyDropped = idsOf(newly);
    for (const id of newlyDropped) if (upper !== null) dropsBelow.set(id, upper + 1);
    steps.push({
      fromBudget: running,
      toBudget: upper,
      admittedTokens: running,
      newlyDropped,
      dropped: idsOf(order.slice(0, next)),
    });
    upper = running - 1;
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
