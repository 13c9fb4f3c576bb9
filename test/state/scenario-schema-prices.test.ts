// @vitest-environment node
/** The price-row part of the scenario schema, revision 2 (SPEC §1.1). */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/state/scenario-schema.ts';

const withRows = (rows: unknown[]) => ({ v: 1, prices: { rows } });
const base = { model: 'm', provider: 'p', input: 1, output: 2 };

describe('scenario schema: price rows', () => {
  it('keeps the minimum cacheable prompt and the long-context tier', () => {
    const tier = { thresholdTokens: 200_000, input: 2, output: 4, cacheRead: 0.2 };
    const parsed = parseScenario(
      withRows([{ ...base, minCacheableTokens: 1024, longContext: tier }]),
    );
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.prices.rows[0]).toEqual({
        ...base,
        minCacheableTokens: 1024,
        longContext: tier,
      });
    }
  });

  it('still reads a row written before revision 2', () => {
    const parsed = parseScenario(withRows([base]));
    expect(parsed.ok && parsed.data.prices.rows[0]).toEqual(base);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a fractional minimum', { minCacheableTokens: 1.5 }, 'prices.rows[0].minCacheableTokens'],
    ['a negative minimum', { minCacheableTokens: -1 }, 'prices.rows[0].minCacheableTokens'],
    [
      'a minimum past 1,000,000,000',
      { minCacheableTokens: 2e9 },
      'prices.rows[0].minCacheableTokens',
    ],
    [
      'a tier without an input price',
      { longContext: { thresholdTokens: 1000 } },
      'prices.rows[0].longContext.input',
    ],
    [
      'a tier with a negative price',
      { longContext: { thresholdTokens: 1000, input: 1, cacheRead: -1 } },
      'prices.rows[0].longContext.cacheRead',
    ],
    [
      'a fractional threshold',
      { longContext: { thresholdTokens: 0.5, input: 1 } },
      'prices.rows[0].longContext.thresholdTokens',
    ],
  ])('refuses %s, naming the field', (_label, patch, field) => {
    const parsed = parseScenario(withRows([{ ...base, ...patch }]));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.startsWith(`${field}: `)).toBe(true);
  });
});
