// @vitest-environment node
/**
 * Seeded property tests for the policy comparison (SPEC §2.1). Revision 1's
 * figures are computed here from §2's formulas, independently of the core.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateOffloadGate, resolveGateInputs } from '../../../src/core/gate.ts';
import { comparePopulation, POPULATION_DEFAULTS } from '../../../src/core/population.ts';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';

const RUNS = { seed: 2_121, numRuns: 200 } as const;
const MODELS = Object.keys(DEFAULT_PRICING);

const gateArb = fc.record({
  modelName: fc.constantFrom(...MODELS),
  horizon: fc.double({ min: -2, max: 40, noNaN: true }),
  recallProbability: fc.double({ min: -0.2, max: 1.2, noNaN: true }),
  largeOffloadThresholdTokens: fc.nat({ max: 40_000 }),
  stubTokens: fc.nat({ max: 2_000 }),
  recallInputTokens: fc.nat({ max: 20_000 }),
  recallOutputTokens: fc.nat({ max: 2_000 }),
});
const sizesArb = fc.array(fc.double({ min: 0, max: 200_000, noNaN: true }), {
  minLength: 1,
  maxLength: 40,
});
const sizeOnlyArb = fc.nat({ max: 60_000 });

/** Relative 1e-9 of the larger magnitude, absolute 1e-12 near zero (SPEC §7). */
function expectClose(actual: number, expected: number): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(1e-12, 1e-9 * scale));
}

describe('comparePopulation properties', () => {
  it('with the §2.1 defaults it gives revision 1: one p, carry priced as uncached input', () => {
    fc.assert(
      fc.property(gateArb, sizesArb, sizeOnlyArb, (gate, sizes, sizeOnlyAt) => {
        const inputs = resolveGateInputs({ ...gate, outputTokens: 0 });
        const row = DEFAULT_PRICING[gate.modelName]!;
        const inRate = row.input / 1e6;
        const h = Math.max(0, Math.trunc(gate.horizon));
        const p = Math.min(1, Math.max(0, gate.recallProbability));
        const recall =
          p * (gate.recallInputTokens * inRate + (gate.recallOutputTokens * row.output) / 1e6);
        const offloaded = gate.stubTokens * inRate * h + recall;
        let never = 0;
        let sizeOnly = 0;
        let viaGate = 0;
        for (const s of sizes) {
          never += s * inRate * h;
          sizeOnly += s >= sizeOnlyAt ? offloaded : s * inRate * h;
          const fires = evaluateOffloadGate({ ...gate, outputTokens: s }, DEFAULT_PRICING).fire;
          viaGate += fires ? offloaded : s * inRate * h;
        }
        const scale = 1000 / sizes.length;
        const population = sizes.map((sizeTokens) => ({ sizeTokens }));
        for (const assumptions of [{}, POPULATION_DEFAULTS]) {
          const c = comparePopulation(population, inputs, sizeOnlyAt, DEFAULT_PRICING, assumptions);
          expectClose(c.never.totalUsd, never * scale);
          expectClose(c.sizeOnly.totalUsd, sizeOnly * scale);
          expectClose(c.gate.totalUsd, viaGate * scale);
          for (const policy of [c.never, c.sizeOnly, c.gate])
            expect(policy.carriedCacheHitPct).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('the uncached basis ignores the cache-hit share and the tail', () => {
    fc.assert(
      fc.property(
        gateArb,
        sizesArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 20_000 }),
        (gate, sizes, share, tail) => {
          const inputs = resolveGateInputs({ ...gate, outputTokens: 0 });
          const population = sizes.map((sizeTokens) => ({ sizeTokens }));
          const plain = comparePopulation(population, inputs, 5_000, DEFAULT_PRICING);
          const withIgnored = comparePopulation(population, inputs, 5_000, DEFAULT_PRICING, {
            carryBasis: 'uncached',
            cacheHitShare: share,
            tailTokens: tail,
          });
          expect(withIgnored).toEqual(plain);
        },
      ),
      RUNS,
    );
  });

  it('never offloads nothing, its delta is 0 (or null when it costs nothing), and the hit rate is a percentage', () => {
    fc.assert(
      fc.property(
        gateArb,
        sizesArb,
        sizeOnlyArb,
        fc.record({
          recallElasticity: fc.double({ min: 0, max: 3, noNaN: true }),
          carryBasis: fc.constantFrom('uncached' as const, 'cached' as const),
          cacheHitShare: fc.double({ min: 0, max: 1, noNaN: true }),
          tailTokens: fc.nat({ max: 20_000 }),
        }),
        (gate, sizes, sizeOnlyAt, assumptions) => {
          const inputs = resolveGateInputs({ ...gate, outputTokens: 0 });
          const c = comparePopulation(
            sizes.map((sizeTokens) => ({ sizeTokens })),
            inputs,
            sizeOnlyAt,
            DEFAULT_PRICING,
            assumptions,
          );
          expect(c.never.offloaded).toBe(0);
          if (c.never.totalUsd === 0) expect(c.never.deltaVsNeverPct).toBeNull();
          else expect(c.never.deltaVsNeverPct).toBe(0);
          for (const policy of [c.never, c.sizeOnly, c.gate]) {
            expect(policy.carriedCacheHitPct).toBeGreaterThanOrEqual(0);
            expect(policy.carriedCacheHitPct).toBeLessThanOrEqual(100 + 1e-9);
            expect(policy.offloaded).toBeLessThanOrEqual(sizes.length);
          }
        },
      ),
      RUNS,
    );
  });
});
