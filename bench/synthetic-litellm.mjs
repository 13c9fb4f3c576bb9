#!/usr/bin/env node
// A synthetic price file shaped like LiteLLM's
// model_prices_and_context_window.json, for the UI benchmark: about 2,985
// entries, generated deterministically (a seeded PRNG), no third-party data.
// The mix follows the real file's: mostly chat models across many providers
// (often the same model under several provider prefixes), plus embedding,
// rerank, image_generation, audio_transcription, audio_speech, moderation and
// completion modes; about 120 entries priced at 0 (local and free tiers);
// some entries without token prices (priced per image, second, query or not
// at all); numbers sometimes written as strings; and the `sample_spec` entry.
//
//   node bench/synthetic-litellm.mjs [OUT.json] [--count 2985]

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Entries in the generated file, `sample_spec` included. */
export const SYNTHETIC_ENTRY_COUNT = 2_985;
/** About this many entries are priced at 0 for both input and output (free chat tiers, moderation). */
export const FREE_ENTRY_COUNT = 120;

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROVIDERS = [
  ['openai', ''],
  ['azure', 'azure/'],
  ['anthropic', ''],
  ['bedrock', 'bedrock/'],
  ['bedrock_converse', 'bedrock/converse/'],
  ['vertex_ai-language-models', 'vertex_ai/'],
  ['gemini', 'gemini/'],
  ['openrouter', 'openrouter/'],
  ['together_ai', 'together_ai/'],
  ['fireworks_ai', 'fireworks_ai/accounts/fireworks/models/'],
  ['groq', 'groq/'],
  ['mistral', 'mistral/'],
  ['deepinfra', 'deepinfra/'],
  ['perplexity', 'perplexity/'],
  ['cohere_chat', 'cohere/'],
  ['databricks', 'databricks/'],
  ['sagemaker', 'sagemaker/'],
  ['watsonx', 'watsonx/'],
  ['cloudflare', 'cloudflare/@cf/'],
  ['anyscale', 'anyscale/'],
  ['deepseek', 'deepseek/'],
  ['xai', 'xai/'],
  ['cerebras', 'cerebras/'],
  ['sambanova', 'sambanova/'],
  ['nscale', 'nscale/'],
  ['ollama', 'ollama/'],
];
const FAMILIES = [
  'orion',
  'lyra',
  'vega',
  'atlas',
  'nova',
  'helix',
  'quill',
  'sable',
  'tern',
  'ember',
  'fjord',
  'juniper',
  'kestrel',
  'lumen',
  'mistral-ish',
  'pico',
];
const SIZES = [
  'nano',
  'mini',
  'small',
  'medium',
  'large',
  'xl',
  '8b',
  '70b',
  '405b',
  'pro',
  'flash',
];
const VERSIONS = [
  '',
  '-latest',
  '-2024-08-06',
  '-2025-01-15',
  '-v1:0',
  '-preview',
  '-instruct',
  '-0125',
];

const round = (x) => Number(x.toPrecision(3));

/**
 * The synthetic price file as an object (insertion order is the file's order).
 * @param {{ count?: number, seed?: number }} [options]
 * @returns {Record<string, Record<string, unknown>>}
 */
