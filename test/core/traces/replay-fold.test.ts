/**
 * The replay folded a conversation at a time (SPEC §11: no state crosses
 * conversations): `replayTrace` is `startReplay` over `conversationsOf`, a
 * conversation replayed alone gives the calls it gives in the whole trace,
 * and the calibration lists the largest differences as a stable sort of
 * all of them would.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import {
  conversationsOf,
  MAX_LISTED_DIFFERENCES,
  PLAIN_CALL_FIELDS,
  replayTrace,
  startReplay,
  type ReplayedCall,
  type ReplayPlan,
  type TraceCall,
} from '../../../src/core/traces/index.ts';

const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'unpriced-x'];

const callArb = fc.record({
  conversation: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  model: fc.constantFrom(...MODELS),
  gap: fc.integer({ min: 0, max: 4000 }),
  undated: fc.boolean(),
  input: fc.integer({ min: 0, max: 3000 }),
  read: fc.constantFrom(0, 2000, 20_000, 80_000),
  write5m: fc.integer({ min: 0, max: 20_000 }),
  write1h: fc.constantFrom(0, 0, 1500),
  output: fc.integer({ min: 0, max: 4000 }),
  reconciling: fc.constantFrom(false, false, false, true),
});

// Calls in a reader's order: dated by time, then the undated.
const traceArb = fc.array(callArb, { maxLength: 90 }).map((drawn) => {
  let at = 1_760_000_000;
  const calls: TraceCall[] = drawn.map((d, i) => {
    at += d.gap;
    return {
      ...PLAIN_CALL_FIELDS,
      conversationId: d.conversation,
      callId: `call-${i}`,
      at: d.undated ? null : at,
      model: d.model,
      inputTokens: d.input,
      cacheReadTokens: d.read,
      cacheWrite5mTokens: d.write5m,
      cacheWrite1hTokens: d.write1h,
      outputTokens: d.output,
      reasoningTokens: 0,
      sidechain: false,
      toolResults: [],
      kind: d.reconciling ? 'reconciling' : 'call',
    };
  });
  return [...calls.filter((c) => c.at !== null), ...calls.filter((c) => c.at === null)];
});

const PLANS: readonly ReplayPlan[] = [
  { kind: 'asRun' },
  { kind: 'whatIf', ttlSeconds: 300 },
  { kind: 'whatIf', model: 'claude-haiku-4-5', ttlSeconds: 3600 },
  { kind: 'whatIf', model: new Map([['claude-opus-4-6', 'unpriced-y']]), ttlSeconds: 300 },
];

describe('the replay, a conversation at a time', () => {
  it.each(PLANS.map((plan, i) => [i, plan] as const))(
    'plan %i: replayTrace is the fold of startReplay over conversationsOf',
    (_i, plan) => {
      fc.assert(
        fc.property(traceArb, (calls) => {
          const replay = startReplay(DEFAULT_PRICING, plan);
          const replayed: ReplayedCall[] = [];
          for (const conversation of conversationsOf(calls))
            replay.add(conversation, (call) => replayed.push(call));
          const whole = replayTrace(calls, DEFAULT_PRICING, plan);
          expect({ ...replay.summary(), calls: replayed }).toEqual(whole);
        }),
        { seed: 7, numRuns: 150 },
      );
    },
  );

  it('replays a conversation alone as it replays it in the whole trace', () => {
    fc.assert(
      fc.property(traceArb, fc.constantFrom(...PLANS), (calls, plan) => {
        const whole = replayTrace(calls, DEFAULT_PRICING, plan).calls;
        const alone = conversationsOf(calls).flatMap(
          (conversation) => replayTrace(conversation, DEFAULT_PRICING, plan).calls,
        );
        expect(alone).toEqual(whole);
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('lists the largest differences as a stable sort of all of them, cut at the limit', () => {
    fc.assert(
      fc.property(traceArb, (calls) => {
        const asRun = replayTrace(calls, DEFAULT_PRICING, { kind: 'asRun' });
        const expected = asRun.calls
          .map((c) => ({ callId: c.callId, difference: c.loggedCacheReadTokens - c.cachedTokens }))
          .filter((d, i) => Math.abs(d.difference) > 0.02 * asRun.calls[i]!.promptTokens)
          .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
          .slice(0, MAX_LISTED_DIFFERENCES);
        const listed = asRun.calibration!.largestDifferences.map((d) => ({
          callId: d.callId,
          difference: d.differenceTokens,
        }));
        expect(listed).toEqual(expected);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});
