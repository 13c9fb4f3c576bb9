// The gate's region over the traffic as it ran: each tool output priced on
// its own call's model, carried at that model's cache-read share as billed.
import { describe, expect, it } from 'vitest';
import { resolveGateInputs } from '../../../src/core/gate.ts';
import { DEFAULT_PRICING, perToken, priceRowFor } from '../../../src/core/pricing.ts';
import {
  billTrace,
  PLAIN_CALL_FIELDS,
  promptTokens,
  type TraceCall,
} from '../../../src/core/traces/index.ts';
import { REGION_ELASTICITIES, REGION_RECALL_STEPS } from '../../../src/domain/recall-verdict.ts';
import {
  trafficGateRegion,
  type TrafficGateRegionRequest,
} from '../../../src/engine/traces/traffic-gate-region.ts';
import { DEFAULT_GATE } from '../../../src/model/gate.ts';

let seq = 0;
function call(
  conversationId: string,
  model: string,
  at: number,
  read: number,
  write: number,
  results: readonly number[] = [],
): TraceCall {
  seq += 1;
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId,
    callId: `c${seq}`,
    at,
    model,
    inputTokens: 50,
    cacheReadTokens: read,
    cacheWrite5mTokens: write,
    cacheWrite1hTokens: 0,
    outputTokens: 300,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: results.map((tokens, i) => ({ toolUseId: `t${seq}-${i}`, tokens })),
  };
}

const DAY = 86_400;
const T0 = 1_775_000_000;
// Conversation a on sonnet, b on haiku with one call on a model no row prices.
const CALLS: TraceCall[] = [
  call('a', 'claude-sonnet-4-5', T0, 0, 8_000),
  call('a', 'claude-sonnet-4-5', T0 + 60, 8_000, 12_000, [12_000]),
  call('a', 'claude-sonnet-4-5', T0 + 120, 20_000, 3_000, [1_500, 30_000]),
  call('a', 'claude-sonnet-4-5', T0 + 180, 23_000, 31_000),
  call('b', 'claude-haiku-4-5', T0 + DAY, 0, 5_000, [6_000]),
  call('b', 'acme-private-model', T0 + DAY + 30, 5_000, 6_000, [9_000]),
  call('b', 'claude-haiku-4-5', T0 + 2 * DAY, 11_000, 2_000),
];

const REQUEST: TrafficGateRegionRequest = {
  population: DEFAULT_GATE.population,
  inputs: resolveGateInputs(DEFAULT_GATE),
  probabilities: REGION_RECALL_STEPS,
  elasticities: REGION_ELASTICITIES,
};

/** φ of a model, from the calls by hand. */
function phi(model: string): number {
  const on = CALLS.filter((c) => c.model === model);
  const read = on.reduce((n, c) => n + c.cacheReadTokens, 0);
  return read / on.reduce((n, c) => n + promptTokens(c), 0);
}

describe('the gate region over the traffic as it ran', () => {
  const region = trafficGateRegion(CALLS, DEFAULT_PRICING, REQUEST)!;

  it('groups the outputs by their call’s priced model and leaves the unpriced out', () => {
    expect(region.groups).toEqual([
      { model: 'claude-sonnet-4-5', outputs: 3, cacheHitShare: phi('claude-sonnet-4-5') },
      { model: 'claude-haiku-4-5', outputs: 1, cacheHitShare: phi('claude-haiku-4-5') },
    ]);
    expect(region.outputs).toBe(4);
    expect(region.unpricedOutputs).toBe(1);
    // Two days from the first call to the last.
    expect(region.outputsPerDay).toBeCloseTo(4 / 2, 12);
    expect(region.rows.map((r) => r.recallElasticity)).toEqual(REGION_ELASTICITIES);
    expect(region.rows[0]!.points.map((p) => p.recallProbability)).toEqual(REGION_RECALL_STEPS);
  });

  it('prices never offloading as each output carried on its own model at its φ (SPEC §2.1)', () => {
    // s · (φ·read + (1 − φ)·input) · h per output, h its later main-agent calls, by hand.
    const carried = [
      { model: 'claude-sonnet-4-5', s: 12_000, h: 3 },
      { model: 'claude-sonnet-4-5', s: 1_500, h: 2 },
      { model: 'claude-sonnet-4-5', s: 30_000, h: 2 },
      { model: 'claude-haiku-4-5', s: 6_000, h: 3 },
    ];
    const usd = carried.reduce((sum, o) => {
      const row = priceRowFor(DEFAULT_PRICING, o.model)!;
      const f = phi(o.model);
      const rate = f * perToken(row.cacheRead!) + (1 - f) * perToken(row.input);
      return sum + o.s * rate * o.h;
    }, 0);
    for (const row of region.rows) {
      for (const point of row.points) {
        expect((point.neverUsd * region.outputs) / 1000).toBeCloseTo(usd, 12);
      }
    }
  });

  it("prices never offloading the same whatever the gate's settings (one point is enough)", () => {
    const other: TrafficGateRegionRequest = {
      population: { ...DEFAULT_GATE.population, sizeOnlyThresholdTokens: 500, tailTokens: 9_000 },
      inputs: resolveGateInputs({
        ...DEFAULT_GATE,
        stubTokens: 900,
        recallInputTokens: 50_000,
        largeOffloadThresholdTokens: 100,
        modelName: 'claude-haiku-4-5',
      }),
      probabilities: [0],
      elasticities: [0],
    };
    const point = trafficGateRegion(CALLS, DEFAULT_PRICING, other)!.rows[0]!.points[0]!;
    expect(point.neverUsd).toBeCloseTo(region.rows[3]!.points[7]!.neverUsd, 12);
  });

  it('never carries more than the prompts the bill charged', () => {
    // The carry of never offloading is a part of the priced calls' prompt cost.
    const billed = billTrace(
      CALLS.filter((c) => c.model !== 'acme-private-model'),
      DEFAULT_PRICING,
    ).totals;
    const prompts = billed.inputUsd + billed.cacheReadUsd + billed.cacheWrite5mUsd;
    const never = (region.rows[0]!.points[0]!.neverUsd * region.outputs) / 1000;
    expect(never).toBeGreaterThan(0);
    expect(never).toBeLessThan(prompts);
  });

  it('is undefined when no priced call read a tool output', () => {
    expect(trafficGateRegion(CALLS.slice(0, 1), DEFAULT_PRICING, REQUEST)).toBeUndefined();
    expect(trafficGateRegion([CALLS[5]!], DEFAULT_PRICING, REQUEST)).toBeUndefined();
  });
});
