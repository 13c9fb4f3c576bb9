/**
 * The pricing table (SPEC §1): what each model costs, in USD per million
 * tokens. Ports the framework's `MODEL_PRICING` rows used by seed 000.
 */

/** A provider name; the known ones get special behaviour (forced tool choice). */
export type Provider = 'anthropic' | 'openai' | 'google' | (string & {});

/** One model's prices, USD per million tokens. */
export interface PriceRow {
  readonly provider: Provider;
  /** Plain (uncached) input, USD per million tokens. */
  readonly input: number;
  /** Output (and thinking) tokens, USD per million tokens. */
  readonly output: number;
  /** 5-minute cache write; absent means priced as plain input. */
  readonly cacheWrite?: number;
  /** 1-hour cache write; absent means the 5-minute rate applies. */
  readonly cacheWrite1h?: number;
  /** Cache read; absent means priced as plain input. */
  readonly cacheRead?: number;
  /** Context window, tokens. */
  readonly maxInputTokens?: number;
  /**
   * Shortest prompt the provider caches (SPEC §1.1); a shorter prompt is
   * neither read from nor written to the cache. Absent = 0.
   */
  readonly minCacheableTokens?: number;
  /** Long-context tier (SPEC §1.1): a prompt above its threshold is billed wholly at its rates. */
  readonly longContext?: LongContextTier;
}

/**
 * A long-context price tier (SPEC §1.1), USD per million tokens. A rate left
 * out is the row's own rate of that kind.
 */
export interface LongContextTier {
  /** A call whose prompt has more than this many tokens is billed at this tier. */
  readonly thresholdTokens: number;
  readonly input: number;
  readonly output?: number;
  readonly cacheWrite?: number;
  readonly cacheWrite1h?: number;
  readonly cacheRead?: number;
}

/** Model name → price row. Lookups use own properties only. */
export type PricingTable = Readonly<Record<string, PriceRow>>;

/** Where the default prices come from, shown beside the table. */
export const PRICING_SOURCE = {
  description: 'Anthropic pricing page and the LiteLLM model price table',
  asOf: 'late 2026',
} as const;

/** The default table (SPEC §1), USD per million tokens. */
export const DEFAULT_PRICING: PricingTable = Object.freeze({
  'claude-opus-4-6': row('anthropic', 5, 25, 6.25, 10, 0.5),
  'claude-opus-4-5': row('anthropic', 5, 25, 6.25, 10, 0.5),
  'claude-opus-4-1': row('anthropic', 15, 75, 18.75, 30, 1.5),
  'claude-sonnet-4-5': row('anthropic', 3, 15, 3.75, 6, 0.3),
  'claude-haiku-4-5': row('anthropic', 1, 5, 1.25, 2, 0.1),
  'gpt-4.1': row('openai', 2, 8, undefined, undefined, 0.5),
  'gpt-4.1-mini': row('openai', 0.4, 1.6, undefined, undefined, 0.1),
  'gpt-4.1-nano': row('openai', 0.1, 0.4, undefined, undefined, 0.025),
  'gpt-5': row('openai', 1.25, 10, undefined, undefined, 0.125),
  'gpt-5-mini': row('openai', 0.25, 2, undefined, undefined, 0.025),
  'gemini-2.5-pro': row('google', 1.25, 10, undefined, undefined, 0.125),
  'gemini-2.5-flash': row('google', 0.3, 2.5, undefined, undefined, 0.03),
});

function row(
  provider: Provider,
  input: number,
  output: number,
  cacheWrite: number | undefined,
  cacheWrite1h: number | undefined,
  cacheRead: number,
): PriceRow {
  return Object.freeze({
    provider,
    input,
    output,
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    cacheRead,
  });
}

/** USD per million tokens → USD per token. */
export function perToken(pricePerMillion: number): number {
  return pricePerMillion / 1_000_000;
}

/** The row for `modelName`, or `undefined` (never an inherited property). */
export function priceRowFor(table: PricingTable, modelName: string): PriceRow | undefined {
  return Object.prototype.hasOwnProperty.call(table, modelName) ? table[modelName] : undefined;
}

/** Cache-read price per million tokens: the row's, else plain input. */
export function cacheReadPrice(row: PriceRow): number {
  return row.cacheRead ?? row.input;
}

/**
 * Cache-write price per million tokens for a cache TTL (SPEC §5): the 1-hour
 * rate when the TTL is over 300 s and the row has one, else the 5-minute
 * rate, else plain input.
 */
export function cacheWritePrice(row: PriceRow, cacheTtlSeconds: number): number {
  if (cacheTtlSeconds > 300 && row.cacheWrite1h !== undefined) return row.cacheWrite1h;
  return row.cacheWrite ?? row.input;
}

const PRICE_FIELDS = ['input', 'output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const;

/**
 * Checks a row a user typed or imported: every price finite and ≥ 0,
 * `maxInputTokens` a positive whole number. Returns the problems, one per
 * field, each naming the field; an empty list means the row is valid.
 */
export function validatePriceRow(modelName: string, candidate: PriceRow): string[] {
  const problems: string[] = [];
  if (modelName.trim() === '') problems.push('model name: must not be empty');
  for (const field of PRICE_FIELDS) {
    const value = candidate[field];
    if (value === undefined) {
      if (field === 'input' || field === 'output') problems.push(`${field}: is required`);
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      problems.push(`${field}: must be a price of 0 or more USD per million tokens`);
    }
  }
  const max = candidate.maxInputTokens;
  if (max !== undefined && (!Number.isInteger(max) || max <= 0)) {
    problems.push('maxInputTokens: must be a positive whole number of tokens');
  }
  return problems;
}
