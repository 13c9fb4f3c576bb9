// @vitest-environment node
/**
 * LiteLLM price-file import (SPEC §1). Per-million values were checked with
 * Python's float('%.12g' % (x * 1e6)), the same 12-significant-digit rounding.
 */
import { describe, expect, it } from 'vitest';
import {
  importLiteLlmPrices,
  mergePricing,
  perMillionFromPerToken,
} from '../../src/core/litellm.ts';
import { DEFAULT_PRICING, type PricingTable } from '../../src/core/pricing.ts';

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
    });
    expect(result.rows['gpt-4.1-nano']).toEqual({
      provider: 'openai',
      input: 0.1,
      output: 0.4,
      cacheRead: 0.025,
      maxInputTokens: 1_047_576,
    });
  });

  it('leaves absent cache prices absent (priced as plain input later)', () => {
    const row = importLiteLlmPrices(file).rows['gpt-4.1-nano']!;
    expect('cacheWrite' in row).toBe(false);
    expect('cacheWrite1h' in row).toBe(false);
  });

  it('accepts prices written as strings, and defaults a missing provider', () => {
    const { rows } = importLiteLlmPrices(file);
    expect(rows['string-prices']).toEqual({ provider: 'unknown', input: 3, output: 15 });
    expect(rows['no-provider']).toEqual({ provider: 'unknown', input: 1, output: 2 });
  });

  it('counts what it skipped: sample_spec, entries without both prices, malformed entries', () => {
    const result = importLiteLlmPrices(file);
    expect(Object.keys(result.rows).sort()).toEqual([
      'claude-sonnet-4-5',
      'gpt-4.1-nano',
      'no-provider',
      'string-prices',
    ]);
    expect(result.imported).toBe(4);
    // sample_spec, text-embedding-3-small, dall-e-3, negative-price, not-an-object.
    expect(result.skipped).toBe(5);
    expect(result.skippedExamples).toEqual([
      'sample_spec',
      'text-embedding-3-small',
      'dall-e-3',
      'negative-price',
      'not-an-object',
    ]);
  });

  it('skips sample_spec even though it has both prices', () => {
    const result = importLiteLlmPrices({ sample_spec: file.sample_spec });
    expect(result).toEqual({ rows: {}, imported: 0, skipped: 1, skippedExamples: ['sample_spec'] });
  });

  it('keeps at most five skipped examples but counts them all', () => {
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 9; i++) many[`embedding-${i}`] = { input_cost_per_token: 1e-8 };
    const result = importLiteLlmPrices(many);
    expect(result.skipped).toBe(9);
    expect(result.skippedExamples).toHaveLength(5);
  });

  it('an empty object imports nothing', () => {
    expect(importLiteLlmPrices({})).toEqual({
      rows: {},
      imported: 0,
      skipped: 0,
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

describe('mergePricing', () => {
  it('imported rows replace rows of the same name and add new ones; other rows stay', () => {
    const imported: PricingTable = {
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
    const current: PricingTable = { a: { provider: 'x', input: 1, output: 1 } };
    const imported: PricingTable = { a: { provider: 'y', input: 2, output: 2 } };
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
    expect(merged['claude-opus-4-6']).toEqual({ provider: 'anthropic', input: 6, output: 30 });
    expect(merged['gpt-5']).toBe(DEFAULT_PRICING['gpt-5']);
  });
});
