/**
 * Provider families and the defaults they give a price row (SPEC §13.4,
 * §13.6 b): which server-tool fees a row without `toolFees` charges, and
 * which cache mode the explorer gives a row it makes.
 */
import type { CacheMode, PriceRow } from './pricing.ts';

/** Whose pricing conventions a row follows (SPEC §13.4). */
export type PriceFamily = 'anthropic' | 'openai' | 'other';

// After the last `/`: `gpt-…`, `chatgpt…`, `codex…` or `o` and a digit (o1, o3-mini, o4-mini).
const OPENAI_NAME = /^(?:gpt-|chatgpt|codex|o\d)/;

/**
 * The family of a row (SPEC §13.4): its `provider` when that is
 * `anthropic` or `openai`, any other given provider `other`; a row without
 * a provider is Anthropic when the model name contains `claude`, OpenAI when
 * the name after its last `/` starts with `gpt-`, `chatgpt`, `codex` or `o`
 * and a digit, else other.
 */
export function priceFamily(modelName: string, provider: string | undefined | null): PriceFamily {
  if (typeof provider === 'string') {
    return provider === 'anthropic' || provider === 'openai' ? provider : 'other';
  }
  if (modelName.includes('claude')) return 'anthropic';
  const base = modelName.slice(modelName.lastIndexOf('/') + 1);
  return OPENAI_NAME.test(base) ? 'openai' : 'other';
}

/** Server-tool fees of each family, USD per 1,000 requests (SPEC §13.4). */
export const FAMILY_TOOL_FEES: Readonly<Record<PriceFamily, Readonly<Record<string, number>>>> =
  Object.freeze({
    anthropic: Object.freeze({ web_search: 10, web_fetch: 0 }),
    openai: Object.freeze({ web_search: 10, file_search: 2.5 }),
    other: Object.freeze({}),
  });

/**
 * The server-tool fees a row charges, USD per 1,000 requests by kind: its
 * own `toolFees`, else its family's defaults (SPEC §13.4, §13.6 c).
 */
export function toolFeesOf(modelName: string, row: PriceRow): Readonly<Record<string, number>> {
  const own = (row.toolFees ?? undefined) as Readonly<Record<string, number>> | undefined;
  if (own !== undefined && typeof own === 'object') return own;
  return FAMILY_TOOL_FEES[priceFamily(modelName, row.provider)];
}

/**
 * The cache mode the explorer gives a row it makes (SPEC §13.6 b "Default
 * rule"): `explicit` when the row's family is Anthropic or its model name
 * contains `claude` (Bedrock and Vertex Claude rows cache explicitly),
 * otherwise `automatic`.
 */
export function defaultCacheMode(
  modelName: string,
  provider: string | undefined | null,
): CacheMode {
  return priceFamily(modelName, provider) === 'anthropic' || modelName.includes('claude')
    ? 'explicit'
    : 'automatic';
}

/** The cache mode a row is billed with: its own, else `explicit` (every earlier table, SPEC §13.6 b). */
export function cacheModeOf(row: PriceRow): CacheMode {
  return row.cacheMode === 'automatic' ? 'automatic' : 'explicit';
}

/** An automatic cache's TTL, seconds: the row's `automaticCacheTtlSeconds`, default 300 (SPEC §13.6 b). */
export function automaticCacheTtlOf(row: PriceRow): number {
  const ttl = row.automaticCacheTtlSeconds;
  return typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0 ? ttl : 300;
}
