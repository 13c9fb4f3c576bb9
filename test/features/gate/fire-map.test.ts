import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakEven,
  DEFAULT_PRICING,
  evaluateOffloadGate,
  resolveGateInputs,
} from '../../../src/core/index.ts';
import {
  fireMap,
  fireMapCounts,
  fireMapRegions,
  fireMapSizeDomain,
} from '../../../src/features/gate/fire-map.ts';

const defaults = {
  outputTokens: 40_000,
  horizon: 6,
  recallProbability: 0.3,
  modelName: 'claude-opus-4-6',
  largeOffloadThresholdTokens: 10_000,
  stubTokens: 150,
  recallInputTokens: 2_000,
  recallOutputTokens: 300,
};
const inputsOf = (over: Partial<typeof defaults> = {}) =>
  resolveGateInputs({ ...defaults, ...over });

describe('the fire map', () => {
  it('opens on a view with both regions: the default inputs neither all fire nor all keep', () => {
    const map = fireMap(inputsOf(), DEFAULT_PRICING, 'size');
    const counts = fireMapCounts(map);
    const total = map.xs.length * map.probabilities.length;
    expect(counts.fire / total).toBeGreaterThan(0.25);
    expect(counts.fire / total).toBeLessThan(0.75);
    const [min, max] = map.domain;
    expect(min).toBeLessThan(defaults.largeOffloadThresholdTokens);
    expect(max).toBeGreaterThan(defaults.largeOffloadThresholdTokens);
    expect(min).toBeLessThanOrEqual(defaults.outputTokens);
    expect(max).toBeGreaterThanOrEqual(defaults.outputTokens);
  });

  it('centres the size axis on the break-even when the threshold does not decide', () => {
    const inputs = inputsOf({ largeOffloadThresholdTokens: 0 });
    const [min, max] = fireMapSizeDomain(inputs, DEFAULT_PRICING);
    const t0 = breakEven({ ...inputs, recallProbability: 0 }, DEFAULT_PRICING).sizeTokens!;
    const t1 = breakEven({ ...inputs, recallProbability: 1 }, DEFAULT_PRICING).sizeTokens!;
    expect(min).toBeLessThan(t0);
    expect(max).toBeGreaterThan(t1);
    const counts = fireMapCounts(fireMap(inputs, DEFAULT_PRICING, 'size'));
    expect(counts.loses).toBeGreaterThan(0);
    expect(counts.fire).toBeGreaterThan(0);
  });

  it('draws H = 0 as not priced, never as losing money (as its legend says)', () => {
    const map = fireMap(inputsOf(), DEFAULT_PRICING, 'horizon');
    for (const row of map.cells) expect(row[0]).toBe('notPriced');
    expect(map.cells.flat().filter((c) => c === 'notPriced')).toHaveLength(
      map.probabilities.length,
    );
  });

  it('agrees with the gate in every cell, for any inputs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom<'size' | 'horizon'>('size', 'horizon'),
        (outputTokens, horizon, threshold, axis) => {
          const inputs = inputsOf({
            outputTokens,
            horizon,
            largeOffloadThresholdTokens: threshold,
          });
          const map = fireMap(inputs, DEFAULT_PRICING, axis);
          map.probabilities.forEach((p, r) =>
            map.xs.forEach((x, c) => {
              const cell = {
                ...inputs,
                recallProbability: p,
                ...(axis === 'size' ? { outputTokens: x } : { horizon: x }),
              };
              const decision = evaluateOffloadGate(cell, DEFAULT_PRICING);
              const notPriced = cell.outputTokens < threshold || Math.trunc(cell.horizon) === 0;
              expect(map.cells[r]?.[c]).toBe(
                decision.fire ? 'fire' : notPriced ? 'notPriced' : 'loses',
              );
            }),
          );
        },
      ),
      { seed: 17, numRuns: 40 },
    );
  });

  it('puts the regions in words from the break-even', () => {
    const lines = fireMapRegions(
      fireMap(inputsOf(), DEFAULT_PRICING, 'size'),
      inputsOf(),
      DEFAULT_PRICING,
    );
    expect(lines).toContain(
      'Not priced (hatched): below the 10,000-token threshold the output stays inline without pricing.',
    );
    expect(lines).toContain('Offload: from 10,000 tokens at every recall probability.');
    const t0 = fireMapRegions(
      fireMap(inputsOf({ largeOffloadThresholdTokens: 0 }), DEFAULT_PRICING, 'size'),
      inputsOf({ largeOffloadThresholdTokens: 0 }),
      DEFAULT_PRICING,
    );
    // T* = 150 + p · 0.0175 / (5e-6 · 6): 150 at p = 0, 733 at p = 1.
    expect(t0).toContain(
      'Offload: above 150 tokens when recall never happens and above 733 tokens when it always does.',
    );
  });
});
