// @vitest-environment node
/** The pricing table (SPEC §1). The default rows are copied from the spec's table. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICING,
  PRICING_SOURCE,
  cacheReadPrice,
  cacheWritePrice,
  perToken,
  priceRowFor,
  validatePriceRow,
  type PriceRow,
} from '../../src/core/pricing.ts';

type SpecRow = [string, string, number, number, number | null, number | null, number];

// SPEC §1: model | provider | input | output | cacheWrite | cacheWrite1h | cacheRead.
const SPEC_TABLE: SpecRow[] = [
  ['claude-opus-4-6', 'anthropic', 5, 25, 6.25, 10, 0.5],
  ['claude-opus-4-5', 'anthropic', 5, 25, 6.25, 10, 0.5],
  ['claude-opus-4-1', 'anthropic', 15, 75, 18.75, 30, 1.5],
  ['claude-sonnet-4-5', 'anthropic', 3, 15, 3.75, 6, 0.3],
  ['claude-haiku-4-5', 'anthropic', 1, 5, 1.25, 2, 0.1],
  ['gpt-4.1', 'openai', 2, 8, null, null, 0.5],
  ['gpt-4.1-mini', 'openai', 0.4, 1.6, null, null, 0.1],
  ['gpt-4.1-nano', 'openai', 0.1, 0.4, null, null, 0.025],
  ['gpt-5', 'openai', 1.25, 10, null, null, 0.125],
  ['gpt-5-mini', 'openai', 0.25, 2, null, null, 0.025],
  ['gemini-2.5-pro', 'google', 1.25, 10, null, null, 0.125],
  ['gemini-2.5-flash', 'google', 0.3, 2.5, null, null, 0.03],
];

// SPEC §1.1: model → [minCacheableTokens, longContext?].
const SONNET_TIER = {
  thresholdTokens: 200_000,
  input: 6,
  output: 22.5,
  cacheWrite: 7.5,
  cacheWrite1h: 12,
  cacheRead: 0.6,
};
const GEMINI_PRO_TIER = { thresholdTokens: 200_000, input: 2.5, output: 15, cacheRead: 0.25 };
const SPEC_BILLING: Record<string, [number, Record<string, number>?]> = {
  'claude-opus-4-6': [4096],
  'claude-opus-4-5': [4096],
  'claude-haiku-4-5': [4096],
  'claude-opus-4-1': [1024],
  'claude-sonnet-4-5': [1024, SONNET_TIER],
  'gpt-4.1': [1024],
  'gpt-4.1-mini': [1024],
  'gpt-4.1-nano': [1024],
  'gpt-5': [1024],
  'gpt-5-mini': [1024],
  'gemini-2.5-pro': [4096, GEMINI_PRO_TIER],
  'gemini-2.5-flash': [1024],
};

describe('DEFAULT_PRICING', () => {
  it('has exactly the spec’s twelve models', () => {
    expect(Object.keys(DEFAULT_PRICING).sort()).toEqual(SPEC_TABLE.map(([m]) => m).sort());
  });

  it.each(SPEC_TABLE)(
    '%s (%s) matches the spec',
    (model, provider, input, output, write, write1h, read) => {
      const expected: Record<string, unknown> = { provider, input, output, cacheRead: read };
      if (write !== null) expected['cacheWrite'] = write;
      if (write1h !== null) expected['cacheWrite1h'] = write1h;
      const billing = SPEC_BILLING[model];
      expected['minCacheableTokens'] = billing?.[0];
      if (billing?.[1] !== undefined) expected['longContext'] = billing[1];
      // SPEC §13.6: explicit for the Claude rows, automatic for the GPT and Gemini rows.
      expected['cacheMode'] = model.startsWith('claude-') ? 'explicit' : 'automatic';
      expect(DEFAULT_PRICING[model]).toEqual(expected);
    },
  );

  it('is frozen, rows included', () => {
    expect(Object.isFrozen(DEFAULT_PRICING)).toBe(true);
    expect(Object.isFrozen(DEFAULT_PRICING['gpt-5'])).toBe(true);
  });

  it('names its source and date', () => {
    expect(PRICING_SOURCE.description).toMatch(/Anthropic.*LiteLLM/);
    expect(PRICING_SOURCE.asOf).toBe('late 2026');
  });
});

describe('perToken', () => {
  it.each([
    [5, 5e-6],
    [0.025, 2.5e-8],
    [1_000_000, 1],
    [0, 0],
  ])('$%s per million is $%s per token', (perMillion, usd) => {
    expect(perToken(perMillion)).toBeCloseTo(usd, 20);
  });
});

describe('priceRowFor', () => {
  it('finds own rows', () => {
    expect(priceRowFor(DEFAULT_PRICING, 'gpt-5')?.input).toBe(1.25);
  });

  it.each(['unknown', 'toString', 'constructor', '__proto__', 'hasOwnProperty', ''])(
    'does not treat %j as a row',
    (name) => {
      expect(priceRowFor(DEFAULT_PRICING, name)).toBeUndefined();
    },
  );
});

describe('cache prices', () => {
  const full: PriceRow = {
    provider: 'anthropic',
    input: 3,
    output: 15,
    cacheWrite: 3.75,
    cacheWrite1h: 6,
    cacheRead: 0.3,
  };
  const fiveMinuteOnly: PriceRow = {
    provider: 'anthropic',
    input: 1,
    output: 5,
    cacheWrite: 1.25,
    cacheRead: 0.1,
  };
  const noCache: PriceRow = { provider: 'other', input: 2, output: 8 };

  it.each<[string, PriceRow, number, number]>([
    ['the 5-minute write at a 300 s TTL', full, 300, 3.75],
    ['the 1-hour write above 300 s', full, 301, 6],
    ['the 1-hour write at 3600 s', full, 3600, 6],
    ['the 5-minute write when there is no 1-hour price', fiveMinuteOnly, 3600, 1.25],
    ['plain input when there is no write price', noCache, 3600, 2],
    ['plain input at a short TTL too', noCache, 60, 2],
  ])('writes: %s', (_label, row, ttl, price) => {
    expect(cacheWritePrice(row, ttl)).toBe(price);
  });

  it('reads at the cache-read price, else plain input', () => {
    expect(cacheReadPrice(full)).toBe(0.3);
    expect(cacheReadPrice(noCache)).toBe(2);
  });
});

describe('validatePriceRow', () => {
  it.each([
    [{ effectiveFrom: '2026-11-04' }, []],
    [{ effectiveFrom: '2026-13-04' }, ['effectiveFrom']],
    [{ effectiveFrom: '4 Nov 2026' }, ['effectiveFrom']],
    [{ cacheMode: 'automatic', automaticCacheTtlSeconds: 3600 }, []],
    [{ cacheMode: 'implicit' }, ['cacheMode']],
    [{ automaticCacheTtlSeconds: 0 }, ['automaticCacheTtlSeconds']],
    [{ automaticCacheTtlSeconds: 1.5 }, ['automaticCacheTtlSeconds']],
    [{ toolFees: { web_search: 10, web_fetch: 0 } }, []],
    [{ toolFees: { web_search: -1 } }, ['toolFees.web_search']],
    [{ toolFees: [10] }, ['toolFees']],
  ])('checks the revision-3 fields of %j (SPEC §13.6)', (extra, fields) => {
    const problems = validatePriceRow('m', {
      provider: 'x',
      input: 1,
      output: 2,
      ...extra,
    } as unknown as PriceRow);
    expect(problems.map((p) => p.slice(0, p.indexOf(':')))).toEqual(fields);
  });

  it('accepts a valid row', () => {
    expect(
      validatePriceRow('m', {
        provider: 'x',
        input: 1,
        output: 2,
        cacheRead: 0,
        maxInputTokens: 200_000,
        minCacheableTokens: 0,
        longContext: { thresholdTokens: 0, input: 0, output: 0 },
      }),
    ).toEqual([]);
  });

  it('accepts every default row', () => {
    for (const [model, row] of Object.entries(DEFAULT_PRICING))
      expect(validatePriceRow(model, row)).toEqual([]);
  });

  it.each<[string, string, Record<string, unknown>, string[]]>([
    ['an empty name', ' ', { input: 1, output: 1 }, ['model name: must not be empty']],
    ['a missing input price', 'm', { output: 1 }, ['input: is required']],
    ['a missing output price', 'm', { input: 1 }, ['output: is required']],
    [
      'a negative price',
      'm',
      { input: -1, output: 1 },
      ['input: must be a price of 0 or more USD per million tokens'],
    ],
    [
      'a NaN cache read',
      'm',
      { input: 1, output: 1, cacheRead: NaN },
      ['cacheRead: must be a price of 0 or more USD per million tokens'],
    ],
    [
      'an infinite 1-hour write',
      'm',
      { input: 1, output: 1, cacheWrite1h: Infinity },
      ['cacheWrite1h: must be a price of 0 or more USD per million tokens'],
    ],
    [
      'a text price',
      'm',
      { input: '1', output: 1 },
      ['input: must be a price of 0 or more USD per million tokens'],
    ],
    [
      'a fractional context window',
      'm',
      { input: 1, output: 1, maxInputTokens: 10.5 },
      ['maxInputTokens: must be a positive whole number of tokens'],
    ],
    [
      'a zero context window',
      'm',
      { input: 1, output: 1, maxInputTokens: 0 },
      ['maxInputTokens: must be a positive whole number of tokens'],
    ],
    [
      'a fractional minimum cacheable prompt',
      'm',
      { input: 1, output: 1, minCacheableTokens: 1.5 },
      ['minCacheableTokens: must be a whole number of 0 or more tokens'],
    ],
    [
      'a negative minimum cacheable prompt',
      'm',
      { input: 1, output: 1, minCacheableTokens: -1 },
      ['minCacheableTokens: must be a whole number of 0 or more tokens'],
    ],
    [
      'a minimum past 2^53 − 1',
      'm',
      { input: 1, output: 1, minCacheableTokens: 2 ** 53 },
      ['minCacheableTokens: must be a whole number of 0 or more tokens'],
    ],
    [
      'a tier without a threshold or input',
      'm',
      { input: 1, output: 1, longContext: { output: 2 } },
      [
        'longContext.thresholdTokens: must be a whole number of 0 or more tokens',
        'longContext.input: is required',
      ],
    ],
    [
      'a tier with a fractional threshold and a negative price',
      'm',
      { input: 1, output: 1, longContext: { thresholdTokens: 0.5, input: 2, cacheRead: -1 } },
      [
        'longContext.thresholdTokens: must be a whole number of 0 or more tokens',
        'longContext.cacheRead: must be a price of 0 or more USD per million tokens',
      ],
    ],
    [
      'null fields, which count as left out',
      'm',
      { input: 1, output: 1, cacheRead: null, minCacheableTokens: null, longContext: null },
      [],
    ],
    [
      'several problems at once, one per field',
      '',
      { cacheWrite: -2 },
      [
        'model name: must not be empty',
        'input: is required',
        'output: is required',
        'cacheWrite: must be a price of 0 or more USD per million tokens',
      ],
    ],
  ])('reports %s', (_label, name, fields, problems) => {
    expect(validatePriceRow(name, { provider: 'x', ...fields } as unknown as PriceRow)).toEqual(
      problems,
    );
  });
});
