import { describe, expect, it } from 'vitest';
import { packCrossFigures, unpackCrossFigures } from '../../../src/engine/traces/cross-packing.ts';
import type { TrafficCrossFigures } from '../../../src/engine/traces/traffic-types.ts';

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

describe('cross-packing', () => {
  it('packs the population into two columns and unpacks the same figures', () => {
    const packed = packCrossFigures(figures);
    expect(Array.from(packed.populationSizes)).toEqual([1_200, 48_000.5, 7]);
    expect(Array.from(packed.populationHorizons)).toEqual([2, 0, 11]);
    expect('population' in packed).toBe(false);
    expect(unpackCrossFigures(structuredClone(packed))).toEqual(figures);
  });

  it('keeps an empty population empty', () => {
    const none = { ...figures, population: [] };
    expect(unpackCrossFigures(packCrossFigures(none))).toEqual(none);
  });
});
