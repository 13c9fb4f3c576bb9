import { describe, expect, it } from 'vitest';
import {
  buffersOf,
  packCrossFigures,
  packRecords,
  packReplayOutcome,
  unpackCrossFigures,
  unpackRecords,
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
  it('packs records of one shape into columns, numbers in transferable arrays, and back', () => {
    const records = [hop(0), hop(1), hop(2)];
    const packed = packRecords(records)!;
    expect(packed.keys).toEqual(Object.keys(hop(0)));
    expect(packed.columns[packed.keys.indexOf('at')]).toBeInstanceOf(Float64Array);
    expect(packed.columns[packed.keys.indexOf('model')]).toEqual(records.map((r) => r.model));
    expect(buffersOf(packed)).toHaveLength(4);
    expect(unpackRecords(structuredClone(packed))).toEqual(records);
  });

  it('refuses records of different shapes', () => {
    expect(packRecords([{ a: 1 }, { b: 1 }])).toBeUndefined();
    expect(
      packRecords([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toBeUndefined();
  });

  it('packs the cross-tab population and unpacks the same figures', () => {
    const packed = packCrossFigures(figures);
    expect(Array.from(packed.population.columns[0] as Float64Array)).toEqual([1_200, 48_000.5, 7]);
    expect(unpackCrossFigures(structuredClone(packed))).toEqual(figures);
    const none = { ...figures, population: [] };
    expect(unpackCrossFigures(packCrossFigures(none))).toEqual(none);
  });

  it('packs a replay timeline and unpacks the same outcome', () => {
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
});
