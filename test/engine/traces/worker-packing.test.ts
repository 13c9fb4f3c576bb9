import { describe, expect, it } from 'vitest';
import {
  packCrossFigures,
  packReplayOutcome,
  unpackCrossFigures,
  unpackReplayOutcome,
} from '../../../src/engine/traces/worker-packing.ts';
import type {
  ReplayOutcome,
  TrafficCrossFigures,
} from '../../../src/engine/traces/traffic-types.ts';

const figures = {
  calls: 3,
  conversations: 1,
  firstAt: 1_700_000_000,
  lastAt: 1_700_000_600,
  asBilledUsd: 0.25,
  rates: {
    spanDays: 1,
    conversationsPerDay: 1,
    callsPerDay: 3,
    toolOutputsPerDay: 3,
    asBilledUsdPerDay: 0.25,
    promptsUsdPerDay: 0.2,
    byModelUsdPerDay: { 'claude-sonnet-4-5': 0.25 },
  },
  priors: undefined,
  population: [
    { sizeTokens: 1_200, horizon: 2 },
    { sizeTokens: 48_000.5, horizon: 0 },
    { sizeTokens: 7, horizon: 11 },
  ],
  ttl: { models: [], bins: [], gaps: 0, calls: 0, choices: [], expired: [] },
} as unknown as TrafficCrossFigures;

const hop = (i: number) => ({
  turn: i,
  hop: 0,
  at: i * 60.5,
  model: i % 2 === 0 ? 'claude-haiku-4-5' : 'claude-opus-4-6',
  thinking: i % 3 === 0,
  totalUsd: 0.001 * i,
  cache: i === 0 ? 'cold' : 'warm',
});

describe('worker-packing', () => {
  it('packs the cross-tab population into two columns and unpacks the same figures', () => {
    const packed = packCrossFigures(figures);
    expect(Array.from(packed.populationSizes)).toEqual([1_200, 48_000.5, 7]);
    expect(Array.from(packed.populationHorizons)).toEqual([2, 0, 11]);
    expect('population' in packed).toBe(false);
    expect(unpackCrossFigures(structuredClone(packed))).toEqual(figures);
    const none = { ...figures, population: [] };
    expect(unpackCrossFigures(packCrossFigures(none))).toEqual(none);
  });

  it('packs a replay timeline as JSON and unpacks the same outcome', () => {
    const outcome = {
      scopeCalls: 3,
      choiceText: 'every call on claude-haiku-4-5',
      timeline: { hops: [hop(0), hop(1), hop(2)], totalCalls: 3 },
    } as unknown as ReplayOutcome;
    const packed = packReplayOutcome(outcome);
    expect(packed.packed).toBe(true);
    expect(unpackReplayOutcome(structuredClone(packed))).toEqual(outcome);
    const empty = { ...outcome, timeline: { hops: [], totalCalls: 0 } };
    expect(unpackReplayOutcome(packReplayOutcome(empty))).toEqual(empty);
  });

  it('sends hops JSON would change (an infinite amount) as they are', () => {
    const odd = {
      scopeCalls: 1,
      timeline: { hops: [{ ...hop(1), totalUsd: Infinity }], totalCalls: 1 },
    } as unknown as ReplayOutcome;
    const packed = packReplayOutcome(odd);
    expect(packed.packed).toBe(false);
    expect(unpackReplayOutcome(structuredClone(packed))).toEqual(odd);
  });
});
