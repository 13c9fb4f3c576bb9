/**
 * The dated default price book: the price data of `@pydantic/genai-prices`
 * converted into the core's dated price rows (SPEC §1, §1.1, §13.4, §13.6).
 * Pure: the data comes in as an argument (price-book-load.ts reads the
 * package's bundled copy, lazily).
 *
 * Mapping, per model and per dated price:
 * - `input_mtok`, `output_mtok`, `cache_read_mtok`, `cache_write_mtok`
 *   (the 5-minute write), `cache_write_1h_mtok` → `input`, `output`,
 *   `cacheRead`, `cacheWrite`, `cacheWrite1h` (both USD per million tokens);
 * - a `start_date` constraint → `effectiveFrom`; a price without one is the
 *   undated (earliest) row. Rows are sorted by date;
 * - a price tiered by prompt size (the package bills the whole quantity at
 *   the tier whose `start` the prompt's input tokens exceed, the same "more
 *   than" and "billed wholly" as §1.1) → `longContext` at that `start`. When
 *   the tiers cannot be one threshold (several tiers, or keys with different
 *   starts) the tier is the rates just above the lowest start, and the model
 *   is counted as approximated;
 * - `web_searches_kcount` → `toolFees.web_search`, `storage_searches_kcount`
 *   (OpenAI's file search) → `toolFees.file_search` (USD per 1,000);
 * - `context_window` → `maxInputTokens`; `cacheMode` by §13.6 (b)'s name rule;
 * - left out, and counted: time-of-day prices (off-peak discounts), a
 *   per-request fee on every call (`requests_kcount`), and prices of other
 *   units (audio, image, video, pages, hours). A price without both an input
 *   and an output token price (embeddings, images, speech) makes no row; a
 *   model left with no row is skipped, with its reason.
 */
import {
  DEFAULT_PRICING,
  defaultCacheMode,
  FAMILY_TOOL_FEES,
  priceFamily,
  priceRowFor,
  validatePriceRow,
  type LongContextTier,
  type PriceRow,
} from '../core/index.ts';
import type {
  BookConditionalPrice,
  BookModel,
  BookPrices,
  BookProvider,
  BookTieredPrice,
} from './price-book-data.ts';
import { bookNameResolver, claimBookNames } from './price-book-names.ts';

/** One model of the book, with its rows over time. */
export interface PriceBookEntry {
  /** The table key of its rows: `provider/id`. */
  readonly key: string;
  readonly provider: string;
  readonly providerName: string;
  readonly id: string;
  readonly name: string;
  /** Oldest first; each but perhaps the first carries `effectiveFrom`. */
  readonly rows: readonly PriceRow[];
  /** Every table key whose rows these are (the key, the bare id, exact aliases). */
  readonly names: readonly string[];
  /** Prices of this model the rows leave out, in words. */
  readonly leftOut: readonly string[];
}

/** A reason models or prices were left out, and how many. */
export interface PriceBookSkip {
  readonly reason: string;
  readonly count: number;
  /** A few `provider/id` examples. */
  readonly examples: readonly string[];
}

export interface PriceBook {
  readonly version: string;
  readonly date: string;
  /** In the data's order. */
  readonly entries: readonly PriceBookEntry[];
  /** Name → the model's rows over time; a null-prototype object (see emptyPricingTable). */
  readonly table: Readonly<Record<string, readonly PriceRow[]>>;
  readonly rowCount: number;
  /** Models with no row, by reason. */
  readonly skippedModels: readonly PriceBookSkip[];
  /** Prices left out of converted models, by reason. */
  readonly leftOutPrices: readonly PriceBookSkip[];
  /**
   * The table key the book itself would price `name` with (its own model
   * matching: the provider whose names it is, then that provider's first
   * model whose match holds), or `undefined`.
   */
  resolve(name: string): string | undefined;
}

const TOKEN_FIELDS = {
  input_mtok: 'input',
  output_mtok: 'output',
  cache_write_mtok: 'cacheWrite',
  cache_write_1h_mtok: 'cacheWrite1h',
  cache_read_mtok: 'cacheRead',
} as const;
type TokenField = (typeof TOKEN_FIELDS)[keyof typeof TOKEN_FIELDS];

const FEE_KINDS: Readonly<Record<string, string>> = {
  web_searches_kcount: 'web_search',
  storage_searches_kcount: 'file_search',
};

