// @vitest-environment node
/**
 * LiteLLM price-file import (SPEC §1, §1.1, §12). Per-million values were checked with
 * Python's float('%.12g' % (x * 1e6)), the same 12-significant-digit rounding.
 */
import { describe, expect, it } from 'vitest';
import {
  importLiteLlmPrices,
  mergePricing,
  perMillionFromPerToken,
} from '../../src/core/litellm.ts';
import { DEFAULT_PRICING, type SingleRowPricingTable } from '../../src/core/pricing.ts';

describe('perMillionFromPerToken', () => {
  it.each([
    [3e-6, 3],
    [1.5e-5, 15],
    [3.75e-6, 3.75],
    [3e-7, 0.3],
    [2.5e-8, 0.025], // 2.5e-8 · 1e6 is 0.024999999999999998 before rounding
    [1e-7, 0.1], // 0.09999999999999999 before rounding
    [4e-7, 0.4],
    [1.6e-6, 1.6],
    [0, 0],
    [1.234567890123456e-6, 1.23456789012],
  ])('%s USD/token is %s USD/M', (perTokenUsd, perMillion) => {
    expect(perMillionFromPerToken(perTokenUsd)).toBe(perMillion);
  });
});

describe('importLiteLlmPrices', () => {
  const file = {
    sample_spec: {
      input_cost_per_token: 0,
      output_cost_per_token: 0,
      litellm_provider: 'one of https://docs.litellm.ai/docs/providers',
      max_input_tokens: 'max input tokens, if the provider specifies it',
    },
    'claude-sonnet-4-5': {
      input_cost_per_token: 3e-6,
      output_cost_per_token: 1.5e-5,
      cache_creation_input_token_cost: 3.75e-6,
      cache_creation_input_token_cost_above_1hr: 6e-6,
      cache_read_input_token_cost: 3e-7,
      litellm_provider: 'anthropic',
      max_input_tokens: 200_000,
    },
    'gpt-4.1-nano': {
      input_cost_per_token: 1e-7,
      output_cost_per_token: 4e-7,
      cache_read_input_token_cost: 2.5e-8,
      litellm_provider: 'openai',
      max_input_tokens: 1_047_576,
    },
    'text-embedding-3-small': { input_cost_per_token: 2e-8, litellm_provider: 'openai' },
    'dall-e-3': { output_cost_per_pixel: 0, litellm_provider: 'openai' },
    'string-prices': { input_cost_per_token: '3e-06', output_cost_per_token: '1.5e-05' },
    'negative-price': { input_cost_per_token: -1, output_cost_per_token: 1e-6 },
    'not-an-object': 42,
    'no-provider': {
      input_cost_per_token: 1e-6,
      output_cost_per_token: 2e-6,
      max_input_tokens: 1.5,
    },
  };

  it('converts per-token prices to per-million and maps every field', () => {
    const result = importLiteLlmPrices(file);
    expect(result.rows['claude-sonnet-4-5']).toEqual({
      provider: 'anthropic',
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      cacheRead: 0.3,
      maxInputTokens: 200_000,
      cacheMode: 'explicit',
    });
    expect(result.rows['gpt-4.1-nano']).toEqual({
      provider: 'openai',
      input: 0.1,
      output: 0.4,
      cacheRead: 0.025,
      maxInputTokens: 1_047_576,
      cacheMode: 'automatic',
    });
  });

  it('leaves absent cache prices absent (priced as plain input later)', () => {
    const row = importLiteLlmPrices(file).rows['gpt-4.1-nano']!;
    expect('cacheWrite' in row).toBe(false);
    expect('cacheWrite1h' in row).toBe(false);
  });

  it('defaults a missing provider, and copies a context window as the file gives it (SPEC §12)', () => {
    const { rows } = importLiteLlmPrices(file);
    expect(rows['no-provider']).toEqual({
      provider: 'unknown',
      input: 1,
      output: 2,
      maxInputTokens: 1.5,
      cacheMode: 'automatic',
    });
  });

  it('treats a null count as absent', () => {
    const { rows } = importLiteLlmPrices({
      m: { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6, max_input_tokens: null },
    });
    expect('maxInputTokens' in rows['m']!).toBe(false);
  });

  it('counts prices written as strings or negative as absent (SPEC §12)', () => {
    const { rows } = importLiteLlmPrices(file);
    expect(rows['string-prices']).toBeUndefined();
    expect(rows['negative-price']).toBeUndefined();
  });

  it('counts what it skipped, by reason: sample_spec, entries without both prices, malformed entries', () => {
    const result = importLiteLlmPrices(file);
    expect(Object.keys(result.rows).sort()).toEqual([
      'claude-sonnet-4-5',
      'gpt-4.1-nano',
      'no-provider',
    ]);
    expect(result.imported).toBe(3);
    // sample_spec; text-embedding-3-small, dall-e-3, string-prices, negative-price, not-an-object.
    expect(result.skipped).toBe(6);
    expect(result.skippedExamples).toEqual([
      'sample_spec',
      'text-embedding-3-small',
      'dall-e-3',
      'string-prices',
      'negative-price',
    ]);
    expect(result.skippedByReason).toEqual([
      {
        reason: 'no input or output price',
        count: 5,
        examples: [
          'text-embedding-3-small',
          'dall-e-3',
          'string-prices',
          'negative-price',
          'not-an-object',
        ],
      },
      { reason: 'sample_spec', count: 1, examples: ['sample_spec'] },
    ]);
  });

  it('skips sample_spec even though it has both prices', () => {
    const result = importLiteLlmPrices({ sample_spec: file.sample_spec });
    expect(result.imported).toBe(0);
    expect(Object.keys(result.rows)).toEqual([]);
    expect(result.skippedByReason).toEqual([
      { reason: 'sample_spec', count: 1, examples: ['sample_spec'] },
    ]);
  });

  it('skips other modes and entries priced at 0 by default, and imports them with all', () => {
    const modes = {
      embed: { input_cost_per_token: 1e-7, output_cost_per_token: 0, mode: 'embedding' },
      free: { input_cost_per_token: 0, output_cost_per_token: 0, mode: 'chat' },
      chat: { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6, mode: 'chat' },
    };
    const byDefault = importLiteLlmPrices(modes);
    expect(Object.keys(byDefault.rows)).toEqual(['chat']);
    expect(byDefault.skippedByReason.map((r) => [r.reason, r.count])).toEqual([
      ['mode: embedding', 1],
      ['priced at 0', 1],
    ]);
    const everything = importLiteLlmPrices(modes, { all: true });
    expect(Object.keys(everything.rows)).toEqual(['embed', 'free', 'chat']);
    expect(everything.skipped).toBe(0);
  });

  it('reads the minimum cacheable prompt and a long-context tier (SPEC §1.1)', () => {
    const { rows } = importLiteLlmPrices({
      m: {
        input_cost_per_token: 1e-6,
        output_cost_per_token: 2e-6,
        prompt_cache_min_tokens: 2048,
        input_cost_per_token_above_200k_tokens: 2e-6,
        cache_creation_input_token_cost_above_1hr_above_200k_tokens: 5e-6,
      },
    });
    expect(rows['m']).toEqual({
      provider: 'unknown',
      input: 1,
      output: 2,
      minCacheableTokens: 2048,
      longContext: { thresholdTokens: 200_000, input: 2, cacheWrite1h: 5 },
      cacheMode: 'automatic',
    });
  });

  it('keeps a model named __proto__ as an ordinary row', () => {
    const { rows } = importLiteLlmPrices(
      JSON.parse('{"__proto__": {"input_cost_per_token": 1e-6, "output_cost_per_token": 2e-6}}'),
    );
    expect(Object.keys(rows)).toEqual(['__proto__']);
    expect(rows['__proto__']).toEqual({
      provider: 'unknown',
      input: 1,
      output: 2,
      cacheMode: 'automatic',
    });
  });

  it('keeps at most five skipped examples but counts them all', () => {
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 9; i++) many[`embedding-${i}`] = { input_cost_per_token: 1e-8 };
    const result = importLiteLlmPrices(many);
    expect(result.skipped).toBe(9);
    expect(result.skippedExamples).toHaveLength(5);
  });

  it('an empty object imports nothing', () => {
    const result = importLiteLlmPrices({});
    expect(Object.keys(result.rows)).toEqual([]);
    expect(result).toMatchObject({
      imported: 0,
      skipped: 0,
      skippedByReason: [],
      skippedExamples: [],
    });
  });

  it.each<[string, unknown]>([
    ['an array', [{ input_cost_per_token: 1 }]],
    ['null', null],
    ['a string', 'model_prices.json'],
    ['a number', 3],
    ['undefined', undefined],
  ])('throws on a malformed top level: %s', (_label, json) => {
    expect(() => importLiteLlmPrices(json)).toThrow(/price file/);
  });
});

