// @vitest-environment node
/**
 * The offload gate (seed 000; SPEC §2). Expected numbers are worked by hand
 * from the seed's formulas (opus-4-6: $5/M in, $25/M out); reason strings were
 * checked against a Python port of the seed, then written down as literals.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.ts';
import {
  GATE_DEFAULTS,
  clampProbability,
  effectiveHorizon,
  evaluateOffloadGate,
  gateReason,
  gateTerms,
  resolveGateInputs,
  type OffloadGateInputs,
} from '../../src/core/gate.ts';
import { DEFAULT_PRICING, type PricingTable } from '../../src/core/pricing.ts';

const MINUS = '\u2212';

function gate(inputs: OffloadGateInputs, pricing: PricingTable = DEFAULT_PRICING) {
  return evaluateOffloadGate(inputs, pricing);
}

describe('evaluateOffloadGate: worked examples', () => {
  it('A: a 40k-token output carried 6 turns on opus-4-6 fires', () => {
    // reprefill = 40,000 · $5/M · 6 = $1.20; stub = 150 · $5/M · 6 = $0.0045;
    // recall = 0.3 · (2,000 · $5/M + 300 · $25/M) = 0.3 · $0.0175 = $0.00525.
    const d = gate({
      outputTokens: 40_000,
      horizon: 6,
      recallProbability: 0.3,
      modelName: 'claude-opus-4-6',
    });
    expect(d.fire).toBe(true);
    expect(d.reprefillSavingUsd).toBeCloseTo(1.2, 12);
    expect(d.stubCarryCostUsd).toBeCloseTo(0.0045, 12);
    expect(d.expectedRecallHopCostUsd).toBeCloseTo(0.00525, 12);
    expect(d.netSavingUsd).toBeCloseTo(1.19025, 12);
    expect(d.reason).toBe(
      `net=$1.1903 (saving=$1.2000 ${MINUS} stub=$0.0045 ${MINUS} recall=$0.0053); H=6 p_recall=0.30 model=claude-opus-4-6`,
    );
  });

  it('B: a 3k-token output is below the large threshold and never fires', () => {
    expect(
      gate({
        outputTokens: 3000,
        horizon: 6,
        recallProbability: 0.3,
        modelName: 'claude-opus-4-6',
      }),
    ).toEqual({
      fire: false,
      netSavingUsd: 0,
      reprefillSavingUsd: 0,
      stubCarryCostUsd: 0,
      expectedRecallHopCostUsd: 0,
      reason: 'below large_offload_threshold (3000 < 10000 tokens)',
    });
  });

  it('a zero horizon leaves only the recall cost, and a negative net keeps its sign', () => {
    // recall = 0.5 · $0.0175 = $0.00875.
    const d = gate({
      outputTokens: 12_000,
      horizon: 0,
      recallProbability: 0.5,
      modelName: 'claude-opus-4-6',
    });
    expect(d.fire).toBe(false);
    expect(d.netSavingUsd).toBeCloseTo(-0.00875, 12);
    expect(d.reason).toBe(
      `net=$-0.0088 (saving=$0.0000 ${MINUS} stub=$0.0000 ${MINUS} recall=$0.0088); H=0 p_recall=0.50 model=claude-opus-4-6`,
    );
  });

  it('a net of exactly zero does not fire (strictly positive only)', () => {
    const d = gate({
      outputTokens: 10_000,
      horizon: 1,
      recallProbability: 0,
      modelName: 'claude-opus-4-6',
      stubTokens: 10_000,
    });
    expect(d.netSavingUsd).toBe(0);
    expect(d.fire).toBe(false);
  });
});

describe('evaluateOffloadGate: reason strings', () => {
  it.each<[string, OffloadGateInputs, string]>([
    [
      'exactly at the threshold is priced, not filtered',
      { outputTokens: 10_000, horizon: 3, recallProbability: 0.1, modelName: 'gpt-4.1' },
      `net=$0.0585 (saving=$0.0600 ${MINUS} stub=$0.0009 ${MINUS} recall=$0.0006); H=3 p_recall=0.10 model=gpt-4.1`,
    ],
    [
      'a size just below the threshold rounds up to it in the message (9999.5 → 10000, a tie to even)',
      { outputTokens: 9999.5, horizon: 3, recallProbability: 0.1, modelName: 'gpt-4.1' },
      'below large_offload_threshold (10000 < 10000 tokens)',
    ],
    [
      'a 2.5-token output prints as 2 (tie to even)',
      { outputTokens: 2.5, horizon: 1, recallProbability: 0.2, modelName: 'gpt-4.1' },
      'below large_offload_threshold (2 < 10000 tokens)',
    ],
    [
      'a custom threshold prints as an integer',
      {
        outputTokens: 4999,
        horizon: 1,
        recallProbability: 0.2,
        modelName: 'gpt-4.1',
        largeOffloadThresholdTokens: 5000,
      },
      'below large_offload_threshold (4999 < 5000 tokens)',
    ],
    [
      'a negative horizon is truncated toward zero, then floored at 0',
      { outputTokens: 10_000.4, horizon: -3.7, recallProbability: 0.1, modelName: 'gpt-4.1' },
      `net=$-0.0006 (saving=$0.0000 ${MINUS} stub=$0.0000 ${MINUS} recall=$0.0006); H=0 p_recall=0.10 model=gpt-4.1`,
    ],
    [
      'a negative recall probability is clamped to 0',
      { outputTokens: 15_000, horizon: 4, recallProbability: -0.2, modelName: 'gpt-4.1' },
      `net=$0.1188 (saving=$0.1200 ${MINUS} stub=$0.0012 ${MINUS} recall=$0.0000); H=4 p_recall=0.00 model=gpt-4.1`,
    ],
    [
      'p_recall 0.005 is binary 0.00500000000000000010…, so it prints 0.01',
      { outputTokens: 15_000, horizon: 4, recallProbability: 0.005, modelName: 'gpt-4.1' },
      `net=$0.1188 (saving=$0.1200 ${MINUS} stub=$0.0012 ${MINUS} recall=$0.0000); H=4 p_recall=0.01 model=gpt-4.1`,
    ],
    [
      'p_recall 0.015 is binary 0.01499…, so it prints 0.01 too',
      { outputTokens: 15_000, horizon: 4, recallProbability: 0.015, modelName: 'gpt-4.1' },
      `net=$0.1187 (saving=$0.1200 ${MINUS} stub=$0.0012 ${MINUS} recall=$0.0001); H=4 p_recall=0.01 model=gpt-4.1`,
    ],
    [
      'a recall probability above 1 is clamped to 1',
      { outputTokens: 11_000, horizon: 1, recallProbability: 7, modelName: 'claude-opus-4-6' },
      `net=$0.0368 (saving=$0.0550 ${MINUS} stub=$0.0008 ${MINUS} recall=$0.0175); H=1 p_recall=1.00 model=claude-opus-4-6`,
    ],
    [
      'opus-4-1 prices at $15/M in, $75/M out',
      { outputTokens: 25_000, horizon: 1, recallProbability: 1, modelName: 'claude-opus-4-1' },
      `net=$0.3202 (saving=$0.3750 ${MINUS} stub=$0.0023 ${MINUS} recall=$0.0525); H=1 p_recall=1.00 model=claude-opus-4-1`,
    ],
    [
      // Python's int prints every digit (strings checked against Python's %-format).
      'a horizon of 2^53 − 1 prints as a full integer',
      {
        outputTokens: 20_000,
        horizon: Number.MAX_SAFE_INTEGER,
        recallProbability: 0.5,
        modelName: 'claude-haiku-4-5',
      },
      `net=$178792905206608.6562 (saving=$180143985094819.8125 ${MINUS} stub=$1351079888211.1484 ${MINUS} recall=$0.0018); H=9007199254740991 p_recall=0.50 model=claude-haiku-4-5`,
    ],
    [
      'a size of 1e21 prints in fixed notation, every digit',
      {
        outputTokens: 1e21,
        horizon: 1,
        recallProbability: 0.5,
        modelName: 'claude-haiku-4-5',
      },
      `net=$1000000000000000.0000 (saving=$1000000000000000.0000 ${MINUS} stub=$0.0001 ${MINUS} recall=$0.0018); H=1 p_recall=0.50 model=claude-haiku-4-5`,
    ],
    [
      'a threshold of 2^53 − 1 prints as a full integer',
      {
        outputTokens: 5,
        horizon: 1,
        recallProbability: 0.5,
        modelName: 'gpt-4.1',
        largeOffloadThresholdTokens: Number.MAX_SAFE_INTEGER,
      },
      'below large_offload_threshold (5 < 9007199254740991 tokens)',
    ],
    [
      // SPEC §9: the gate is total over finite sizes, as the seed's function is.
      'a negative size is simply below the threshold',
      { outputTokens: -5, horizon: 3, recallProbability: 0.3, modelName: 'gpt-4.1' },
      'below large_offload_threshold (-5 < 10000 tokens)',
    ],
    [
      'an unpriced model is quoted like Python repr',
      { outputTokens: 50_000, horizon: 10, recallProbability: 0.1, modelName: 'mystery-model' },
      "no MODEL_PRICING row for 'mystery-model'",
    ],
    [
      'an apostrophe switches the quotes',
      { outputTokens: 30_000, horizon: 3, recallProbability: 0.1, modelName: "o'brien" },
      `no MODEL_PRICING row for "o'brien"`,
    ],
    [
      'a tab in the name is escaped',
      { outputTokens: 20_000, horizon: 2, recallProbability: 0.3, modelName: 'a\tb' },
      "no MODEL_PRICING row for 'a\\tb'",
    ],
    [
      'an inherited property name is not a pricing row',
      { outputTokens: 20_000, horizon: 2, recallProbability: 0.3, modelName: 'constructor' },
      "no MODEL_PRICING row for 'constructor'",
    ],
    [
      '__proto__ is not a pricing row either',
      { outputTokens: 20_000, horizon: 2, recallProbability: 0.3, modelName: '__proto__' },
      "no MODEL_PRICING row for '__proto__'",
    ],
  ])('%s', (_label, inputs, reason) => {
    expect(gate(inputs).reason).toBe(reason);
  });

  it('the below-threshold filter runs before the pricing lookup', () => {
    expect(
      gate({ outputTokens: 100, horizon: 5, recallProbability: 0, modelName: 'unknown' }).reason,
    ).toBe('below large_offload_threshold (100 < 10000 tokens)');
  });

  it('an unpriced model never fires and every term is zero', () => {
    const d = gate({ outputTokens: 1e9, horizon: 100, recallProbability: 0, modelName: 'nope' });
    expect(d).toMatchObject({
      fire: false,
      netSavingUsd: 0,
      reprefillSavingUsd: 0,
      stubCarryCostUsd: 0,
      expectedRecallHopCostUsd: 0,
    });
  });

  it('uses the pricing table it is given, not the defaults', () => {
    const pricing: PricingTable = { custom: { provider: 'x', input: 10, output: 0 } };
    // reprefill = 20,000 · $10/M · 2 = $0.40; stub = 150 · $10/M · 2 = $0.003;
    // recall = 0.5 · 2,000 · $10/M = $0.01; net = $0.387.
    const d = gate(
      { outputTokens: 20_000, horizon: 2, recallProbability: 0.5, modelName: 'custom' },
      pricing,
    );
    expect(d.netSavingUsd).toBeCloseTo(0.387, 12);
    expect(
      gate(
        { outputTokens: 20_000, horizon: 2, recallProbability: 0.5, modelName: 'gpt-5' },
        pricing,
      ).fire,
    ).toBe(false);
  });
});

describe('evaluateOffloadGate: validation names the field', () => {
  const base: OffloadGateInputs = {
    outputTokens: 20_000,
    horizon: 3,
    recallProbability: 0.2,
    modelName: 'gpt-4.1',
  };
  it.each<[string, Partial<Record<keyof OffloadGateInputs, unknown>>, string]>([
    ['NaN outputTokens', { outputTokens: NaN }, 'outputTokens'],
    ['infinite outputTokens', { outputTokens: Infinity }, 'outputTokens'],
    ['Infinity horizon', { horizon: Infinity }, 'horizon'],
    ['NaN horizon', { horizon: NaN }, 'horizon'],
    ['NaN recall probability', { recallProbability: NaN }, 'recallProbability'],
    ['a non-text model name', { modelName: 42 }, 'modelName'],
    ['fractional stubTokens', { stubTokens: 150.5 }, 'stubTokens'],
    ['negative stubTokens', { stubTokens: -150 }, 'stubTokens'],
    ['fractional threshold', { largeOffloadThresholdTokens: 0.5 }, 'largeOffloadThresholdTokens'],
    ['fractional recallInputTokens', { recallInputTokens: 1.25 }, 'recallInputTokens'],
    ['negative recallOutputTokens', { recallOutputTokens: -3 }, 'recallOutputTokens'],
    // SPEC §9: whole-token fields are safe integers, the horizon at most 2^53 − 1.
    ['a threshold of 1e21', { largeOffloadThresholdTokens: 1e21 }, 'largeOffloadThresholdTokens'],
    ['a stub past 2^53 − 1', { stubTokens: 2 ** 53 }, 'stubTokens'],
    ['a horizon past 2^53 − 1', { horizon: 2 ** 60 }, 'horizon'],
    ['string outputTokens', { outputTokens: '20000' }, 'outputTokens'],
  ])('%s is rejected naming %s', (_label, patch, field) => {
    const inputs = { ...base, ...patch } as OffloadGateInputs;
    let caught: unknown;
    try {
      gate(inputs);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
    expect((caught as InvalidInputError).message.startsWith(`${field}: `)).toBe(true);
  });

  it('out-of-range horizon and recall probability are clamped, not rejected', () => {
    expect(() => gate({ ...base, horizon: -5, recallProbability: 3 })).not.toThrow();
  });
});

describe('helpers', () => {
  it.each([
    [2.9, 2],
    [3, 3],
    [-0.5, 0],
    [-7, 0],
    [0, 0],
    [1e21, 1e21],
  ])('effectiveHorizon(%s) = %s', (horizon, h) => {
    expect(effectiveHorizon(horizon)).toBe(h);
  });

  it.each([
    [-0.1, 0],
    [0, 0],
    [0.3, 0.3],
    [1, 1],
    [1.7, 1],
  ])('clampProbability(%s) = %s', (p, clamped) => {
    expect(clampProbability(p)).toBe(clamped);
  });

  it('resolveGateInputs applies the explorer defaults', () => {
    expect(GATE_DEFAULTS).toEqual({
      largeOffloadThresholdTokens: 10_000,
      stubTokens: 150,
      recallInputTokens: 2_000,
      recallOutputTokens: 300,
    });
    expect(
      resolveGateInputs({ outputTokens: 1, horizon: 2, recallProbability: 0.5, modelName: 'm' }),
    ).toEqual({
      outputTokens: 1,
      horizon: 2,
      recallProbability: 0.5,
      modelName: 'm',
      largeOffloadThresholdTokens: 10_000,
      stubTokens: 150,
      recallInputTokens: 2_000,
      recallOutputTokens: 300,
    });
  });

  it('gateTerms agrees with the decision and reuses the object it is given', () => {
    const inputs = resolveGateInputs({
      outputTokens: 40_000,
      horizon: 6,
      recallProbability: 0.3,
      modelName: 'claude-opus-4-6',
    });
    const out = gateTerms(inputs, DEFAULT_PRICING);
    expect(out.outcome).toBe('priced');
    expect(out.horizonTurns).toBe(6);
    expect(out.recallProbability).toBe(0.3);
    const decision = evaluateOffloadGate(inputs, DEFAULT_PRICING);
    expect(out.netSavingUsd).toBe(decision.netSavingUsd);
    expect(gateReason(inputs, out)).toBe(decision.reason);

    const again = gateTerms({ ...inputs, outputTokens: 10 }, DEFAULT_PRICING, out);
    expect(again).toBe(out);
    expect(out).toMatchObject({ outcome: 'belowThreshold', fire: false, netSavingUsd: 0 });
    const unpriced = gateTerms({ ...inputs, modelName: 'nope' }, DEFAULT_PRICING, out);
    expect(unpriced).toMatchObject({ outcome: 'unpriced', fire: false, reprefillSavingUsd: 0 });
  });
});
