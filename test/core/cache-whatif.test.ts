// @vitest-environment node
/**
 * The cache-aware what-if (SPEC §2), worked by hand on the default rows:
 * opus-4-6 is $5/M in, $0.50/M cache read, $6.25/M 5-minute write; gpt-4.1
 * has no cache-write price, so its writes are priced as plain input ($2/M).
 */
import { describe, expect, it } from 'vitest';
import { cacheWhatIf } from '../../src/core/cache-whatif.ts';
import { resolveGateInputs, type OffloadGateInputs } from '../../src/core/gate.ts';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';

const inputs = (patch: Partial<OffloadGateInputs>) =>
  resolveGateInputs({
    outputTokens: 40_000,
    horizon: 6,
    recallProbability: 0.3,
    modelName: 'claude-opus-4-6',
    ...patch,
  });

describe('cacheWhatIf', () => {
  it.each<[string, Partial<OffloadGateInputs>, number, number, number, boolean]>([
    [
      // uncached = 39,850·5e-6·6 − 0.00525 = 1.1955 − 0.00525
      // cached = 39,850·0.5e-6·6 − 0.00525 − 1,150·6.25e-6 = 0.11955 − 0.00525 − 0.0071875
      'a large output carried long: both bases say offload',
      {},
      1000,
      1.19025,
      0.1071125,
      false,
    ],
    [
      // uncached = 11,850·5e-6·1 − 0.5·0.0175 = 0.05925 − 0.00875
      // cached = 11,850·0.5e-6 − 0.00875 − 20,150·6.25e-6 = 0.005925 − 0.00875 − 0.12593750
      'a long tail to re-cache flips the verdict',
      { outputTokens: 12_000, horizon: 1, recallProbability: 0.5 },
      20_000,
      0.0505,
      -0.1287625,
      true,
    ],
    [
      // gpt-4.1: hop = 2,000·2e-6 + 300·8e-6 = 0.0064, recall = 0.3·0.0064 = 0.00192
      // uncached = 19,850·2e-6·2 − 0.00192 = 0.0794 − 0.00192
      // cached = 19,850·0.5e-6·2 − 0.00192 − 650·2e-6 = 0.01985 − 0.00192 − 0.0013
      'a row with no cache-write price writes at the input price',
      { outputTokens: 20_000, horizon: 2, modelName: 'gpt-4.1' },
      500,
      0.07748,
      0.01663,
      false,
    ],
    [
      // Ignores the threshold: 5,000 tokens still get both nets.
      // uncached = 4,850·5e-6·6 − 0.00525 = 0.1455 − 0.00525
      // cached = 4,850·0.5e-6·6 − 0.00525 − 150·6.25e-6 = 0.01455 − 0.00525 − 0.0009375
      'the threshold does not apply',
      { outputTokens: 5000 },
      0,
      0.14025,
      0.0083625,
      false,
    ],
  ])('%s', (_label, patch, tail, uncached, cached, disagrees) => {
    const w = cacheWhatIf(inputs(patch), tail, DEFAULT_PRICING);
    expect(w).not.toBeNull();
    expect(w!.uncachedNetUsd).toBeCloseTo(uncached, 12);
    expect(w!.cachedNetUsd).toBeCloseTo(cached, 12);
    expect(w!.disagrees).toBe(disagrees);
  });

  it('the uncached net equals the gate’s net above the threshold', () => {
    // The gate's net is reprefill − (stub + recall) = (size − stub)·in·h − recall.
    const w = cacheWhatIf(inputs({}), 0, DEFAULT_PRICING)!;
    expect(w.uncachedNetUsd).toBeCloseTo(1.19025, 12);
  });

  it('returns null for an unpriced model', () => {
    expect(cacheWhatIf(inputs({ modelName: 'nope' }), 100, DEFAULT_PRICING)).toBeNull();
  });

  it('with no cache prices at all, the two bases differ only by the re-cache cost', () => {
    const pricing = { plain: { provider: 'x', input: 4, output: 4 } };
    const w = cacheWhatIf(inputs({ modelName: 'plain' }), 850, pricing)!;
    // cached − uncached = −(150 + 850)·4e-6 = −0.004.
    expect(w.cachedNetUsd - w.uncachedNetUsd).toBeCloseTo(-0.004, 12);
  });
});
