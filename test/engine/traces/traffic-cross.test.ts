// The cross-tab figures of the traffic: the TTL question from the
// traffic's own gaps, its rates per day, and the gate priors fitted to its
// tool outputs.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import {
  billTrace,
  PLAIN_CALL_FIELDS,
  replayTrace,
  type TraceCall,
} from '../../../src/core/traces/index.ts';
import { crossTabFigures, fitPriors, median } from '../../../src/engine/traces/traffic-cross.ts';
import { analyseTtl, gapBinEdges } from '../../../src/engine/traces/traffic-ttl.ts';

let seq = 0;
function call(
  conversationId: string,
  at: number,
  prompt: number,
  patch: Partial<TraceCall> = {},
): TraceCall {
  seq += 1;
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId,
    callId: `c${seq}`,
    at,
    model: 'claude-sonnet-4-5',
    inputTokens: 10,
    cacheReadTokens: 0,
    cacheWrite5mTokens: prompt - 10,
    cacheWrite1hTokens: 0,
    outputTokens: 100,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: [],
    ...patch,
  };
}

const T0 = 1_775_000_000;
// Conversation a: gaps of 60 s, 400 s (past 5 minutes) and 4,000 s (past an hour).
// Conversation b: one haiku call between sonnet calls 200 s apart, so each model has its own gaps.
const CALLS: TraceCall[] = [
  call('a', T0, 5_000),
  call('b', T0 + 10, 6_000),
  call('a', T0 + 60, 5_200),
  call('b', T0 + 100, 6_000, { model: 'claude-haiku-4-5' }),
  call('b', T0 + 210, 6_300),
  call('a', T0 + 460, 5_400),
  call('a', T0 + 4_460, 5_600),
];

describe('gapBinEdges', () => {
  it('is log-spaced, ascending, with both TTLs as exact edges', () => {
    const edges = gapBinEdges();
    expect(edges).toContain(300);
    expect(edges).toContain(3600);
    for (let i = 1; i < edges.length; i++) {
      expect(edges[i]! / edges[i - 1]!).toBeCloseTo(12 ** (1 / 3), 9);
    }
    expect(edges[0]).toBeLessThan(1.5);
    expect(edges.at(-1)).toBeGreaterThan(86_400);
  });
});

describe('analyseTtl', () => {
  const ttl = analyseTtl(CALLS, DEFAULT_PRICING);

  it('bins every gap between consecutive calls of a conversation on the same model', () => {
    expect(ttl.models).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
    // Sonnet: a 60, 400, 4,000; b 200. Haiku: none (one call).
    expect(ttl.gaps).toBe(4);
    const sonnet = ttl.bins.map((b) => b.counts[0]!);
    expect(sonnet.reduce((s, n) => s + n, 0)).toBe(4);
    expect(ttl.bins.map((b) => b.counts[1]!).every((n) => n === 0)).toBe(true);
    const binOf = (gap: number) =>
      ttl.bins.findIndex(
        (b) => gap >= b.fromSeconds && (b.toSeconds === null || gap < b.toSeconds),
      );
    for (const gap of [60, 200, 400, 4_000]) expect(sonnet[binOf(gap)]).toBeGreaterThan(0);
    // The bin starting at 300 s holds the 400 s gap, the one ending there the 200 s gap.
    const at300 = ttl.bins.findIndex((b) => b.fromSeconds === 300);
    expect(sonnet[at300]).toBe(1);
    expect(sonnet[at300 - 1]).toBe(1);
  });

  it('counts the calls whose cache expired under each TTL, as the replay finds them cold', () => {
    const [five, hour] = ttl.choices;
    expect(five.ttlSeconds).toBe(300);
    expect(hour.ttlSeconds).toBe(3600);
    expect(five.expiredCalls).toBe(2);
    expect(hour.expiredCalls).toBe(1);
    expect(five.expiredShare).toBeCloseTo(2 / 7, 12);
    // Cross-check: the 5-minute replay reads nothing on exactly the listed calls among those with a warm predecessor.
    const replay = replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 300 });
    const listed = new Set(ttl.expired.map((e) => e.callId));
    const cold = replay.calls.filter((c) => c.cachedTokens === 0 && c.conversationId === 'a');
    expect(
      cold
        .map((c) => c.callId)
        .slice(1)
        .sort(),
    ).toEqual([...listed].sort());
    expect(ttl.expired.map((e) => [e.gapSeconds, e.expiredUnderOneHour])).toEqual([
      [4_000, true],
      [400, false],
    ]);
  });

  it('prices both TTLs with every call on its own model; the hour saves the re-writes here', () => {
    const [five, hour] = ttl.choices;
    expect(five.totalUsd).toBeCloseTo(
      replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 300 }).totals.totalUsd,
      12,
    );
    expect(hour.cacheHitShare).toBeGreaterThan(five.cacheHitShare);
  });

  it('leaves calls on unpriced models out', () => {
    const out = analyseTtl(
      [...CALLS, call('c', T0, 9_000, { model: 'mystery-1' })],
      DEFAULT_PRICING,
    );
    expect(out.calls).toBe(7);
  });
});