describe('the cache mode of imported rows (SPEC §13.6 b)', () => {
  it.each([
    ['claude-sonnet-4-5', 'anthropic', 'explicit'],
    ['anthropic.claude-3-haiku', 'bedrock', 'explicit'],
    ['vertex_ai/claude-opus-4-1', 'vertex_ai-anthropic_models', 'explicit'],
    ['gpt-5', 'openai', 'automatic'],
    ['gemini-2.5-pro', 'gemini', 'automatic'],
    ['deepseek-chat', 'deepseek', 'automatic'],
    ['my-model', undefined, 'automatic'],
  ])('%s (provider %s) is %s', (name, provider, mode) => {
    const entry = {
      input_cost_per_token: 1e-6,
      output_cost_per_token: 2e-6,
      ...(provider === undefined ? {} : { litellm_provider: provider }),
    };
    expect(importLiteLlmPrices({ [name]: entry }).rows[name]?.cacheMode).toBe(mode);
  });
});

describe('mergePricing', () => {
  it('imported rows replace rows of the same name and add new ones; other rows stay', () => {
    const imported: SingleRowPricingTable = {
      'gpt-5': { provider: 'openai', input: 9, output: 99 },
      'new-model': { provider: 'x', input: 1, output: 2 },
    };
    const merged = mergePricing(DEFAULT_PRICING, imported);
    expect(merged['gpt-5']).toEqual({ provider: 'openai', input: 9, output: 99 });
    expect(merged['new-model']).toEqual({ provider: 'x', input: 1, output: 2 });
    expect(merged['claude-opus-4-6']).toBe(DEFAULT_PRICING['claude-opus-4-6']);
    expect(Object.keys(merged)).toHaveLength(Object.keys(DEFAULT_PRICING).length + 1);
  });

  it('does not modify either table', () => {
    const current: SingleRowPricingTable = { a: { provider: 'x', input: 1, output: 1 } };
    const imported: SingleRowPricingTable = { a: { provider: 'y', input: 2, output: 2 } };
    const merged = mergePricing(current, imported);
    expect(merged).not.toBe(current);
    expect(current['a']!.input).toBe(1);
    expect(imported['a']!.input).toBe(2);
    expect(merged['a']!.input).toBe(2);
  });

  it('an import of a whole LiteLLM file merges into the defaults', () => {
    const { rows } = importLiteLlmPrices({
      'claude-opus-4-6': {
        input_cost_per_token: 6e-6,
        output_cost_per_token: 3e-5,
        litellm_provider: 'anthropic',
      },
    });
    const merged = mergePricing(DEFAULT_PRICING, rows);
    expect(merged['claude-opus-4-6']).toEqual({
      provider: 'anthropic',
      input: 6,
      output: 30,
      cacheMode: 'explicit',
    });
    expect(merged['gpt-5']).toBe(DEFAULT_PRICING['gpt-5']);
  });
});
