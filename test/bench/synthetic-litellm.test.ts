// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  FREE_ENTRY_COUNT,
  SYNTHETIC_ENTRY_COUNT,
  syntheticLiteLlmPrices,
} from '../../bench/synthetic-litellm.mjs';
import { importLiteLlmPrices } from '../../src/core/index.ts';

describe('the synthetic LiteLLM price file of the UI benchmark', () => {
  const file = syntheticLiteLlmPrices();
  const entries = Object.entries(file).filter(([name]) => name !== 'sample_spec');
  const hasTokenPrices = (e: Record<string, unknown>) =>
    e['input_cost_per_token'] !== undefined && e['output_cost_per_token'] !== undefined;

  it('is the same on every run, and another seed gives another file', () => {
    expect(JSON.stringify(syntheticLiteLlmPrices())).toBe(JSON.stringify(file));
    expect(JSON.stringify(syntheticLiteLlmPrices({ seed: 1 }))).not.toBe(JSON.stringify(file));
  });

  it('has the full size, the sample_spec entry, and mostly chat models across providers', () => {
    expect(Object.keys(file)).toHaveLength(SYNTHETIC_ENTRY_COUNT);
    expect(Object.keys(file)[0]).toBe('sample_spec');
    const modes = new Map<unknown, number>();
    for (const [, e] of entries) modes.set(e['mode'], (modes.get(e['mode']) ?? 0) + 1);
    expect((modes.get('chat') ?? 0) / entries.length).toBeGreaterThan(0.6);
    for (const mode of [
      'embedding',
      'rerank',
      'image_generation',
      'audio_transcription',
      'moderation',
    ]) {
      expect(modes.get(mode), mode).toBeGreaterThan(10);
    }
    const providers = new Set(entries.map(([, e]) => e['litellm_provider']));
    expect(providers.size).toBeGreaterThan(15);
  });

  it('prices about 120 entries at 0 and leaves some without token prices', () => {
    const free = entries.filter(
      ([, e]) => Number(e['input_cost_per_token']) === 0 && e['output_cost_per_token'] === 0,
    );
    expect(Math.abs(free.length - FREE_ENTRY_COUNT)).toBeLessThan(20);
    expect(entries.filter(([, e]) => !hasTokenPrices(e)).length).toBeGreaterThan(100);
  });

  it('gives the price table thousands of rows when imported through the core', () => {
    const result = importLiteLlmPrices(file);
    expect(result.imported + result.skipped).toBe(SYNTHETIC_ENTRY_COUNT);
    expect(result.imported).toBeGreaterThan(2_000);
  });
});