export const NO_TOKEN_PRICE =
  'no input and output token price (embedding, image, speech or other units)';
export const TIME_OF_DAY = 'a time-of-day price (off-peak discount) left out';
export const PER_REQUEST_FEE = 'a per-request fee on every call left out';
export const OTHER_UNITS = 'prices of other units (audio, image, video, pages) left out';
export const TIER_APPROXIMATED = 'tiers that are not one threshold: the first tier kept';
export const UNKNOWN_CONSTRAINT = 'a price with an unknown constraint left out';

function isTiered(value: unknown): value is BookTieredPrice {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as BookTieredPrice).tiers)
  );
}

interface Converted {
  readonly row?: PriceRow;
  readonly reason?: string;
  readonly leftOut: readonly string[];
}

/** The rate a tiered (or plain) price bills a prompt of `prompt` input tokens at. */
function rateAt(price: number | BookTieredPrice, prompt: number): number {
  if (!isTiered(price)) return price;
  let rate = price.base;
  for (const tier of price.tiers) if (prompt > tier.start) rate = tier.price;
  return rate;
}

/** One dated price of a model as a row, or why it makes none. */
function convertPrices(
  provider: BookProvider,
  model: BookModel,
  prices: BookPrices,
  effectiveFrom: string | undefined,
): Converted {
  const leftOut: string[] = [];
  const base: Partial<Record<TokenField, number>> = {};
  const tiered: [TokenField, BookTieredPrice][] = [];
  const fees: Record<string, number> = {};
  for (const [key, value] of Object.entries(prices)) {
    if (value === undefined) continue;
    const field = (TOKEN_FIELDS as Readonly<Record<string, TokenField>>)[key];
    if (field !== undefined) {
      base[field] = isTiered(value) ? value.base : value;
      if (isTiered(value) && value.tiers.length > 0) tiered.push([field, value]);
    } else if (FEE_KINDS[key] !== undefined && typeof value === 'number') {
      fees[FEE_KINDS[key]] = value;
    } else {
      leftOut.push(key === 'requests_kcount' ? PER_REQUEST_FEE : OTHER_UNITS);
    }
  }
  if (base.input === undefined || base.output === undefined)
    return { reason: NO_TOKEN_PRICE, leftOut };
  const row: Record<string, unknown> = {
    provider: provider.id,
    input: base.input,
    output: base.output,
  };
  for (const field of ['cacheWrite', 'cacheWrite1h', 'cacheRead'] as const) {
    if (base[field] !== undefined) row[field] = base[field];
  }
  if (Number.isSafeInteger(model.context_window) && (model.context_window ?? 0) > 0) {
    row['maxInputTokens'] = model.context_window;
  }
  // The book has no shortest cacheable prompt: the SPEC §1.1 default row of the same model gives it.
  const defaults = priceRowFor(DEFAULT_PRICING, model.id);
  if (defaults?.minCacheableTokens !== undefined && defaults.provider === provider.id) {
    row['minCacheableTokens'] = defaults.minCacheableTokens;
  }
  if (tiered.length > 0) {
    const starts = tiered.flatMap(([, t]) => t.tiers.map((x) => x.start));
    const threshold = Math.min(...starts);
    if (new Set(starts).size > 1 || tiered.some(([, t]) => t.tiers.length > 1)) {
      leftOut.push(TIER_APPROXIMATED);
    }
    const tier: Record<string, number> = { thresholdTokens: threshold };
    const above = (field: TokenField) => {
      const held = tiered.find(([f]) => f === field);
      return held === undefined ? undefined : rateAt(held[1], threshold + 1);
    };
    tier['input'] = above('input') ?? base.input;
    for (const field of ['output', 'cacheWrite', 'cacheWrite1h', 'cacheRead'] as const) {
      const rate = above(field);
      if (rate !== undefined) tier[field] = rate;
    }
    row['longContext'] = tier as unknown as LongContextTier;
  }
  // The book names only the fees it knows; the kinds it leaves out keep the
  // family's defaults (SPEC §13.4), so an Anthropic row still fetches for free.
  if (Object.keys(fees).length > 0)
    row['toolFees'] = { ...FAMILY_TOOL_FEES[priceFamily(model.id, provider.id)], ...fees };
  if (effectiveFrom !== undefined) row['effectiveFrom'] = effectiveFrom;
  row['cacheMode'] = defaultCacheMode(model.id, provider.id);
  const priceRow = row as unknown as PriceRow;
  const problems = validatePriceRow(`${provider.id}/${model.id}`, priceRow);
  if (problems.length > 0) return { reason: `an invalid price: ${problems.join('; ')}`, leftOut };
  return { row: Object.freeze(priceRow), leftOut };
}

