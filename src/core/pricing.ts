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
  /**
   * First UTC day the row is in force, `YYYY-MM-DD` (SPEC §13.6 a); absent
   * counts as earlier than every date.
   */
  readonly effectiveFrom?: string;
  /**
   * How the provider caches (SPEC §13.6 b): `explicit` (a chosen TTL,
   * Anthropic's `cache_control`) or `automatic` (no TTL to choose, no write
   * premium). A row without it is billed as `explicit`.
   */
  readonly cacheMode?: CacheMode;
  /** An automatic cache's own TTL, whole seconds (SPEC §13.6 b); default 300. */
  readonly automaticCacheTtlSeconds?: number;
  /**
   * Server-tool fees, USD per 1,000 requests by kind (SPEC §13.4); absent
   * means the provider family's defaults.
   */
  readonly toolFees?: Readonly<Record<string, number>>;
}

/** How a provider caches prompts (SPEC §13.6 b). */
export type CacheMode = 'explicit' | 'automatic';

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

/**
 * Model name → price row, or the rows of one model over time (SPEC §13.6 a:
 * each with its `effectiveFrom`). Lookups use own properties only.
 */
export type PricingTable = Readonly<Record<string, PriceRow | readonly PriceRow[]>>;

/** A pricing table with one row per model (what the explorer's own editors and imports make). */
export type SingleRowPricingTable = Readonly<Record<string, PriceRow>>;

/** Where the default prices come from, shown beside the table. */
export const PRICING_SOURCE = {
  description: 'Anthropic pricing page and the LiteLLM model price table',
  asOf: 'late 2026',
} as const;

/**
 * The default table (SPEC §1, §1.1 and §13.6: each row with its cache mode,
 * `explicit` for the Claude rows and `automatic` for the GPT and Gemini
 * rows), USD per million tokens.
 */
export const DEFAULT_PRICING: SingleRowPricingTable = Object.freeze({
  'claude-opus-4-6': row('anthropic', 5, 25, 6.25, 10, 0.5, 4096),
  'claude-opus-4-5': row('anthropic', 5, 25, 6.25, 10, 0.5, 4096),
  'claude-opus-4-1': row('anthropic', 15, 75, 18.75, 30, 1.5, 1024),
  'claude-sonnet-4-5': row('anthropic', 3, 15, 3.75, 6, 0.3, 1024, {
    thresholdTokens: 200_000,
    input: 6,
    output: 22.5,
    cacheWrite: 7.5,
    cacheWrite1h: 12,
    cacheRead: 0.6,
  }),
  'claude-haiku-4-5': row('anthropic', 1, 5, 1.25, 2, 0.1, 4096),
  'gpt-4.1': row('openai', 2, 8, undefined, undefined, 0.5, 1024),
  'gpt-4.1-mini': row('openai', 0.4, 1.6, undefined, undefined, 0.1, 1024),
  'gpt-4.1-nano': row('openai', 0.1, 0.4, undefined, undefined, 0.025, 1024),
  'gpt-5': row('openai', 1.25, 10, undefined, undefined, 0.125, 1024),
  'gpt-5-mini': row('openai', 0.25, 2, undefined, undefined, 0.025, 1024),
  'gemini-2.5-pro': row('google', 1.25, 10, undefined, undefined, 0.125, 4096, {
    thresholdTokens: 200_000,
    input: 2.5,
    output: 15,
    cacheRead: 0.25,
  }),
  'gemini-2.5-flash': row('google', 0.3, 2.5, undefined, undefined, 0.03, 1024),
});

function row(
  provider: Provider,
  input: number,
  output: number,
  cacheWrite: number | undefined,
  cacheWrite1h: number | undefined,
  cacheRead: number,
  minCacheableTokens: number,
  longContext?: LongContextTier,
): PriceRow {
  return Object.freeze({
    provider,
    input,
    output,
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    cacheRead,
    minCacheableTokens,
    ...(longContext === undefined ? {} : { longContext: Object.freeze(longContext) }),
    cacheMode: provider === 'anthropic' ? 'explicit' : 'automatic',
  });
}

/** USD per million tokens → USD per token. */
export function perToken(pricePerMillion: number): number {
  return pricePerMillion / 1_000_000;
}

/**
 * The rows a table holds for `modelName` (one, or several dated ones), or
 * `undefined`. Only own properties count, so a model named `__proto__`,
 * `constructor` or `toString` is found when the table has it and is
 * unpriced otherwise (SPEC §9), whether the table is a plain or a
 * null-prototype object. An empty array, or one of no rows, is no rows.
 */
export function priceRowsFor(
  table: PricingTable,
  modelName: string,
): readonly PriceRow[] | undefined {
  if (!Object.prototype.hasOwnProperty.call(table, modelName)) return undefined;
  const found: unknown = table[modelName];
  if (Array.isArray(found)) {
    const rows = (found as unknown[]).filter(
      (r): r is PriceRow => typeof r === 'object' && r !== null && !Array.isArray(r),
    );
    return rows.length === 0 ? undefined : rows;
  }
  return typeof found === 'object' && found !== null ? [found as PriceRow] : undefined;
}

/**
 * The row in force on a UTC day (SPEC §13.6 a): the one with the latest
 * `effectiveFrom` on or before `day` (compared as strings; a row without a
 * date is earlier than every date; ties: the first in array order); when
 * every row starts after `day`, the earliest row. With `day` `null` (an
 * undated call, or "today" in a what-if), the row with the latest
 * `effectiveFrom`.
 */
