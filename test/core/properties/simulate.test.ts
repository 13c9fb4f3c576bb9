// @vitest-environment node
/** Seeded property tests for the routing simulation (SPEC §8, simulation). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { REVISION_1_PRICING } from '../../helpers/pricing.ts';
import type { ModelConfig, Policy, Strategy } from '../../../src/core/resolver/types.ts';
import {
  simulateRouting,
  type RoutingScenario,
  type SimHop,
  type SimTurn,
} from '../../../src/core/routing/simulate.ts';

const RUNS = { seed: 5_300, numRuns: 250 } as const;

const MODELS = [
  'claude-opus-4-6',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'gpt-4.1',
  'gpt-5-mini',
];
const TOOLS = ['search', 'sql'];
const modelArb: fc.Arbitrary<ModelConfig> = fc.record({
  model: fc.constantFrom(...MODELS),
  thinking: fc.boolean(),
});

function hopArb(maxSeconds: number): fc.Arbitrary<SimHop> {
  return fc.record({
    outputTokens: fc.nat(3000),
    thinkingTokens: fc.nat(4000),
    toolResultTokens: fc.oneof(fc.constant(0), fc.nat(20_000)),
    latencySeconds: fc.double({ min: 0, max: maxSeconds, maxExcluded: true, noNaN: true }),
    forcedTool: fc.option(fc.constantFrom(...TOOLS), { nil: null }),
  });
}

function turnArb(maxSeconds: number, minHops: number): fc.Arbitrary<SimTurn> {
  return fc.record({
    gapSeconds: fc.double({ min: 0, max: maxSeconds, maxExcluded: true, noNaN: true }),
    userTokens: fc.nat(3000),
    complexity: fc.constantFrom('simple' as const, 'complex' as const),
    toolNames: fc.option(fc.subarray(TOOLS), { nil: null }),
    hops: fc.array(hopArb(maxSeconds), { minLength: minHops, maxLength: 5 }),
  });
}

const strategyArb: fc.Arbitrary<Strategy> = fc.oneof(
  fc.constant<Strategy>({ kind: 'none' }),
  modelArb.map((model): Strategy => ({ kind: 'fixed', model })),
  fc.constantFrom(...MODELS).map((model): Strategy => ({ kind: 'hopAware', model })),
  fc
    .tuple(modelArb, modelArb, fc.double({ min: 0, max: 0.01, noNaN: true }))
    .map(([complex, simple, classifierUsd]): Strategy => ({
      kind: 'complexity',
      complex,
      simple,
      classifierUsd,
    })),
  fc.tuple(modelArb, fc.nat(900)).map(([model, ttlSeconds]): Strategy => ({
    kind: 'sticky',
    inner: { kind: 'fixed', model },
    ttlSeconds,
  })),
);
const policiesArb: fc.Arbitrary<Policy[]> = fc.array(
  fc.record({
    id: fc.constantFrom('a', 'b', 'c'),
    when: fc.oneof(
      fc.record({ hop: fc.record({ min: fc.nat(3) }) }),
      fc.record({ toolAvailable: fc.constantFrom(...TOOLS) }),
      fc.record({ forcedTool: fc.constantFrom(...TOOLS) }),
      fc.record({ complexity: fc.constantFrom('simple' as const, 'complex' as const) }),
    ),
    model: modelArb,
  }),
  { maxLength: 3 },
);

const scenarioArb: fc.Arbitrary<RoutingScenario> = fc.record({
  systemTokens: fc.nat(20_000),
  cacheTtlSeconds: fc.constantFrom(60, 300, 3600),
  thinkingInvalidatesCache: fc.boolean(),
  policies: policiesArb,
  strategy: strategyArb,
  defaultModel: modelArb,
  turns: fc.array(turnArb(900, 0), { maxLength: 6 }),
});

/** Relative 1e-9 of the larger magnitude, absolute 1e-12 near zero (SPEC §7). */
function expectClose(actual: number, expected: number): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(1e-12, 1e-9 * scale));
}

