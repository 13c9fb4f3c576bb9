/**
 * The points of the admission-ladder chart: admitted tokens under the
 * whole-row rule and under the best subset, for budgets from 0 to the total.
 */
import { admittedAt, type AdmissionLadder } from '../../core/index.ts';
import type { RowsAnalysis } from './use-budget.ts';

/** One sampled budget. */
export interface LadderPoint {
  readonly budget: number;
  /** Tokens the whole-row rule admits; null where the compile fails. */
  readonly rule: number | null;
  /**
   * Most tokens any subset keeps (pinned included); null where the compile
   * fails or while the engine has not answered for this budget.
   */
  readonly best: number | null;
}

/**
 * The budgets the ladder is drawn at: every rung's lower end (and just
 * below it), the pinned total and `samples` evenly spaced budgets up to
 * `maxBudget`, ascending. The rule's steps are exact there, the best
 * subset's are sampled. They do not depend on the current budget, so
 * dragging it does not redraw the lines.
 */
export function ladderBudgets(
  ladder: AdmissionLadder | null,
  maxBudget: number,
  samples = 240,
): number[] {
  if (ladder === null) return [];
  const xs = new Set<number>([0, maxBudget, ladder.pinnedTokens]);
  if (ladder.pinnedTokens > 0) xs.add(ladder.pinnedTokens - 1);
  for (const step of ladder.steps) {
    xs.add(step.fromBudget);
    if (step.fromBudget > 0) xs.add(step.fromBudget - 1);
  }
  for (let i = 1; i < samples; i++) xs.add(Math.round((maxBudget * i) / samples));
  return [...xs].filter((x) => x >= 0 && x <= maxBudget).sort((a, b) => a - b);
}

/**
 * The ladder at each of `budgets`: the rule's admitted tokens from the
 * ladder, and the best subset's from `bestAt` (the engine's best total per
 * budget; null before its first answer, when the best line is not drawn).
 * Where the best-subset table is approximate, it is never shown below the
 * rule's own answer (the rule's subset is itself a feasible subset).
 */
export function ladderSeries(
  ladder: AdmissionLadder | null,
  budgets: readonly number[],
  bestAt: ReadonlyMap<number, number | null> | null,
): LadderPoint[] {
  if (ladder === null) return [];
  return budgets.map((budget) => {
    const rule = admittedAt(ladder, budget);
    const bestRaw = bestAt?.get(budget) ?? null;
    const best = bestRaw === null ? null : Math.max(bestRaw, rule ?? 0);
    return { budget, rule, best };
  });
}

/** A budget below which rows drop, with the label drawn at its dot (null: no label). */
export interface LadderCorner {
  readonly budget: number;
  readonly label: string | null;
}

/**
 * The budgets where rows drop: each rung below the top starts where the rung
 * above ended, so its newly dropped rows drop below that budget.
 */
export function dropCorners(
  analysis: Pick<RowsAnalysis, 'ladder'>,
): { readonly budget: number; readonly ids: readonly string[] }[] {
  return (analysis.ladder?.steps ?? []).slice(1).map((step) => ({
    budget: (step.toBudget ?? 0) + 1,
    ids: step.newlyDropped,
  }));
}

/**
 * Labels for the drop points: points closer than 7% of the axis share one
 * label (on the highest of them), so the names do not overlap.
 */
export function labelledCorners(
  corners: readonly { budget: number; ids: readonly string[] }[],
  maxBudget: number,
): LadderCorner[] {
  const out: { budget: number; ids: string[] }[] = [];
  let leader: (typeof out)[number] | null = null;
  for (const c of corners) {
    if (leader !== null && leader.budget - c.budget < maxBudget * 0.07) {
      leader.ids.push(...c.ids);
      out.push({ budget: c.budget, ids: [] });
      continue;
    }
    leader = { budget: c.budget, ids: [...c.ids] };
    out.push(leader);
  }
  return out.map((c) => ({
    budget: c.budget,
    label: c.ids.length === 0 ? null : `✕ ${c.ids.join(', ')}`,
  }));
}

/** The ladder's lines as the kit's line chart takes them. */
export interface LadderLines {
  readonly rule: readonly { x: number; y: number | null }[];
  readonly best: readonly { x: number; y: number | null }[];
  readonly budgets: readonly number[];
}

/** The rule's and the best subset's admitted tokens against the budget. */
export function ladderLines(points: readonly LadderPoint[]): LadderLines {
  return {
    rule: points.map((p) => ({ x: p.budget, y: p.rule })),
    best: points.map((p) => ({ x: p.budget, y: p.best })),
    budgets: points.map((p) => p.budget),
  };
}
