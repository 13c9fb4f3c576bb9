// @vitest-environment node
/**
 * Break-even views (SPEC §2). Expected values are worked by hand from the
 * formulas in the spec, with the default opus-4-6 ($5/M in, $25/M out) and
 * gpt-4.1 ($2/M in, $8/M out) rows.
 */
import { describe, expect, it } from 'vitest';
import { breakEven, firingSize } from '../../src/core/breakeven.ts';
import {
  evaluateOffloadGate,
  resolveGateInputs,
  type OffloadGateInputs,
} from '../../src/core/gate.ts';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';

const resolved = (inputs: OffloadGateInputs) => resolveGateInputs(inputs);

describe('breakEven', () => {
  it('opus-4-6, H=6, p=0.3, 40k tokens', () => {
    // hop = 2,000·$5/M + 300·$25/M = $0.0175; p·hop = $0.00525.
    // T* = 150 + 0.00525 / (5e-6 · 6) = 150 + 175 = 325 tokens.
    // H* = 0.00525 / (39,850 · 5e-6) = 0.00525 / 0.19925.
    // p* = 39,850 · 5e-6 · 6 / 0.0175 = 1.1955 / 0.0175.
    const b = breakEven(
      resolved({
        outputTokens: 40_000,
        horizon: 6,
        recallProbability: 0.3,
        modelName: 'claude-opus-4-6',
      }),
      DEFAULT_PRICING,
    );
    expect(b.sizeTokens).toBeCloseTo(325, 9);
    expect(b.horizonTurns).toBeCloseTo(0.00525 / 0.19925, 12);
    expect(b.recallProbability).toBeCloseTo(1.1955 / 0.0175, 9);
    expect(b.recallHopUsd).toBeCloseTo(0.0175, 15);
  });

  it('gpt-4.1, H=1, p=1: T* = 150 + 0.0064 / 2e-6 = 3,350 tokens', () => {
    const b = breakEven(
      resolved({ outputTokens: 12_000, horizon: 1, recallProbability: 1, modelName: 'gpt-4.1' }),
      DEFAULT_PRICING,
    );
    expect(b.sizeTokens).toBeCloseTo(3350, 9);
    // H* = 0.0064 / (11,850 · 2e-6) = 0.0064 / 0.0237.
    expect(b.horizonTurns).toBeCloseTo(0.0064 / 0.0237, 12);
    // p* = 11,850 · 2e-6 · 1 / 0.0064 = 0.0237 / 0.0064.
    expect(b.recallProbability).toBeCloseTo(0.0237 / 0.0064, 9);
  });

  it('uses the clamped recall probability and the truncated horizon', () => {
    const b = breakEven(
      resolved({ outputTokens: 12_000, horizon: 1.9, recallProbability: 4, modelName: 'gpt-4.1' }),
      DEFAULT_PRICING,
    );
    expect(b.sizeTokens).toBeCloseTo(3350, 9);
  });

  it.each<[string, OffloadGateInputs, Partial<Record<string, null>>]>([
    [
      'a zero horizon has no break-even size',
      { outputTokens: 40_000, horizon: 0, recallProbability: 0.3, modelName: 'gpt-4.1' },
      { sizeTokens: null },
    ],
    [
      'an output no larger than its stub has no break-even horizon',
      { outputTokens: 150, horizon: 3, recallProbability: 0.3, modelName: 'gpt-4.1' },
      { horizonTurns: null },
    ],
    [
      'a free recall hop has no break-even probability',
      {
        outputTokens: 40_000,
        horizon: 3,
        recallProbability: 0.3,
        modelName: 'gpt-4.1',
        recallInputTokens: 0,
        recallOutputTokens: 0,
      },
      { recallProbability: null },
    ],
    [
      'an unpriced model has none of them',
      { outputTokens: 40_000, horizon: 3, recallProbability: 0.3, modelName: 'nope' },
      { sizeTokens: null, horizonTurns: null, recallProbability: null, recallHopUsd: null },
    ],
  ])('%s', (_label, inputs, expected) => {
    expect(breakEven(resolved(inputs), DEFAULT_PRICING)).toMatchObject(expected);
  });

  it('a model with free input has no break-even size or horizon', () => {
    const pricing = { free: { provider: 'x', input: 0, output: 10 } };
    const b = breakEven(
      resolved({ outputTokens: 40_000, horizon: 3, recallProbability: 0.3, modelName: 'free' }),
      pricing,
    );
    expect(b.sizeTokens).toBeNull();
    expect(b.horizonTurns).toBeNull();
    // hop = 300 · $10/M = $0.003; p* = 0 (no saving to be had).
    expect(b.recallProbability).toBe(0);
  });

  it('with no recall cost the break-even size is the stub', () => {
    const b = breakEven(
      resolved({ outputTokens: 40_000, horizon: 3, recallProbability: 0, modelName: 'gpt-4.1' }),
      DEFAULT_PRICING,
    );
    expect(b.sizeTokens).toBe(150);
    expect(b.horizonTurns).toBe(0);
  });
});

describe('firingSize', () => {
  it('is the threshold when T* is below it', () => {
    const inputs = resolved({
      outputTokens: 1,
      horizon: 6,
      recallProbability: 0.3,
      modelName: 'claude-opus-4-6',
    });
    expect(firingSize(inputs, DEFAULT_PRICING)).toBe(10_000);
  });

  it('is T* when T* is above the threshold', () => {
    const inputs = resolved({
      outputTokens: 1,
      horizon: 1,
      recallProbability: 1,
      modelName: 'gpt-4.1',
      largeOffloadThresholdTokens: 1000,
    });
    expect(firingSize(inputs, DEFAULT_PRICING)).toBeCloseTo(3350, 9);
  });

  it('is null when the gate can never fire', () => {
    const inputs = resolved({
      outputTokens: 1,
      horizon: 0,
      recallProbability: 1,
      modelName: 'gpt-4.1',
    });
    expect(firingSize(inputs, DEFAULT_PRICING)).toBeNull();
    expect(firingSize({ ...inputs, horizon: 3, modelName: 'nope' }, DEFAULT_PRICING)).toBeNull();
  });

  it.each([
    ['just below T*', 3340, false],
    ['just above T*', 3360, true],
    ['far above T*', 50_000, true],
  ])('agrees with the gate %s', (_label, size, fires) => {
    const inputs: OffloadGateInputs = {
      outputTokens: size,
      horizon: 1,
      recallProbability: 1,
      modelName: 'gpt-4.1',
      largeOffloadThresholdTokens: 1000,
    };
    expect(evaluateOffloadGate(inputs, DEFAULT_PRICING).fire).toBe(fires);
  });
});
