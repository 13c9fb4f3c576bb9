// @vitest-environment node
/**
 * The policy comparison, revision 2 (SPEC §2.1), worked by hand on
 * claude-opus-4-6 ($5/M in, $25/M out, $0.50/M read, $6.25/M write) with
 * H = 2, p = 0.3, T = 10,000, stub 150, recall 2,000 in / 300 out, the cached
 * basis with φ = 0.8, tail 1,000, k = 1 and size-only at 1,000.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.ts';
import { resolveGateInputs } from '../../src/core/gate.ts';
import {
  comparePopulation,
  type PopulationAssumptions,
  type PopulationOutput,
} from '../../src/core/population.ts';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';

const inputs = resolveGateInputs({
  outputTokens: 0,
  horizon: 2,
  recallProbability: 0.3,
  modelName: 'claude-opus-4-6',
});
const assumptions: PopulationAssumptions = {
  recallElasticity: 1,
  carryBasis: 'cached',
  cacheHitShare: 0.8,
  tailTokens: 1_000,
};
const population: PopulationOutput[] = [
  { sizeTokens: 20_000 },
  { sizeTokens: 5_000, recalled: true },
  { sizeTokens: 40_000, horizon: 1, recalled: false },
];

describe('comparePopulation: a hand-worked cached-basis case', () => {
  // c = 0.8·$0.5/M + 0.2·$5/M = $1.4/M; r = 2,000·$5/M + 300·$25/M = $0.0175;
  // w = 0.8·(150 + 1,000)·$6.25/M = $0.00575.
  // 20,000 (h 2, q = 0.3·10,000/20,000 = 0.15): inline $0.056, offloaded 0.00042 + 0.002625 + 0.00575.
  // 5,000 (h 2, recalled): inline $0.014, offloaded 0.00042 + 0.0175 + 0.00575.
  // 40,000 (h 1, not recalled): inline $0.056, offloaded 0.00021 + 0 + 0.00575.
  const off1 = 0.00042 + 0.002625 + 0.00575;
  const off2 = 0.00042 + 0.0175 + 0.00575;
  const off3 = 0.00021 + 0.00575;
  const never = 0.056 + 0.014 + 0.056;
  const c = comparePopulation(population, inputs, 1_000, DEFAULT_PRICING, assumptions);

  it('never offloading keeps every output inline; 80 % of its carried tokens are cached', () => {
    expect(c.never.totalUsd).toBeCloseTo((never * 1000) / 3, 12);
    expect(c.never.offloaded).toBe(0);
    expect(c.never.deltaVsNeverPct).toBeCloseTo(0, 12);
    expect(c.never.carriedCacheHitPct).toBeCloseTo(80, 9);
  });

  it('size-only offloads all three; each offload carries its stub, its recall prompt and the re-cache', () => {
    const total = off1 + off2 + off3;
    expect(c.sizeOnly.totalUsd).toBeCloseTo((total * 1000) / 3, 12);
    expect(c.sizeOnly.offloaded).toBe(3);
    expect(c.sizeOnly.deltaVsNeverPct).toBeCloseTo((100 * (total - never)) / never, 9);
    // cached 240 + 240 + 120 of carried (300 + 300 + 920) + (300 + 2,000 + 920) + (150 + 920).
    expect(c.sizeOnly.carriedCacheHitPct).toBeCloseTo((100 * 600) / 5_810, 9);
  });

  it('the gate decides on the constant prior and its threshold: the 5,000 output stays inline', () => {
    const total = off1 + 0.014 + off3;
    expect(c.gate.totalUsd).toBeCloseTo((total * 1000) / 3, 12);
    expect(c.gate.offloaded).toBe(2);
    expect(c.gate.carriedCacheHitPct).toBeCloseTo((100 * (240 + 8_000 + 120)) / 12_590, 9);
  });
});

describe('comparePopulation: rules of SPEC §12', () => {
  it('a size of 0 has recall probability 1 when k > 0, and p when k = 0', () => {
    // Offloading a 0-token output (size-only at 0): cost stub·c·h + q·r.
    const zero = [{ sizeTokens: 0 }];
    const uncached = (k: number) =>
      comparePopulation(zero, inputs, 0, DEFAULT_PRICING, { recallElasticity: k }).sizeOnly
        .totalUsd;
    expect(uncached(1)).toBeCloseTo((150 * 5e-6 * 2 + 1 * 0.0175) * 1000, 12);
    expect(uncached(0)).toBeCloseTo((150 * 5e-6 * 2 + 0.3 * 0.0175) * 1000, 12);
  });

  it('with T = 0 every positive size has recall probability 0 when k > 0', () => {
    const t0 = resolveGateInputs({ ...inputs, largeOffloadThresholdTokens: 0 });
    const c = comparePopulation([{ sizeTokens: 500 }], t0, 0, DEFAULT_PRICING, {
      recallElasticity: 2,
    });
    expect(c.sizeOnly.totalUsd).toBeCloseTo(150 * 5e-6 * 2 * 1000, 12);
  });

  it('a never that costs nothing gives null deltas; nothing carried gives 0 %', () => {
    const h0 = resolveGateInputs({ ...inputs, horizon: 0 });
    const c = comparePopulation([{ sizeTokens: 50_000 }], h0, 0, DEFAULT_PRICING, assumptions);
    expect(c.never.deltaVsNeverPct).toBeNull();
    expect(c.sizeOnly.deltaVsNeverPct).toBeNull();
    expect(c.never.carriedCacheHitPct).toBe(0);
  });

  it.each<[string, PopulationOutput[], string, PopulationAssumptions, string]>([
    ['an empty population', [], 'claude-opus-4-6', {}, 'population'],
    ['an unpriced model', [{ sizeTokens: 1 }], 'nope', {}, 'modelName'],
    ['a negative size', [{ sizeTokens: -1 }], 'claude-opus-4-6', {}, 'population[0].sizeTokens'],
    ['a NaN size', [{ sizeTokens: NaN }], 'claude-opus-4-6', {}, 'population[0].sizeTokens'],
    [
      'a NaN horizon',
      [{ sizeTokens: 1, horizon: NaN }],
      'claude-opus-4-6',
      {},
      'population[0].horizon',
    ],
    [
      'a share above 1',
      [{ sizeTokens: 1 }],
      'claude-opus-4-6',
      { cacheHitShare: 1.5 },
      'cacheHitShare',
    ],
    [
      'a negative elasticity',
      [{ sizeTokens: 1 }],
      'claude-opus-4-6',
      { recallElasticity: -1 },
      'recallElasticity',
    ],
    [
      'a fractional tail',
      [{ sizeTokens: 1 }],
      'claude-opus-4-6',
      { tailTokens: 0.5 },
      'tailTokens',
    ],
  ])('%s is invalid input naming %s', (_label, outputs, modelName, a, field) => {
    let caught: unknown;
    try {
      comparePopulation(outputs, { ...inputs, modelName }, 1_000, DEFAULT_PRICING, a);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});
