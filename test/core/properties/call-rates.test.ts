// @vitest-environment node
/** Seeded property tests for the rates of one call (SPEC §1.1). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callRates, isCacheable } from '../../../src/core/call-rates.ts';
import type { PriceRow } from '../../../src/core/pricing.ts';

const RUNS = { seed: 1_101, numRuns: 500 } as const;
const priceArb = fc.double({ min: 0, max: 100, noNaN: true });
const optionalPrice = fc.option(priceArb, { nil: undefined });

const rowArb: fc.Arbitrary<PriceRow> = fc
  .record({
    input: priceArb,
    output: priceArb,
    cacheWrite: optionalPrice,
    cacheWrite1h: optionalPrice,
    cacheRead: optionalPrice,
    minCacheableTokens: fc.nat({ max: 10_000 }),
    tier: fc.record({
      thresholdTokens: fc.nat({ max: 300_000 }),
      input: priceArb,
      output: optionalPrice,
      cacheWrite: optionalPrice,
      cacheWrite1h: optionalPrice,
      cacheRead: optionalPrice,
    }),
  })
  .map(({ tier, ...fields }) => {
    const defined = <T extends object>(o: T) =>
      Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
    return { provider: 'p', ...defined(fields), longContext: defined(tier) } as PriceRow;
  });

describe('callRates properties', () => {
  it('a call above the threshold bills every rate at the tier; at or below it, at the row', () => {
    fc.assert(
      fc.property(rowArb, fc.nat({ max: 400_000 }), (row, prompt) => {
        const tier = row.longContext!;
        const rates = callRates(row, prompt);
        const above = prompt > tier.thresholdTokens;
        expect(rates.longContext).toBe(above);
        // The rates of this call before §1's fallbacks: the tier's, else the row's own.
        const pick = (key: 'output' | 'cacheRead' | 'cacheWrite' | 'cacheWrite1h') =>
          (above ? tier[key] : undefined) ?? row[key];
        const input = above ? tier.input : row.input;
        const cacheWrite = pick('cacheWrite') ?? input;
        expect(rates.input).toBe(input / 1e6);
        expect(rates.output).toBe(pick('output')! / 1e6);
        expect(rates.cacheRead).toBe((pick('cacheRead') ?? input) / 1e6);
        expect(rates.cacheWrite).toBe(cacheWrite / 1e6);
        expect(rates.cacheWrite1h).toBe((pick('cacheWrite1h') ?? cacheWrite) / 1e6);
      }),
      RUNS,
    );
  });

  it('a prompt is cacheable exactly when it has at least minCacheableTokens tokens', () => {
    fc.assert(
      fc.property(rowArb, fc.nat({ max: 20_000 }), (row, prompt) => {
        expect(isCacheable(row, prompt)).toBe(prompt >= row.minCacheableTokens!);
      }),
      RUNS,
    );
  });
});