export function rowInForce(rows: readonly PriceRow[], day: string | null): PriceRow {
  let best: PriceRow | undefined;
  let bestFrom = '';
  let earliest = rows[0]!;
  let earliestFrom = dateOf(earliest);
  for (const candidate of rows) {
    const from = dateOf(candidate);
    if (from < earliestFrom) {
      earliest = candidate;
      earliestFrom = from;
    }
    if (day !== null && from > day) continue;
    if (best === undefined || from > bestFrom) {
      best = candidate;
      bestFrom = from;
    }
  }
  return best ?? earliest;
}

// A row's effectiveFrom as a sort key: '' (before every date) when absent.
function dateOf(row: PriceRow): string {
  return typeof row.effectiveFrom === 'string' ? row.effectiveFrom : '';
}

/**
 * The row for `modelName`, or `undefined` (see {@link priceRowsFor}); of
 * dated rows, the one in force on `day` (SPEC §13.6 a), by default the
 * latest.
 */
export function priceRowFor(
  table: PricingTable,
  modelName: string,
  day: string | null = null,
): PriceRow | undefined {
  const rows = priceRowsFor(table, modelName);
  return rows === undefined ? undefined : rowInForce(rows, day);
}

/**
 * A new, empty pricing table with no prototype: assigning a row named
 * `__proto__` to it makes an ordinary entry instead of changing its
 * prototype (SPEC §9).
 */
export function emptyPricingTable(): Record<string, PriceRow> {
  return Object.create(null) as Record<string, PriceRow>;
}

/** A pricing table built from `[model, row]` pairs, with no prototype (see {@link emptyPricingTable}). */
export function pricingTableFrom(
  entries: Iterable<readonly [string, PriceRow]>,
): SingleRowPricingTable {
  const table = emptyPricingTable();
  for (const [model, priceRow] of entries) table[model] = priceRow;
  return table;
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
const TIER_PRICE_FIELDS = ['input', 'output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const;

function isPrice(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isTokenCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Checks a row a user typed or imported: every price finite and ≥ 0,
 * `maxInputTokens` a positive whole number, `minCacheableTokens` a whole
 * number ≥ 0 (SPEC §1.1), and a long-context tier with a whole-number
 * threshold ≥ 0, an `input` price and every given price ≥ 0; and (SPEC
 * §13.6) `effectiveFrom` a `YYYY-MM-DD` day, `cacheMode` `explicit` or
 * `automatic`, `automaticCacheTtlSeconds` a positive whole number and every
 * `toolFees` value a price ≥ 0. A field given as `null` counts as left out
 * (SPEC §9). Returns the problems, one per
 * field, each naming the field; an empty list means the row is valid.
 */
export function validatePriceRow(modelName: string, candidate: PriceRow): string[] {
  const problems: string[] = [];
  if (modelName.trim() === '') problems.push('model name: must not be empty');
  const fields = candidate as unknown as Record<string, unknown>;
  for (const field of PRICE_FIELDS) {
    const value = fields[field];
    if (value == null) {
      if (field === 'input' || field === 'output') problems.push(`${field}: is required`);
      continue;
    }
    if (!isPrice(value)) {
      problems.push(`${field}: must be a price of 0 or more USD per million tokens`);
    }
  }
  const max = fields['maxInputTokens'];
  if (max != null && (!isTokenCount(max) || max === 0)) {
    problems.push('maxInputTokens: must be a positive whole number of tokens');
  }
  const min = fields['minCacheableTokens'];
  if (min != null && !isTokenCount(min)) {
    problems.push('minCacheableTokens: must be a whole number of 0 or more tokens');
  }
  problems.push(...revision3Problems(fields));
  const tier = fields['longContext'];
  if (tier != null) {
    if (typeof tier !== 'object') {
      problems.push('longContext: must be a threshold and its prices');
    } else {
      const t = tier as Record<string, unknown>;
      if (!isTokenCount(t['thresholdTokens'])) {
        problems.push('longContext.thresholdTokens: must be a whole number of 0 or more tokens');
      }
      for (const field of TIER_PRICE_FIELDS) {
        const value = t[field];
        if (value == null) {
          if (field === 'input') problems.push('longContext.input: is required');
          continue;
        }
        if (!isPrice(value)) {
          problems.push(
            `longContext.${field}: must be a price of 0 or more USD per million tokens`,
          );
        }
      }
    }
  }
  return problems;
}

const DAY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

// The checks of the revision-3 fields of a row (SPEC §13.6).
function revision3Problems(fields: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const from = fields['effectiveFrom'];
  if (from != null && !(typeof from === 'string' && DAY.test(from))) {
    problems.push('effectiveFrom: must be a day, YYYY-MM-DD');
  }
  const mode = fields['cacheMode'];
  if (mode != null && mode !== 'explicit' && mode !== 'automatic') {
    problems.push('cacheMode: must be "explicit" or "automatic"');
  }
  const ttl = fields['automaticCacheTtlSeconds'];
  if (ttl != null && (!isTokenCount(ttl) || ttl === 0)) {
    problems.push('automaticCacheTtlSeconds: must be a positive whole number of seconds');
  }
  const fees = fields['toolFees'];
  if (fees != null) {
    if (typeof fees !== 'object' || Array.isArray(fees)) {
      problems.push('toolFees: must list a fee per kind of tool request');
    } else {
      for (const [kind, fee] of Object.entries(fees as Record<string, unknown>)) {
        if (!isPrice(fee)) {
          problems.push(`toolFees.${kind}: must be a fee of 0 or more USD per 1,000 requests`);
        }
      }
    }
  }
  return problems;
}
