// @vitest-environment node
/**
 * The best-subset comparison: a 0/1 knapsack over the droppable rows' tokens,
 * exact when small, a feasible lower bound (tokens in coarser units) when not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestKeptTokens, bestSubsetAt, solveBestSubset } from '../../src/domain/best-subset.ts';

/** The optimum by trying every subset. */
function bruteForce(tokens: readonly number[], capacity: number): number {
  let best = 0;
  for (let mask = 0; mask < 1 << tokens.length; mask++) {
    let sum = 0;
    tokens.forEach((t, i) => {
      if (mask & (1 << i)) sum += t;
    });
    if (sum <= capacity && sum > best) best = sum;
  }
  return best;
}

const rowsArb = fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 9 });

describe('solveBestSubset', () => {
  it.each<[string, number[], number, number, number[]]>([
    ['nothing to keep', [], 100, 0, []],
    ['everything fits', [300, 500], 10_000, 800, [0, 1]],
    [
      'the whole-row rule would drop the big one first',
      [900, 5_000, 3_500, 300],
      6_400,
      6_200,
      [0, 1, 3],
    ],
    ['a zero capacity keeps only empty rows', [0, 5], 0, 0, [0]],
    ['a negative capacity keeps nothing', [10], -1, 0, []],
  ])('%s', (_, tokens, capacity, kept, rows) => {
    const table = solveBestSubset(tokens);
    expect(table.exact).toBe(true);
    const best = bestSubsetAt(table, capacity);
    expect(best.keptTokens).toBe(kept);
    expect(bestKeptTokens(table, capacity)).toBe(kept);
    expect(best.kept.filter((i) => (tokens[i] ?? 0) > 0)).toEqual(
      rows.filter((i) => (tokens[i] ?? 0) > 0),
    );
  });

  it('matches brute force for every capacity (seeded)', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 0, max: 20_000 }), (tokens, capacity) => {
        const table = solveBestSubset(tokens);
        const expected = bruteForce(tokens, capacity);
        expect(bestKeptTokens(table, capacity)).toBe(expected);
        const subset = bestSubsetAt(table, capacity);
        expect(subset.keptTokens).toBe(expected);
        expect(subset.kept.reduce((sum, i) => sum + (tokens[i] ?? 0), 0)).toBe(expected);
      }),
      { seed: 4, numRuns: 300 },
    );
  });

  it('stays within its cell budget and is a feasible lower bound when approximate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (tokens, capacity) => {
          const table = solveBestSubset(tokens, 2_000);
          expect(table.width * tokens.length).toBeLessThanOrEqual(2_000 + 2 * tokens.length);
          const subset = bestSubsetAt(table, capacity);
          const sum = subset.kept.reduce((s, i) => s + (tokens[i] ?? 0), 0);
          expect(sum).toBe(subset.keptTokens);
          expect(sum).toBeLessThanOrEqual(Math.max(0, capacity));
          expect(sum).toBeLessThanOrEqual(bruteForce(tokens, capacity));
          expect(bestKeptTokens(table, capacity)).toBe(subset.keptTokens);
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });

  it('says when it is approximate', () => {
    const table = solveBestSubset([150_000, 250_000, 90_000], 3_000);
    expect(table.exact).toBe(false);
    expect(table.scale).toBeGreaterThan(1);
    // At or above the total, everything is kept exactly.
    expect(bestSubsetAt(table, 490_000)).toMatchObject({ keptTokens: 490_000, exact: true });
  });
});
