// @vitest-environment node
/**
 * Policy comparison over a population of tool outputs (SPEC §2). Quantiles
 * are from Python's statistics.NormalDist().inv_cdf; costs are worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.ts';
import { resolveGateInputs, type OffloadGateInputs } from '../../src/core/gate.ts';
import {
  POPULATION_SIZE,
  comparePolicies,
  inverseNormalCdf,
  logNormalPopulation,
  parseSizes,
} from '../../src/core/population.ts';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';

describe('inverseNormalCdf', () => {
  it.each([
    [0.975, 1.959963984540054],
    [0.5, 0],
    [0.8413447460685429, 1],
    [0.02275013194817921, -2],
    [0.25, -0.6744897501960817],
    [0.9, 1.2815515655446008],
    [0.99, 2.3263478740408408],
    [0.01, -2.3263478740408408],
    [0.02425, -1.9729610513118845], // the tail/centre seam
    [0.001, -3.090232306167813],
    [0.999, 3.090232306167813],
    [0.0005, -3.2905267314918945],
    [0.9995, 3.2905267314919255],
    [1e-10, -6.361340902404056],
  ])('Φ⁻¹(%s) ≈ %s within 1e-15 relative (AS241, as Python; SPEC §12)', (p, z) => {
    expect(Math.abs(inverseNormalCdf(p) - z)).toBeLessThanOrEqual(1e-15 * Math.abs(z));
  });

  it.each([
    [0, -Infinity],
    [1, Infinity],
    [-0.1, NaN],
    [1.1, NaN],
    [NaN, NaN],
  ])('Φ⁻¹(%s) = %s at and beyond the ends', (p, z) => {
    expect(inverseNormalCdf(p)).toBe(z);
  });

  it('is increasing and antisymmetric about 0.5', () => {
    let previous = -Infinity;
    for (let i = 1; i < 1000; i++) {
      const p = i / 1000;
      const z = inverseNormalCdf(p);
      expect(z).toBeGreaterThan(previous);
      expect(Math.abs(z + inverseNormalCdf(1 - p))).toBeLessThan(1e-9);
      previous = z;
    }
  });
});

describe('logNormalPopulation', () => {
  it('has 1,000 increasing sizes whose middle pair straddles the median', () => {
    const sizes = logNormalPopulation(8000, 1.2);
    expect(POPULATION_SIZE).toBe(1000);
    expect(sizes).toHaveLength(1000);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeGreaterThan(sizes[i - 1]!);
    // Quantiles 0.4995 and 0.5005 are symmetric in log space: their geometric mean is m.
    expect(Math.sqrt(sizes[499]! * sizes[500]!)).toBeCloseTo(8000, 6);
    expect(sizes[499]!).toBeLessThan(8000);
    expect(sizes[500]!).toBeGreaterThan(8000);
  });

  it('with an odd count the middle size is exactly the median', () => {
    const sizes = logNormalPopulation(12_345, 0.8, 1001);
    expect(sizes[500]).toBe(12_345);
  });

  it('the extreme quantiles are m·exp(σ·Φ⁻¹(0.0005)) and m·exp(σ·Φ⁻¹(0.9995))', () => {
    const sizes = logNormalPopulation(1000, 1.5);
    expect(sizes[0]!).toBeCloseTo(7.1847820263090485, 6);
    expect(sizes[999]! / 139183.06725775008).toBeCloseTo(1, 8);
  });

  it('a zero spread gives a single size', () => {
    expect(new Set(logNormalPopulation(5000, 0))).toEqual(new Set([5000]));
  });

  it.each([
    ['a zero median', 0, 1, 'median output size'],
    ['a negative median', -5, 1, 'median output size'],
    ['a NaN median', NaN, 1, 'median output size'],
    ['a negative spread', 1000, -0.1, 'spread'],
    ['an infinite spread', 1000, Infinity, 'spread'],
  ])('rejects %s, naming the field', (_label, median, sigma, field) => {
    let caught: unknown;
    try {
      logNormalPopulation(median, sigma);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});

describe('comparePolicies', () => {
  const opus = (patch: Partial<OffloadGateInputs> = {}) =>
    resolveGateInputs({
      outputTokens: 0,
      horizon: 6,
      recallProbability: 0.3,
      modelName: 'claude-opus-4-6',
      ...patch,
    });

  it('prices three outputs by hand (opus-4-6, H=6, p=0.3)', () => {
    // inline = size · $5/M · 6: 5k → $0.15, 20k → $0.60, 100k → $3.00.
    // offloaded = 150 · $5/M · 6 + 0.3 · $0.0175 = $0.0045 + $0.00525 = $0.00975.
    const c = comparePolicies([5000, 20_000, 100_000], opus(), 10_000, DEFAULT_PRICING);
    expect(c).not.toBeNull();
    const scale = 1000 / 3;
    expect(c!.neverOffloadUsd).toBeCloseTo(3.75 * scale, 9);
    expect(c!.sizeOnlyUsd).toBeCloseTo((0.15 + 2 * 0.00975) * scale, 9);
    expect(c!.netSavingGateUsd).toBeCloseTo((0.15 + 2 * 0.00975) * scale, 9);
    expect(c!.sizeOnlyOffloaded).toBe(2);
    expect(c!.gateOffloaded).toBe(2);
    expect(c!.populationSize).toBe(3);
  });

  it('size-only offload loses money where the gate declines', () => {
    // H=1, p=1, a 20,000-token recall prompt: recall = 20,000·$5/M + 300·$25/M = $0.1075.
    // A 10,000-token output inline costs $0.05; offloaded $0.00075 + $0.1075 = $0.10825.
    const inputs = opus({ horizon: 1, recallProbability: 1, recallInputTokens: 20_000 });
    const c = comparePolicies([10_000], inputs, 10_000, DEFAULT_PRICING)!;
    expect(c.neverOffloadUsd).toBeCloseTo(50, 9);
    expect(c.sizeOnlyUsd).toBeCloseTo(108.25, 9);
    expect(c.netSavingGateUsd).toBeCloseTo(50, 9);
    expect(c.sizeOnlyOffloaded).toBe(1);
    expect(c.gateOffloaded).toBe(0);
  });

  it('the gate keeps small outputs inline even where offloading them would pay', () => {
    // 5,000 tokens at H=6 on opus: inline $0.15 vs offloaded $0.00975, but below the 10k threshold.
    const c = comparePolicies([5000], opus(), 1000, DEFAULT_PRICING)!;
    expect(c.sizeOnlyOffloaded).toBe(1);
    expect(c.gateOffloaded).toBe(0);
    expect(c.sizeOnlyUsd).toBeLessThan(c.netSavingGateUsd);
  });

  it('over a log-normal population the gate is never costlier than never offloading, nor than size-only at its own threshold', () => {
    for (const [median, sigma, horizon, p] of [
      [8000, 1.2, 6, 0.3],
      [20_000, 0.5, 1, 1],
      [3000, 2, 0, 0.5],
      [50_000, 1, 20, 0.9],
    ] as const) {
      const inputs = opus({ horizon, recallProbability: p });
      const sizes = logNormalPopulation(median, sigma);
      const c = comparePolicies(
        sizes,
        inputs,
        inputs.largeOffloadThresholdTokens,
        DEFAULT_PRICING,
      )!;
      expect(c.netSavingGateUsd).toBeLessThanOrEqual(c.neverOffloadUsd);
      expect(c.netSavingGateUsd).toBeLessThanOrEqual(c.sizeOnlyUsd);
      expect(c.gateOffloaded).toBeLessThanOrEqual(c.sizeOnlyOffloaded);
    }
  });

  it('returns null for an unpriced model or an empty population', () => {
    expect(comparePolicies([1, 2], opus({ modelName: 'nope' }), 10, DEFAULT_PRICING)).toBeNull();
    expect(comparePolicies([], opus(), 10, DEFAULT_PRICING)).toBeNull();
  });
});

describe('parseSizes', () => {
  it.each([
    ['1000, 2000, 3000', [1000, 2000, 3000]],
    ['1000\n2000\n\n3000\n', [1000, 2000, 3000]],
    ['  12.5 ; 7 ', [12.5, 7]],
    ['0', [0]],
    ['1e4 2e4', [10_000, 20_000]],
  ])('parses %j', (text, sizes) => {
    expect(parseSizes(text)).toEqual(sizes);
  });

  it.each([
    ['', 'pasted sizes'],
    [' , ,', 'pasted sizes'],
    ['100, abc', 'pasted sizes, entry 2'],
    ['-5', 'pasted sizes, entry 1'],
    ['1 2 Infinity', 'pasted sizes, entry 3'],
  ])('rejects %j naming %s', (text, field) => {
    let caught: unknown;
    try {
      parseSizes(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});
