import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { readTraceFiles } from '../../../src/core/traces/index.ts';
import { analyseTraffic } from '../../../src/engine/traces/traffic-analysis.ts';
import {
  packCrossFigures,
  packReplayOutcome,
  MODELS_PER_PART,
  nextTask,
  packTrafficAnalysis,
  unpackCrossFigures,
  unpackReplayOutcome,
  unpackTrafficAnalysis,
} from '../../../src/engine/traces/worker-packing.ts';
import type {
  ReplayOutcome,
  TrafficAnalysis,
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

  it('packs the models seen of an analysis as JSON rows and unpacks the same analysis', async () => {
    const text = readFileSync(
      new URL('../../fixtures/traces/claude-code-gaps.jsonl', import.meta.url),
      'utf8',
    );
    const { calls } = readTraceFiles([{ name: 'gaps.jsonl', text }]);
    const renamed = calls.map((c, i) => (i === 0 ? { ...c, model: 'ft:\u202eunpriced' } : c));
    const analysis = analyseTraffic(renamed, DEFAULT_PRICING);
    expect(analysis.models.some((m) => m.priceRow === undefined)).toBe(true);
    expect(analysis.models.some((m) => m.priceRow !== undefined)).toBe(true);
    const packed = packTrafficAnalysis(analysis);
    expect(packed.packed).toBe(true);
    expect(packed.packed && 'models' in packed.analysis).toBe(false);
    const back = await unpackTrafficAnalysis(structuredClone(packed));
    expect(back).toEqual(analysis);
    // Key for key: an unpriced model keeps its priceRow key, as undefined.
    back.models.forEach((m, i) => expect(Object.keys(m)).toEqual(Object.keys(analysis.models[i]!)));
  });

  it('leaves an analysis with a number JSON cannot keep as it is', async () => {
    const analysis = {
      models: [
        {
          name: 'a',
          calls: 1,
          tokens: {
            inputTokens: Number.POSITIVE_INFINITY,
            cacheReadTokens: 0,
            cacheWrite5mTokens: 0,
            cacheWrite1hTokens: 0,
            outputTokens: 0,
          },
          priceRow: undefined,
        },
      ],
    } as unknown as TrafficAnalysis;
    const packed = packTrafficAnalysis(analysis);
    expect(packed).toEqual({ packed: false, analysis });
    expect(await unpackTrafficAnalysis(packed)).toBe(analysis);
  });

  it('sends many models in parts, unpacked one task each, in their order', async () => {
    const count = 2 * MODELS_PER_PART + 7;
    const models = Array.from({ length: count }, (_, i) => ({
      name: `ft:acme-${i}`,
      calls: count - i,
      tokens: {
        inputTokens: i,
        cacheReadTokens: 2 * i,
        cacheWrite5mTokens: 0,
        cacheWrite1hTokens: 1,
        outputTokens: 3,
      },
      priceRow: i % 3 === 0 ? 'claude-sonnet-4-5' : undefined,
    }));
    const analysis = { calls: count, models } as unknown as TrafficAnalysis;
    const packed = packTrafficAnalysis(analysis);
    expect(packed.packed && packed.modelsJson.length).toBe(3);
    let yields = 0;
    const back = await unpackTrafficAnalysis(structuredClone(packed), async () => {
      yields += 1;
      await nextTask();
    });
    expect(yields, 'the page runs between parts').toBe(2);
    expect(back).toEqual(analysis);
  });
});
