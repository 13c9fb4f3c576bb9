/**
 * The engine's best-subset task against the computation the budget tab did
 * on the main thread before it moved to the worker: the knapsack over the
 * droppable rows, read at the budget and at every budget the ladder draws.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { budgetRowsArb } from '../helpers/budget-rows.ts';
import { admissionLadder, type BudgetRow } from '../../src/core/index.ts';
import {
  bestKeptTokens,
  bestSubsetAt,
  solveBestSubset,
  type BestSubsetTable,
} from '../../src/domain/best-subset.ts';
import {
  answerBudgetBest,
  BestSubsetSolver,
  type BudgetBestRequest,
} from '../../src/domain/budget-best.ts';
import { engineApi } from '../../src/engine/api.ts';
import { runEngine } from '../../src/engine/client.ts';
import { budgetBestAsk } from '../../src/features/budget/best-nodes.ts';
import { ladderBudgets } from '../../src/features/budget/ladder-series.ts';
import { analyseRows, rowsCompiled } from '../../src/features/budget/use-budget.ts';
import { DEFAULT_BUDGET } from '../../src/model/budget.ts';
import { useAppStore } from '../../src/state/store.ts';

afterEach(() => useAppStore.getState().resetToDefaults());

/** What the tab computed synchronously: the table, the subset at the limit, the best totals. */
function synchronousAnswer(rows: readonly BudgetRow[], limit: number | null, budgets: number[]) {
  const droppable = rows.filter((r) => !r.pinned);
  const pinned = rows.filter((r) => r.pinned).reduce((sum, r) => sum + r.tokens, 0);
  const table: BestSubsetTable = solveBestSubset(droppable.map((r) => r.tokens));
  const totalAt = (budget: number) =>
    budget < pinned ? null : pinned + bestKeptTokens(table, budget - pinned);
  let here = null;
  if (limit !== null && limit >= pinned) {
    const subset = bestSubsetAt(table, limit - pinned);
    here = { ...subset, keptTokens: subset.keptTokens + pinned };
  }
  return { exact: table.exact, scale: table.scale, here, bestAt: budgets.map(totalAt) };
}

/** The request the tab sends: droppable tokens in compiled order, the ladder's budgets. */
function requestFor(rows: readonly BudgetRow[], limit: number | null): BudgetBestRequest {
  const ladder = admissionLadder(rows);
  const maxBudget = Math.max(1, ladder.totalTokens, limit ?? 0);
  const budgets = new Set(ladderBudgets(ladder, maxBudget));
  for (const s of ladder.steps) budgets.add(s.toBudget ?? ladder.totalTokens);
  return {
    tokens: Float64Array.from(
      rows.filter((r) => !r.pinned),
      (r) => r.tokens,
    ),
    pinnedTokens: ladder.pinnedTokens,
    limit,
    budgets: [...budgets].sort((a, b) => a - b),
  };
}

const rowsArb = budgetRowsArb(4_000, 14);

describe('the engine’s best subset', () => {
  it('answers as the synchronous computation did, for any rows and budget (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
        async (rows, limit) => {
          const request = requestFor(rows, limit);
          const answer = await runEngine('budget', 'budgetBest', request);
          expect(answer).toEqual(synchronousAnswer(rows, limit, [...request.budgets]));
        },
      ),
      { seed: 20_261_204, numRuns: 150 },
    );
  });

  it('answers approximately, as before, where the exact table would be too large', () => {
    const rows: BudgetRow[] = Array.from({ length: 400 }, (_, i) => ({
      contributionId: `r${i}`,
      position: i,
      tokens: 40_000 + ((i * 7_919) % 30_011),
      pinned: i % 9 === 0,
    }));
    const request = requestFor(rows, 5_000_000);
    const answer = engineApi.budgetBest(request);
    expect(answer.exact).toBe(false);
    expect(answer).toEqual(synchronousAnswer(rows, 5_000_000, [...request.budgets]));
  });

  it('asks what the tab shows: the default rows’ droppable tokens in compiled order', async () => {
    useAppStore.getState().setBudget({ ...DEFAULT_BUDGET, maxTotalTokens: 10_000 });
    const ask = budgetBestAsk.get();
    const rows = analyseRows(rowsCompiled.get()).coreRows;
    expect(ask?.request.pinnedTokens).toBe(3_600);
    expect(ask?.rows.ids).toEqual(rows.filter((r) => !r.pinned).map((r) => r.contributionId));
    const answer = await runEngine('budget', 'budgetBest', ask!.request);
    expect(answer).toEqual(synchronousAnswer(rows, 10_000, [...ask!.request.budgets]));
    // The seed's typical prompt: the best subset keeps 9,800 of 10,000 tokens.
    expect(answer.here?.keptTokens).toBe(9_800);
  });
});

describe('the kept table', () => {
  const tokens = [600, 900, 3_500, 5_000, 300];
  const at = (limit: number, list: readonly number[] = tokens): BudgetBestRequest => ({
    tokens: Float64Array.from(list),
    pinnedTokens: 3_600,
    limit,
    budgets: [0, 5_000, 10_000],
  });

  it('is solved once while only the budget changes, and again for other tokens', () => {
    const solve = vi.fn(solveBestSubset);
    const solver = new BestSubsetSolver(solve);
    const answers = [9_000, 9_050, 10_000, 12_000].map((limit) =>
      answerBudgetBest(at(limit), solver),
    );
    expect(solve).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.here?.keptTokens)).toEqual([8_900, 8_900, 9_800, 10_400]);
    // Equal tokens in another array are the same rows.
    answerBudgetBest({ ...at(9_000), tokens: [...tokens] }, solver);
    expect(solve).toHaveBeenCalledTimes(1);
    answerBudgetBest(at(9_000, [...tokens, 1]), solver);
    expect(solve).toHaveBeenCalledTimes(2);
  });
});
