// @vitest-environment node
/**
 * The admission ladder and the explorer's decision, checked against the
 * core's own admission at every budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetRowsArb } from '../../helpers/budget-rows.ts';
import { admitWithinBudget, BudgetExceededError, type BudgetRow } from '../../../src/core/index.ts';
import { dropRanks, evaluateBudget, waysOut } from '../../../src/features/budget/evaluate.ts';
import { admissionLadder, admittedAt } from '../../../src/core/budget-ladder.ts';

const rowsArb = budgetRowsArb(3_000, 10);

const typical: BudgetRow[] = [
  { contributionId: 'system', position: 0, tokens: 1_200, pinned: true },
  { contributionId: 'tools', position: 1, tokens: 2_400, pinned: true },
  { contributionId: 'persona', position: 2, tokens: 600, pinned: false },
  { contributionId: 'memory', position: 3, tokens: 900, pinned: false },
  { contributionId: 'retrieved-docs', position: 4, tokens: 3_500, pinned: false },
  { contributionId: 'history', position: 5, tokens: 5_000, pinned: false },
  { contributionId: 'turn-hint', position: 6, tokens: 300, pinned: false },
];

function coreAdmitted(rows: BudgetRow[], budget: number): number | null {
  try {
    return admitWithinBudget(rows, { maxTotalTokens: budget }).report.totalTokens;
  } catch (error) {
    if (error instanceof BudgetExceededError) return null;
    throw error;
  }
}

describe('admissionLadder', () => {
  it('lists the rungs of the typical prompt', () => {
    const ladder = admissionLadder(typical);
    expect(ladder.totalTokens).toBe(13_900);
    expect(ladder.pinnedTokens).toBe(3_600);
    expect(ladder.steps.map((s) => [s.fromBudget, s.toBudget, s.newlyDropped])).toEqual([
      [13_900, null, []],
      [13_600, 13_899, ['turn-hint']],
      [8_600, 13_599, ['history']],
      [5_100, 8_599, ['retrieved-docs']],
      [4_200, 5_099, ['memory']],
      [3_600, 4_199, ['persona']],
    ]);
    expect(Object.fromEntries(ladder.dropsBelow)).toEqual({
      'turn-hint': 13_900,
      history: 13_600,
      'retrieved-docs': 8_600,
      memory: 5_100,
      persona: 4_200,
    });
  });

  it('agrees with the core at every budget (seeded)', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 0, max: 32_000 }), (rows, budget) => {
        const ladder = admissionLadder(rows);
        expect(admittedAt(ladder, budget)).toBe(coreAdmitted(rows, budget));
        const admitted = coreAdmitted(rows, budget);
        if (admitted === null) return;
        const dropped = new Set(admitWithinBudget(rows, { maxTotalTokens: budget }).report.dropped);
        for (const row of rows) {
          const below = ladder.dropsBelow.get(row.contributionId);
          expect(dropped.has(row.contributionId)).toBe(below !== undefined && budget < below);
        }
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('gives every rung the core gives when asked at each budget, rows dropped and all', () => {
    /** The ladder asked of the core itself: one admission per rung. */
    function coreLadder(rows: BudgetRow[], maxSteps: number) {
      const steps = [];
      let previous = new Set<string>();
      let upper: number | null = null;
      let budget = rows.reduce((sum, r) => sum + r.tokens, 0);
      let truncated = false;
      for (;;) {
        if (budget < 0) break;
        if (steps.length >= maxSteps) {
          truncated = true;
          break;
        }
        let report;
        try {
          report = admitWithinBudget(rows, { maxTotalTokens: budget }).report;
        } catch (error) {
          if (error instanceof BudgetExceededError) break;
          throw error;
        }
        const seen = previous;
        steps.push({
          fromBudget: report.totalTokens,
          toBudget: upper,
          admittedTokens: report.totalTokens,
          newlyDropped: report.dropped.filter((id) => !seen.has(id)),
          dropped: report.dropped,
        });
        previous = new Set(report.dropped);
        upper = report.totalTokens - 1;
        budget = upper;
      }
      return { steps, truncated };
    }
    const shuffled = rowsArb.chain((rows) =>
      fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }),
    );
    fc.assert(
      fc.property(shuffled, fc.integer({ min: 0, max: 12 }), (rows, maxSteps) => {
        const ladder = admissionLadder(rows, maxSteps);
        const core = coreLadder(rows, maxSteps);
        expect(ladder.steps).toEqual(core.steps);
        expect(ladder.truncated).toBe(core.truncated);
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('stops after maxSteps rungs and says so', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      contributionId: `r${i}`,
      position: i,
      tokens: 10,
      pinned: false,
    }));
    const ladder = admissionLadder(many, 5);
    expect(ladder.steps).toHaveLength(5);
    expect(ladder.truncated).toBe(true);
  });
});

describe('evaluateBudget', () => {
  it('labels every row', () => {
    const outcome = evaluateBudget(typical, 10_000);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(Object.fromEntries(outcome.status)).toEqual({
      system: 'pinned',
      tools: 'pinned',
      persona: 'admitted',
      memory: 'admitted',
      'retrieved-docs': 'admitted',
      history: 'dropped',
      'turn-hint': 'dropped',
    });
    expect(outcome.report).toEqual(admitWithinBudget(typical, { maxTotalTokens: 10_000 }).report);
  });

  it('turns the pinned rows exceeding the budget into data with the ways out', () => {
    const outcome = evaluateBudget(typical, 3_000);
    expect(outcome.kind).toBe('pinnedExceeds');
    if (outcome.kind !== 'pinnedExceeds') return;
    expect(outcome.error.message).toBe(
      'pinned contributions (system, tools) need 3600 tokens but the budget is 3000. Pinned content is never dropped and never truncated: raise the budget or unpin something, but the compiler will not ship a prompt missing it.',
    );
    expect(outcome.waysOut).toEqual({
      raiseBy: 600,
      raiseTo: 3_600,
      unpinOne: ['system', 'tools'],
      unpinSeveral: [],
    });
    expect(outcome.status.get('persona')).toBe('notCompiled');
  });

  it('names several rows when no single one frees enough', () => {
    const rows = typical.map((r) => ({ ...r, pinned: true }));
    const outcome = evaluateBudget(rows, 1_000);
    if (outcome.kind !== 'pinnedExceeds') throw new Error('expected a failed compile');
    const ways = waysOut(rows, outcome.error);
    expect(ways.unpinOne).toEqual([]);
    // 12,900 tokens too many: the largest pinned rows first until that much is freed.
    expect(ways.unpinSeveral).toEqual(['history', 'retrieved-docs', 'tools', 'system', 'memory']);
  });

  it('reports invalid rows instead of throwing', () => {
    const outcome = evaluateBudget([...typical, { ...typical[0]! }], 10_000);
    expect(outcome).toMatchObject({ kind: 'invalid' });
    if (outcome.kind === 'invalid') expect(outcome.message).toMatch(/duplicate id "system"/);
  });

  it('numbers the drop order, skipping pinned rows', () => {
    expect(Object.fromEntries(dropRanks(typical))).toEqual({
      'turn-hint': 1,
      history: 2,
      'retrieved-docs': 3,
      memory: 4,
      persona: 5,
    });
  });
});