describe('fitPriors', () => {
  it('fits the median size, σ of ln size and the median horizon', () => {
    const priors = fitPriors([
      { sizeTokens: 100, horizon: 1 },
      { sizeTokens: 1_000, horizon: 4 },
      { sizeTokens: 10_000, horizon: 9 },
    ])!;
    expect(priors.outputs).toBe(3);
    expect(priors.medianTokens).toBe(1_000);
    expect(priors.sigma).toBeCloseTo(Math.log(10) * Math.sqrt(2 / 3), 12);
    expect(priors.medianHorizon).toBe(4);
  });

  it('leaves outputs of 0 tokens out of the size fit, and has none without a size', () => {
    expect(fitPriors([{ sizeTokens: 0, horizon: 2 }])).toBeUndefined();
    expect(
      fitPriors([
        { sizeTokens: 0, horizon: 2 },
        { sizeTokens: 50, horizon: 3 },
      ])?.sigma,
    ).toBe(0);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('crossTabFigures', () => {
  it('gives rates per day over the span, at least one day', () => {
    const withTools = CALLS.map((c, i) =>
      i === 2 ? { ...c, toolResults: [{ toolUseId: 't1', tokens: 3_000 }] } : c,
    );
    const short = crossTabFigures(withTools, DEFAULT_PRICING);
    expect(short.rates.spanDays).toBe(1);
    expect(short.rates.conversationsPerDay).toBe(2);
    expect(short.rates.callsPerDay).toBe(7);
    expect(short.rates.toolOutputsPerDay).toBe(1);
    // The tool output of a's second call is carried by it and a's two later calls.
    expect(short.population).toEqual([{ sizeTokens: 3_000, horizon: 3 }]);
    expect(short.rates.asBilledUsdPerDay).toBeCloseTo(short.asBilledUsd, 12);

    const long = crossTabFigures([...CALLS, call('z', T0 + 4 * 86_400, 2_000)], DEFAULT_PRICING);
    expect(long.rates.spanDays).toBe(4);
    expect(long.rates.conversationsPerDay).toBe(3 / 4);
    expect(long.rates.asBilledUsdPerDay).toBeCloseTo(long.asBilledUsd / 4, 12);
  });

  it('splits the rate by model and into the prompts, each within the whole', () => {
    const { rates } = crossTabFigures(CALLS, DEFAULT_PRICING);
    const billed = billTrace(CALLS, DEFAULT_PRICING).totals;
    expect(rates.promptsUsdPerDay).toBeCloseTo(
      billed.inputUsd + billed.cacheReadUsd + billed.cacheWrite5mUsd + billed.cacheWrite1hUsd,
      12,
    );
    expect(rates.promptsUsdPerDay).toBeLessThan(rates.asBilledUsdPerDay);
    expect(Object.keys(rates.byModelUsdPerDay).sort()).toEqual([
      'claude-haiku-4-5',
      'claude-sonnet-4-5',
    ]);
    const sum = Object.values(rates.byModelUsdPerDay).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(rates.asBilledUsdPerDay, 12);
    expect(rates.byModelUsdPerDay['claude-haiku-4-5']).toBeGreaterThan(0);
  });
});