describe('simulateRouting properties', () => {
  it('the totals equal the sums of the hop records', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { hops, totals } = simulateRouting(scenario, DEFAULT_PRICING);
        const sum = (f: (h: (typeof hops)[number]) => number) => hops.reduce((s, h) => s + f(h), 0);
        expectClose(
          totals.totalUsd,
          sum((h) => h.totalUsd),
        );
        expectClose(
          totals.readUsd,
          sum((h) => h.readUsd),
        );
        expectClose(
          totals.writeUsd,
          sum((h) => h.writeUsd),
        );
        expectClose(
          totals.inputUsd,
          sum((h) => h.inputUsd),
        );
        expectClose(
          totals.outputUsd,
          sum((h) => h.outputUsd),
        );
        expectClose(
          totals.classifierUsd,
          sum((h) => h.classifierUsd),
        );
        const prompt = sum((h) => h.promptTokens);
        expectClose(totals.cacheHitRate, prompt > 0 ? sum((h) => h.cachedTokens) / prompt : 0);
        expect(totals.resolverCalls).toBe(sum((h) => h.resolverCalls));
        expect(totals.forceDropped).toBe(hops.filter((h) => h.forceDropped).length);
        expect(totals.modelSwitches).toBe(
          hops.filter((h, i) => i > 0 && hops[i - 1]!.model !== h.model).length,
        );
        // And each hop's total is the sum of its parts.
        for (const h of hops)
          expectClose(
            h.totalUsd,
            h.readUsd + h.writeUsd + h.inputUsd + h.outputUsd + h.classifierUsd,
          );
      }),
      RUNS,
    );
  });

  it('cachedTokens + writeTokens + uncachedTokens = promptTokens on every hop (SPEC §5.1)', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { hops } = simulateRouting(scenario, DEFAULT_PRICING);
        for (const h of hops) {
          expect(h.cachedTokens + h.writeTokens + h.uncachedTokens).toBe(h.promptTokens);
          const row = DEFAULT_PRICING[h.model]!;
          // A prompt under the row's minimum is wholly uncached, else wholly cacheable.
          const short = h.promptTokens < (row.minCacheableTokens ?? 0);
          expect(h.uncachedTokens).toBe(short ? h.promptTokens : 0);
          expect(h.longContext).toBe(
            row.longContext !== undefined && h.promptTokens > row.longContext.thresholdTokens,
          );
        }
      }),
      RUNS,
    );
  });

  it('cachedTokens + writeTokens = promptTokens on every hop (revision-1 rows)', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { hops } = simulateRouting(scenario, REVISION_1_PRICING);
        expect(hops.length).toBe(scenario.turns.reduce((n, t) => n + t.hops.length, 0));
        for (const h of hops) {
          expect(h.cachedTokens + h.writeTokens).toBe(h.promptTokens);
          expect(h.cachedTokens).toBeGreaterThanOrEqual(0);
          expect(h.writeTokens).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        expect(simulateRouting(structuredClone(scenario), DEFAULT_PRICING)).toEqual(
          simulateRouting(scenario, DEFAULT_PRICING),
        );
      }),
      { ...RUNS, numRuns: 100 },
    );
  });

  it('with one model, no thinking changes and calls closer together than the TTL, each hop reads at least the previous prompt from cache', () => {
    // SPEC §8 says "every gap and latency below the TTL"; what the cache sees is
    // the time between two calls, the last latency plus the next gap. Drawing
    // both below TTL/2 (and every turn with a hop) keeps that below the TTL.
    const oneModelArb = fc
      .record({
        config: modelArb,
        ttl: fc.constantFrom(60, 300, 3600),
        systemTokens: fc.nat(20_000),
        thinkingInvalidatesCache: fc.boolean(),
        via: fc.constantFrom('default', 'fixed', 'policy', 'sticky'),
      })
      .chain(({ config, ttl, systemTokens, thinkingInvalidatesCache, via }) =>
        fc
          .array(turnArb(ttl / 2, 1), { minLength: 1, maxLength: 6 })
          .map((turns): RoutingScenario => ({
            systemTokens,
            cacheTtlSeconds: ttl,
            thinkingInvalidatesCache,
            policies: via === 'policy' ? [{ id: 'only', when: {}, model: config }] : [],
            strategy:
              via === 'fixed'
                ? { kind: 'fixed', model: config }
                : via === 'sticky'
                  ? { kind: 'sticky', inner: { kind: 'fixed', model: config }, ttlSeconds: ttl }
                  : { kind: 'none' },
            defaultModel: config,
            turns,
          })),
      );
    fc.assert(
      fc.property(oneModelArb, (scenario) => {
        // Revision-1 rows: with a minimum cacheable prompt a short prompt is not cached at all.
        const { hops } = simulateRouting(scenario, REVISION_1_PRICING);
        for (let i = 1; i < hops.length; i++) {
          expect(hops[i]!.model).toBe(hops[0]!.model);
          expect(hops[i]!.cachedTokens).toBeGreaterThanOrEqual(hops[i - 1]!.promptTokens);
        }
      }),
      RUNS,
    );
  });
});
