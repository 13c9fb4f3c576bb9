import { describe, expect, it } from 'vitest';
import {
  cliffSummary,
  firstCrossing,
  narrowCrossing,
  refineValues,
  type Sample,
} from '../../../src/features/routing/sweep-series.ts';

const s = (x: number, cheaper: boolean): Sample => ({ x, cheaper });
const seconds = (x: number) => `${x} s`;
const grid = { count: 30, from: 0, to: 660, refinedBetween: null, refining: false };

describe('the TTL cliff', () => {
  it('finds the first change of sign and counts them all', () => {
    const samples = [s(0, true), s(273, true), s(296, false), s(319, true), s(342, false)];
    expect(firstCrossing(samples)).toEqual({
      before: s(273, true),
      after: s(296, false),
      changes: 3,
    });
    expect(firstCrossing([s(0, true), s(10, true)])).toBeNull();
  });

  it.each([
    [296, 319, 24, Array.from({ length: 22 }, (_, i) => 297 + i)],
    [296, 297, 24, []],
    [296.5, 298, 24, [297]],
  ])('refines between %s and %s with whole seconds', (lo, hi, max, expected) => {
    expect(refineValues(lo, hi, max)).toEqual(expected);
  });

  it('spreads at most the round’s points over a wide bracket', () => {
    const values = refineValues(0, 1_000, 24);
    expect(values).toHaveLength(24);
    expect(
      values.every((x, i) => x > 0 && x < 1_000 && (i === 0 || x > (values[i - 1] ?? 0))),
    ).toBe(true);
  });

  it('narrows a bracket to the first change among the new samples', () => {
    const bracket = { before: s(273, true), after: s(296, false), changes: 1 };
    const between = [s(287, true), s(288, true), s(289, false), s(290, false)];
    expect(narrowCrossing(bracket, between)).toEqual({
      before: s(288, true),
      after: s(289, false),
      changes: 1,
    });
  });

  it('says where the cliff lies, exactly between the samples, and where it sampled', () => {
    const crossing = { before: s(288, true), after: s(289, false), changes: 1 };
    const text = cliffSummary(
      crossing,
      [s(0, true)],
      { ...grid, refinedBetween: { lo: 273, hi: 296 } },
      seconds,
      'every hop on opus',
    );
    expect(text).toBe(
      'The strategy is cheaper than every hop on opus up to 288 s and costs more from 289 s: the cliff lies between 288 s and 289 s (sampled at 30 idle gaps from 0 s to 660 s, then every second between 273 s and 296 s).',
    );
  });

  it('claims no more than the coarse samples before refining', () => {
    const crossing = { before: s(273, true), after: s(296, false), changes: 1 };
    const text = cliffSummary(crossing, [s(0, true)], grid, seconds, 'the baseline');
    expect(text).toContain(
      'the cliff lies between 273 s and 296 s (sampled at 30 idle gaps from 0 s to 660 s)',
    );
    expect(cliffSummary(null, [s(0, false)], grid, seconds, 'the baseline')).toBe(
      'The strategy is never cheaper than the baseline at the 30 idle gaps from 0 s to 660 s sampled.',
    );
  });
});