/** A tally of reasons with a few examples each. */
class Tally {
  private readonly held = new Map<string, { count: number; examples: string[] }>();
  add(reason: string, example: string): void {
    const item = this.held.get(reason) ?? { count: 0, examples: [] };
    if (!item.examples.includes(example)) {
      item.count += 1;
      if (item.examples.length < 5) item.examples.push(example);
    }
    this.held.set(reason, item);
  }
  list(): PriceBookSkip[] {
    return [...this.held].map(([reason, { count, examples }]) => ({ reason, count, examples }));
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDated(prices: BookModel['prices']): prices is readonly BookConditionalPrice[] {
  return Array.isArray(prices);
}

function convertModel(
  provider: BookProvider,
  model: BookModel,
  skipped: Tally,
  leftOutTally: Tally,
) {
  const label = `${provider.id}/${model.id}`;
  const prices = isDated(model.prices) ? model.prices : [{ prices: model.prices }];
  const rows: PriceRow[] = [];
  const leftOut = new Set<string>();
  let reason: string | undefined;
  for (const entry of prices) {
    const constraint = entry.constraint;
    let from: string | undefined;
    if (constraint !== undefined) {
      const type =
        constraint.type ?? (constraint.start_date !== undefined ? 'start_date' : 'time_of_date');
      if (type === 'time_of_date') {
        leftOut.add(TIME_OF_DAY);
        continue;
      }
      if (type !== 'start_date' || !DAY.test(constraint.start_date ?? '')) {
        leftOut.add(UNKNOWN_CONSTRAINT);
        continue;
      }
      from = constraint.start_date;
    }
    const converted = convertPrices(provider, model, entry.prices, from);
    for (const word of converted.leftOut) leftOut.add(word);
    if (converted.row !== undefined) rows.push(converted.row);
    else reason ??= converted.reason;
  }
  // Stable: undated first, then by day (a string compare of YYYY-MM-DD).
  rows.sort((a, b) => (a.effectiveFrom ?? '').localeCompare(b.effectiveFrom ?? ''));
  if (rows.length === 0) skipped.add(reason ?? NO_TOKEN_PRICE, label);
  else for (const word of leftOut) leftOutTally.add(word, label);
  return { rows, leftOut: [...leftOut] };
}

/** Converts the package's provider list into the dated default price book. */
export function convertPriceBook(
  providers: readonly BookProvider[],
  source: { readonly version: string; readonly date: string },
): PriceBook {
  const skipped = new Tally();
  const leftOutTally = new Tally();
  const table = Object.create(null) as Record<string, readonly PriceRow[]>;
  const keyOf = new Map<BookModel, string>();
  const names = new Map<string, string[]>();
  const entries: {
    provider: BookProvider;
    model: BookModel;
    rows: PriceRow[];
    leftOut: string[];
  }[] = [];
  for (const provider of providers) {
    for (const model of provider.models) {
      const { rows, leftOut } = convertModel(provider, model, skipped, leftOutTally);
      if (rows.length === 0) continue;
      const key = `${provider.id}/${model.id}`;
      if (Object.hasOwn(table, key)) {
        skipped.add('a second model with the same provider and id', key);
        continue;
      }
      Object.freeze(rows);
      table[key] = rows;
      keyOf.set(model, key);
      names.set(key, [key]);
      entries.push({ provider, model, rows, leftOut });
    }
  }
  const resolve = bookNameResolver(providers, keyOf);
  claimBookNames(providers, keyOf, resolve, table, names);
  return {
    version: source.version,
    date: source.date,
    entries: entries.map(({ provider, model, rows, leftOut }) => {
      const key = keyOf.get(model)!;
      return {
        key,
        provider: provider.id,
        providerName: provider.name,
        id: model.id,
        name: model.name ?? model.id,
        rows,
        names: names.get(key)!,
        leftOut,
      };
    }),
    table,
    rowCount: entries.reduce((sum, e) => sum + e.rows.length, 0),
    skippedModels: skipped.list(),
    leftOutPrices: leftOutTally.list(),
    resolve,
  };
}
