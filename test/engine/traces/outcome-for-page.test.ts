// @vitest-environment node
/**
 * What the page gets of a replay: the outcome itself while its lists of
 * models are short; past `MAX_LISTED_REPLAY_MODELS`, the models with the
 * most calls listed and the others counted, every figure unchanged.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { outcomeForPage, replayTraffic } from '../../../src/engine/traces/replay-service.ts';
import { MAX_LISTED_REPLAY_MODELS } from '../../../src/engine/traces/traffic-types.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';

const EVERY_CALL_ON_ITS_OWN = {
  scope: { kind: 'all' },
  choice: { model: { kind: 'map', mapping: [] }, ttlSeconds: null },
} as const;

describe('outcomeForPage', () => {
  it('is the outcome itself while its lists are short', () => {
    const calls = seededTraffic(3, 40, ['claude-opus-4-6', 'claude-haiku-4-5', 'no-such-model']);
    const outcome = replayTraffic(calls, DEFAULT_PRICING, EVERY_CALL_ON_ITS_OWN);
    expect(outcome.leftOut.length).toBeGreaterThan(0);
    expect(outcomeForPage(outcome)).toBe(outcome);
  });

  it('lists the models with the most calls past the limit and counts the others', () => {
    const models = Array.from({ length: MAX_LISTED_REPLAY_MODELS + 50 }, (_, i) => `ft:m-${i}`);
    const calls = seededTraffic(7, 600, models);
    const outcome = replayTraffic(calls, DEFAULT_PRICING, EVERY_CALL_ON_ITS_OWN);
    const page = outcomeForPage(outcome);
    const { leftOut, leftOutOthers, modelsSeen, modelsSeenOthers, ...figures } = page;
    const { leftOut: allLeftOut, modelsSeen: allSeen, ...same } = outcome;
    expect(figures).toEqual(same);
    const byCalls = [...allLeftOut].sort((a, b) => b.calls - a.calls);
    expect(leftOut).toEqual(byCalls.slice(0, MAX_LISTED_REPLAY_MODELS));
    const rest = byCalls.slice(MAX_LISTED_REPLAY_MODELS);
    expect(leftOutOthers).toEqual({
      models: rest.length,
      calls: rest.reduce((n, m) => n + m.calls, 0),
    });
    expect(modelsSeen).toEqual(allSeen.slice(0, MAX_LISTED_REPLAY_MODELS));
    expect(modelsSeenOthers?.models).toBe(allSeen.length - MAX_LISTED_REPLAY_MODELS);
    const listedCalls = leftOut.reduce((n, m) => n + m.calls, 0) + leftOutOthers!.calls;
    expect(listedCalls).toBe(allLeftOut.reduce((n, m) => n + m.calls, 0));
  });
});
