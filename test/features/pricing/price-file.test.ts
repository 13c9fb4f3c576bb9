// @vitest-environment node
/** Price files of the Prices tab: export in LiteLLM's format and import back (SPEC §1, §1.1). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, type SingleRowPricingTable } from '../../../src/core/index.ts';
import {
  readPriceFileText,
  skippedSummary,
  toLiteLlmJson,
  withinLimits,
} from '../../../src/features/pricing/price-file.ts';

describe('price files', () => {
  it('an exported table imports back unchanged, §1.1 fields included', () => {
    const { rows } = readPriceFileText(JSON.stringify(toLiteLlmJson(DEFAULT_PRICING)));
    expect(Object.keys(rows)).toEqual(Object.keys(DEFAULT_PRICING));
    for (const [model, row] of Object.entries(DEFAULT_PRICING)) expect(rows[model]).toEqual(row);
  });

  it('writes a tier only at the 200,000-token threshold LiteLLM’s fields name', () => {
    const table: SingleRowPricingTable = {
      a: {
        provider: 'p',
        input: 1,
        output: 2,
        longContext: { thresholdTokens: 128_000, input: 3 },
      },
    };
    const entry = toLiteLlmJson(table)['a']!;
    expect(entry).not.toHaveProperty('input_cost_per_token_above_200k_tokens');
  });

  it('keeps a model named __proto__ through export and import', () => {
    const table = JSON.parse(
      '{"__proto__": {"provider": "p", "input": 1, "output": 2}}',
    ) as SingleRowPricingTable;
    const { rows } = readPriceFileText(JSON.stringify(toLiteLlmJson(table)));
    expect(Object.keys(rows)).toEqual(['__proto__']);
  });

  it('summarises what was skipped, most frequent first', () => {
    const result = readPriceFileText(
      JSON.stringify({
        a: { input_cost_per_token: 1e-6, output_cost_per_token: 1e-6 },
        e1: { input_cost_per_token: 1e-8, output_cost_per_token: 0, mode: 'embedding' },
        e2: { input_cost_per_token: 1e-8, output_cost_per_token: 0, mode: 'embedding' },
        z: { input_cost_per_token: 0, output_cost_per_token: 0 },
      }),
    );
    expect(skippedSummary(result)).toBe('mode: embedding × 2, priced at 0 × 1');
  });

  it('leaves out of an imported row each count beyond the limits, naming model, field and limit', () => {
    const { rows } = readPriceFileText(
      JSON.stringify({
        ok: { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6, max_input_tokens: 200_000 },
        huge: { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6, max_input_tokens: 1e300 },
        half: {
          input_cost_per_token: 1e-6,
          output_cost_per_token: 2e-6,
          prompt_cache_min_tokens: 10.5,
        },
      }),
    );
    const limited = withinLimits(rows);
    expect(limited.rows['ok']!.maxInputTokens).toBe(200_000);
    expect('maxInputTokens' in limited.rows['huge']!).toBe(false);
    expect(limited.rows['huge']!.input).toBe(1);
    expect('minCacheableTokens' in limited.rows['half']!).toBe(false);
    expect(limited.leftOut).toEqual([
      'huge: maxInputTokens: at most 1,000,000,000 tokens',
      'half: minCacheableTokens: must be a whole number',
    ]);
  });
});