export function syntheticLiteLlmPrices({ count = SYNTHETIC_ENTRY_COUNT, seed = 20_250_915 } = {}) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  /** @type {Record<string, Record<string, unknown>>} */
  const file = {
    sample_spec: {
      max_tokens: 'LEGACY parameter. set to max_output_tokens if provider specifies it.',
      max_input_tokens: 'max input tokens, if the provider specifies it.',
      max_output_tokens: 'max output tokens, if the provider specifies it.',
      input_cost_per_token: 0.0,
      output_cost_per_token: 0.0,
      output_cost_per_reasoning_token: 0.0,
      litellm_provider: 'one of https://docs.litellm.ai/docs/providers',
      mode: 'one of: chat, embedding, completion, image_generation, audio_transcription, audio_speech, moderation, rerank',
      supports_function_calling: true,
      supports_parallel_function_calling: true,
      supports_vision: true,
      supports_prompt_caching: true,
      supported_regions: ['global', 'us-west-2'],
    },
  };
  let free = 0;
  let serial = 0;
  const add = (name, entry) => {
    let unique = name;
    while (unique in file) unique = `${name}-${(serial += 1)}`;
    file[unique] = entry;
  };
  while (Object.keys(file).length < count) {
    const i = Object.keys(file).length;
    const roll = random();
    const [provider, prefix] = pick(PROVIDERS);
    const family = pick(FAMILIES);
    const base = `${family}-${pick(SIZES)}${pick(VERSIONS)}`;
    const maxInput = pick([8_192, 32_768, 128_000, 200_000, 1_000_000, 1_048_576]);
    if (roll < 0.76) {
      // Chat (and a few completion) models: the bulk of the file.
      const isFree = free < FREE_ENTRY_COUNT && (provider === 'ollama' || random() < 0.045);
      const input = isFree ? 0 : round(10 ** (-7.3 + random() * 2.6));
      const output = isFree ? 0 : round(input * pick([2, 3, 4, 5, 8]));
      if (isFree) free += 1;
      const entry = {
        max_tokens: pick([4_096, 8_192, 16_384, 64_000]),
        max_input_tokens: maxInput,
        max_output_tokens: pick([4_096, 8_192, 16_384, 64_000]),
        // LiteLLM sometimes writes prices as strings.
        input_cost_per_token: random() < 0.03 ? String(input) : input,
        output_cost_per_token: output,
        litellm_provider: provider,
        mode: random() < 0.05 ? 'completion' : 'chat',
        supports_function_calling: random() < 0.8,
        supports_tool_choice: random() < 0.7,
        supports_vision: random() < 0.4,
      };
      if (!isFree && random() < 0.35) {
        entry.cache_read_input_token_cost = round(input * 0.1);
        entry.cache_creation_input_token_cost = round(input * 1.25);
        if (random() < 0.3) entry.cache_creation_input_token_cost_above_1hr = round(input * 2);
        entry.supports_prompt_caching = true;
      }
      if (random() < 0.15) entry.supports_reasoning = true;
      if (random() < 0.05) entry.deprecation_date = '2026-06-30';
      // A few chat entries carry no token price at all (priced elsewhere, or not yet).
      if (i % 97 === 0) {
        delete entry.input_cost_per_token;
        delete entry.output_cost_per_token;
      }
      add(`${prefix}${base}`, entry);
    } else if (roll < 0.85) {
      const input = round(10 ** (-8.3 + random() * 1.5));
      add(`${prefix}${family}-embed${pick(['', '-v2', '-v3', '-multilingual'])}`, {
        max_tokens: 8_191,
        max_input_tokens: 8_191,
        output_vector_size: pick([768, 1_024, 1_536, 3_072]),
        input_cost_per_token: input,
        output_cost_per_token: 0,
        litellm_provider: provider,
        mode: 'embedding',
      });
    } else if (roll < 0.89) {
      add(`${prefix}${family}-image${pick(['', '-hd', '-1024x1024', '-standard'])}`, {
        input_cost_per_pixel: round(10 ** (-8 + random())),
        output_cost_per_image: round(0.01 + random() * 0.1),
        output_cost_per_pixel: 0,
        litellm_provider: provider,
        mode: 'image_generation',
      });
    } else if (roll < 0.92) {
      add(`${prefix}${family}-transcribe${pick(['', '-1', '-turbo'])}`, {
        input_cost_per_second: round(0.0001 * (0.5 + random())),
        output_cost_per_second: 0,
        litellm_provider: provider,
        mode: 'audio_transcription',
      });
    } else if (roll < 0.94) {
      add(`${prefix}${family}-tts${pick(['', '-hd', '-1'])}`, {
        input_cost_per_character: round(0.00001 * (0.5 + random())),
        litellm_provider: provider,
        mode: 'audio_speech',
      });
    } else if (roll < 0.99) {
      add(`${prefix}${family}-rerank${pick(['', '-v3.5', '-english-v3.0', '-lite'])}`, {
        max_tokens: 4_096,
        max_input_tokens: 4_096,
        max_query_tokens: 2_048,
        input_cost_per_query: round(0.001 * (1 + random())),
        litellm_provider: provider,
        mode: 'rerank',
      });
    } else {
      free += 1;
      add(`${prefix}${family}-moderation${pick(['', '-latest', '-stable'])}`, {
        max_tokens: 32_768,
        max_input_tokens: 32_768,
        max_output_tokens: 0,
        input_cost_per_token: 0,
        output_cost_per_token: 0,
        litellm_provider: provider,
        mode: 'moderation',
      });
    }
  }
  return file;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const countAt = args.indexOf('--count');
  const count = countAt >= 0 ? Number(args.splice(countAt, 2)[1]) : SYNTHETIC_ENTRY_COUNT;
  const out = resolve(args[0] ?? 'model_prices_and_context_window.json');
  const file = syntheticLiteLlmPrices({ count });
  writeFileSync(out, `${JSON.stringify(file, null, 4)}\n`);
  console.log(`wrote ${Object.keys(file).length} entries to ${out}`);
}
