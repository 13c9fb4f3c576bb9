// @vitest-environment node
/**
 * Replays (SPEC §11): a worked example whose cache entries are followed by
 * hand, and seeded properties that hold for any trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricingTable } from '../../../src/core/pricing.ts';
import {
  billTrace,
  promptTokens,
  replayTrace,
  type TraceCall,
  PLAIN_CALL_FIELDS,
} from '../../../src/core/traces/index.ts';

const PRICES: PricingTable = {
  'claude-opus-4-6': {
    provider: 'anthropic',
    input: 5,
    output: 25,
    cacheWrite: 6.25,
    cacheWrite1h: 10,
    cacheRead: 0.5,
    minCacheableTokens: 4096,
  },
  'claude-sonnet-4-5': {
    provider: 'anthropic',
    input: 3,
    output: 15,
    cacheWrite: 3.75,
    cacheWrite1h: 6,
    cacheRead: 0.3,
    minCacheableTokens: 1024,
    longContext: {
      thresholdTokens: 200_000,
      input: 6,
      output: 22.5,
      cacheWrite: 7.5,
      cacheWrite1h: 12,
      cacheRead: 0.6,
    },
  },
  'gpt-4.1': { provider: 'openai', input: 2, output: 8, cacheRead: 0.5, minCacheableTokens: 1024 },
};

function call(
  callId: string,
  at: number,
  usage: Partial<TraceCall>,
  conversationId = 'conv',
): TraceCall {
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId,
    callId,
    at,
    model: 'claude-opus-4-6',
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 100,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: [],
    ...usage,
  };
}

// Prompts 5,000 → 6,000 → (a 400 s pause) 7,000 → compacted to 4,500 → 2,000 (below opus's 4,096).
const WORKED: TraceCall[] = [
  call('1', 0, { cacheWrite1hTokens: 5000 }),
  call('2', 60, { cacheReadTokens: 5000, cacheWrite1hTokens: 1000 }),
  call('3', 460, { cacheReadTokens: 6000, cacheWrite1hTokens: 1000 }),
  call('4', 470, { cacheReadTokens: 4000, cacheWrite1hTokens: 500 }),
  call('5', 480, { inputTokens: 2000 }),
];

describe('a worked replay', () => {
  it('with a 300 s TTL the pause goes cold and the compacted prompt reads nothing', () => {
    const { totals, calls } = replayTrace(WORKED, PRICES, { kind: 'whatIf', ttlSeconds: 300 });
    expect(calls.map((c) => [c.cachedTokens, c.writeTokens, c.uncachedTokens])).toEqual([
      [0, 5000, 0],
      [5000, 1000, 0],
      [0, 7000, 0],
      [0, 4500, 0],
      [0, 0, 2000],
    ]);
    expect(totals.totalUsd).toBeCloseTo(
      (5000 * 0.5 + 17_500 * 6.25 + 2000 * 5 + 500 * 25) / 1e6,
      12,
    );
  });

  it('with a 3,600 s TTL the pause stays warm and writes cost the 1-hour rate', () => {
    const { totals } = replayTrace(WORKED, PRICES, { kind: 'whatIf', ttlSeconds: 3600 });
    expect(totals).toMatchObject({
      cachedTokens: 11_000,
      writeTokens: 11_500,
      uncachedTokens: 2000,
    });
    expect(totals.totalUsd).toBeCloseTo(
      (11_000 * 0.5 + 11_500 * 10 + 2000 * 5 + 500 * 25) / 1e6,
      12,
    );
  });

  it('as run uses 3,600 s (the trace wrote 1-hour tokens) and lists the compaction as the difference', () => {
    const { calibration } = replayTrace(WORKED, PRICES, { kind: 'asRun' });
    expect(calibration).toMatchObject({ calls: 5, withinTwoPercent: 4, share: 0.8 });
    expect(calibration?.largestDifferences).toEqual([
      expect.objectContaining({
        callId: '4',
        predictedCachedTokens: 0,
        loggedCacheReadTokens: 4000,
        differenceTokens: 4000,
        cause: 'rewritten-prompt',
      }),
    ]);
  });

  it('a session that starts warm is named as such', () => {
    const warm = [call('1', 0, { cacheReadTokens: 8000, cacheWrite5mTokens: 100 })];
    const { calibration } = replayTrace(warm, PRICES, { kind: 'asRun' });
    expect(calibration?.largestDifferences[0]?.cause).toBe('warm-start');
  });

  it('a mapping keyed by the name as written moves only those calls; a target without a row is left out', () => {
    const mixed = [
      call('1', 0, { cacheWrite5mTokens: 5000 }),
      call('2', 1, { model: 'gpt-4.1', inputTokens: 2000 }),
    ];
    const mapped = replayTrace(mixed, PRICES, {
      kind: 'whatIf',
      ttlSeconds: 300,
      model: new Map([['gpt-4.1', 'nobody-prices-this']]),
    });
    expect(mapped.calls.map((c) => c.model)).toEqual(['claude-opus-4-6']);
    expect([...mapped.leftOut.unpriced]).toEqual([['nobody-prices-this', 1]]);
  });

  it('refuses a TTL that is not a positive number of seconds', () => {
    expect(() => replayTrace(WORKED, PRICES, { kind: 'whatIf', ttlSeconds: 0 })).toThrow(
      /ttlSeconds/,
    );
  });
});

const RUNS = { seed: 20_261_201, numRuns: 200 } as const;
const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5', 'gpt-4.1'] as const;

// Conversations whose logged cache reads are exactly what a provider with a
// 300 s cache would read: each call reads the previous prompt and writes the
// rest (5-minute), every prompt cacheable and growing, every gap under 300 s.
const consistentTraceArb = fc
  .array(
    fc.record({
      model: fc.constantFrom(...MODELS),
      steps: fc.array(
        fc.record({
          growth: fc.integer({ min: 0, max: 40_000 }),
          gap: fc.integer({ min: 0, max: 299 }),
          output: fc.integer({ min: 0, max: 4000 }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((conversations) => {
    const calls: TraceCall[] = [];
    conversations.forEach(({ model, steps }, c) => {
      let at = 1_000_000 + c;
      let previous = 0;
      steps.forEach(({ growth, gap, output }, i) => {
        const prompt = (i === 0 ? 4096 : previous) + growth;
        at += gap;
        calls.push({
          ...PLAIN_CALL_FIELDS,
          ...call(`${c}-${i}`, at, {}, `conv-${c}`),
          model,
          cacheReadTokens: previous,
          cacheWrite5mTokens: prompt - previous,
          outputTokens: output,
        });
        previous = prompt;
      });
    });
    return calls.sort((a, b) => a.at! - b.at!);
  });

// Any trace: prompts of any size and split, any gaps, any models.
const anyTraceArb = fc
  .array(
    fc.record({
      conversation: fc.constantFrom('a', 'b'),
      model: fc.constantFrom(...MODELS, 'claude-opus-4-6-20260101', 'unpriced-model'),
      gap: fc.integer({ min: 0, max: 4000 }),
      input: fc.integer({ min: 0, max: 30_000 }),
      read: fc.integer({ min: 0, max: 250_000 }),
      write5m: fc.integer({ min: 0, max: 20_000 }),
      write1h: fc.constantFrom(0, 0, 1500),
      output: fc.integer({ min: 0, max: 4000 }),
    }),
    { maxLength: 25 },
  )
  .map((rows) => {
    let at = 0;
    return rows.map((r, i) => {
      at += r.gap;
      return {
        ...call(String(i), at, {}, r.conversation),
        model: r.model,
        inputTokens: r.input,
        cacheReadTokens: r.read,
        cacheWrite5mTokens: r.write5m,
        cacheWrite1hTokens: r.write1h,
        outputTokens: r.output,
      };
    });
  });

describe('replay properties', () => {
  it('as run on a trace that read what the replay predicts costs exactly what was billed', () => {
    fc.assert(
      fc.property(consistentTraceArb, (calls) => {
        const replay = replayTrace(calls, PRICES, { kind: 'asRun' });
        expect(replay.calibration?.withinTwoPercent).toBe(calls.length);
        const billed = billTrace(calls, PRICES).totals.totalUsd;
        expect(replay.totals.totalUsd).toBeCloseTo(billed, 9);
      }),
      RUNS,
    );
  });

  it('every replayed call splits its prompt into cached, written and uncached, and totals are the sums', () => {
    fc.assert(
      fc.property(anyTraceArb, fc.constantFrom(300, 3600), (calls, ttlSeconds) => {
        const replay = replayTrace(calls, PRICES, { kind: 'whatIf', ttlSeconds });
        const prompts = new Map(calls.map((c) => [c.callId, promptTokens(c)]));
        let cached = 0;
        let cost = 0;
        for (const c of replay.calls) {
          expect(c.cachedTokens + c.writeTokens + c.uncachedTokens).toBe(prompts.get(c.callId));
          cached += c.cachedTokens;
          cost += c.costUsd;
        }
        expect(replay.totals.cachedTokens).toBe(cached);
        expect(replay.totals.totalUsd).toBeCloseTo(cost, 12);
        const leftOut = [...replay.leftOut.unpriced.values()].reduce((a, b) => a + b, 0);
        expect(replay.calls.length + leftOut).toBe(calls.length);
      }),
      RUNS,
    );
  });

  it('a longer TTL never reads less from the cache, call by call', () => {
    fc.assert(
      fc.property(anyTraceArb, (calls) => {
        const short = replayTrace(calls, PRICES, { kind: 'whatIf', ttlSeconds: 300 }).calls;
        const long = replayTrace(calls, PRICES, { kind: 'whatIf', ttlSeconds: 3600 }).calls;
        short.forEach((c, i) =>
          expect(long[i]!.cachedTokens).toBeGreaterThanOrEqual(c.cachedTokens),
        );
      }),
      RUNS,
    );
  });

  it('every call on a model without a price row leaves the whole trace out', () => {
    fc.assert(
      fc.property(anyTraceArb, (calls) => {
        const replay = replayTrace(calls, PRICES, {
          kind: 'whatIf',
          ttlSeconds: 300,
          model: 'mystery',
        });
        expect(replay.totals).toEqual({
          totalUsd: 0,
          cachedTokens: 0,
          writeTokens: 0,
          uncachedTokens: 0,
          toolFeesUsd: 0,
        });
        expect(replay.calls).toEqual([]);
      }),
      RUNS,
    );
  });
});
