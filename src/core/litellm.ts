/**
 * Import of a LiteLLM `model_prices_and_context_window.json` price file
 * (SPEC §1, §1.1 and §12). Pure: takes the parsed JSON, returns rows and a
 * report of what was skipped and why.
 */
import { compareCodePoints } from './budget.ts';
import { defaultCacheMode } from './price-family.ts';
import {
  pricingTableFrom,
  type LongContextTier,
  type PriceRow,
  type SingleRowPricingTable,
} from './pricing.ts';

/** Options of an import. */
export interface LiteLlmImportOptions {
  /**
   * Import every priced entry (SPEC §1.1): skip only `sample_spec` and
   * entries without both prices, not other modes or entries priced at 0.
   */
  readonly all?: boolean;
}

/** Why an entry was skipped, and how many were (SPEC §12's reasons). */
export interface LiteLlmSkipped {
  /** `sample_spec`, `no input or output price`, `mode: <mode>`, `priced at 0` (or `no model name`). */
  readonly reason: string;
  readonly count: number;
  /** The first few names skipped for this reason, in file order. */
  readonly examples: readonly string[];
}

/** What an import found. */
export interface LiteLlmImport {
  /** Imported rows, USD per million tokens, keyed by model name (a null-prototype table). */
  readonly rows: SingleRowPricingTable;
  /** How many models were imported. */
  readonly imported: number;
  /** How many entries were skipped, for every reason. */
  readonly skipped: number;
  /** The skipped entries by reason, most frequent first (ties by reason). */
  readonly skippedByReason: readonly LiteLlmSkipped[];
  /** The first few skipped names, whatever the reason, in file order. */
  readonly skippedExamples: readonly string[];
}

/** The reasons of SPEC §12, in the order they are checked. */
export const LITELLM_SKIP_REASONS = Object.freeze({
  sampleSpec: 'sample_spec',
  noPrice: 'no input or output price',
  pricedAtZero: 'priced at 0',
  /** Not in the spec: a row needs a name the table can show. */
  noName: 'no model name',
});

/** Modes imported by default; an entry without a mode is imported too. */
export const LITELLM_CHAT_MODES: ReadonlySet<string> = new Set(['chat', 'responses', 'completion']);

/** The long-context threshold LiteLLM's `_above_200k_tokens` fields name, tokens. */
export const LITELLM_LONG_CONTEXT_THRESHOLD = 200_000;

const EXAMPLES_PER_REASON = 5;

/** Per-token USD → per-million USD, rounded as the spec says (12 significant digits). */
export function perMillionFromPerToken(perTokenUsd: number): number {
  return Number((perTokenUsd * 1e6).toPrecision(12));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A price field in USD per million tokens, or `undefined` when absent. A
 * price is a JSON number ≥ 0 (SPEC §12): `null`, a string or a negative
 * number counts as absent, and so does one too large to be finite per million.
 */
function price(entry: Record<string, unknown>, key: string): number | undefined {
  const value = entry[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  const perMillion = perMillionFromPerToken(value);
  return Number.isFinite(perMillion) ? perMillion : undefined;
}

/**
 * A token count copied as given (SPEC §12), or `undefined` when it is not a
 * whole number of at least `min` tokens (at most 2⁵³ − 1): a count the price
 * table could not hold is left out rather than failing the row's checks.
 */
/**
 * A count field of an entry (`max_input_tokens`, `prompt_cache_min_tokens`),
 * copied as the file gives it (SPEC §12); `null` is the same as absent. The
 * explorer checks imported rows against its limits before it keeps them.
 */
function count(entry: Record<string, unknown>, key: string): number | undefined {
  const value = entry[key];
  return value === undefined || value === null ? undefined : (value as number);
}

function longContextTier(entry: Record<string, unknown>): LongContextTier | undefined {
  const input = price(entry, 'input_cost_per_token_above_200k_tokens');
  // SPEC §1.1: a tier is made only when its input price is given.
  if (input === undefined) return undefined;
  const output = price(entry, 'output_cost_per_token_above_200k_tokens');
  const cacheRead = price(entry, 'cache_read_input_token_cost_above_200k_tokens');
  const cacheWrite = price(entry, 'cache_creation_input_token_cost_above_200k_tokens');
  const cacheWrite1h = price(entry, 'cache_creation_input_token_cost_above_1hr_above_200k_tokens');
  return {
    thresholdTokens: LITELLM_LONG_CONTEXT_THRESHOLD,
    input,
    ...(output === undefined ? {} : { output }),
    ...(cacheRead === undefined ? {} : { cacheRead }),
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
  };
}

/** The row an entry gives, or the reason it is skipped (SPEC §12 order). */
function readEntry(name: string, entry: unknown, all: boolean): PriceRow | string {
  if (name === 'sample_spec') return LITELLM_SKIP_REASONS.sampleSpec;
  if (!isRecord(entry)) return LITELLM_SKIP_REASONS.noPrice;
  const input = price(entry, 'input_cost_per_token');
  const output = price(entry, 'output_cost_per_token');
  if (input === undefined || output === undefined) return LITELLM_SKIP_REASONS.noPrice;
  if (!all) {
    const mode = entry['mode'];
    if (mode != null && !(typeof mode === 'string' && LITELLM_CHAT_MODES.has(mode))) {
      return `mode: ${typeof mode === 'string' ? mode : JSON.stringify(mode)}`;
    }
    if (input === 0 && output === 0) return LITELLM_SKIP_REASONS.pricedAtZero;
  }
  if (name.trim() === '') return LITELLM_SKIP_REASONS.noName;
  const cacheWrite = price(entry, 'cache_creation_input_token_cost');
  const cacheWrite1h = price(entry, 'cache_creation_input_token_cost_above_1hr');
  const cacheRead = price(entry, 'cache_read_input_token_cost');
  const maxInputTokens = count(entry, 'max_input_tokens');
  const minCacheableTokens = count(entry, 'prompt_cache_min_tokens');
  const longContext = longContextTier(entry);
  const given = entry['litellm_provider'];
  // An imported entry keeps the provider the file gives (SPEC §1.1).
  const provider = typeof given === 'string' ? given : 'unknown';
  return {
    provider,
    // Every row the import makes has a cache mode, by the name rule (SPEC §13.6 b).
    cacheMode: defaultCacheMode(name, provider),
    input,
    output,
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    ...(cacheRead === undefined ? {} : { cacheRead }),
    ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
    ...(minCacheableTokens === undefined ? {} : { minCacheableTokens }),
    ...(longContext === undefined ? {} : { longContext }),
  };
}

/**
 * Reads a parsed LiteLLM price file (SPEC §1, §1.1, §12). By default only
 * entries whose `mode` is `chat`, `responses` or `completion` (or that have
 * none) and that are not priced at 0 for both input and output are
 * imported; `all` imports every priced entry. Every other entry is counted
 * under the first reason that applies. Throws an `Error` naming the problem
 * when the top level is not an object of model entries.
 */
export function importLiteLlmPrices(
  json: unknown,
  options: LiteLlmImportOptions = {},
): LiteLlmImport {
  if (!isRecord(json)) {
    throw new Error('price file: expected a JSON object mapping model names to price entries');
  }
  const all = options.all === true;
  const rows: Array<[string, PriceRow]> = [];
  const byReason = new Map<string, { count: number; examples: string[] }>();
  const skippedExamples: string[] = [];
  let skipped = 0;
  // Object.entries sees a model literally named "__proto__" as an own entry (JSON.parse makes it one).
  for (const [name, entry] of Object.entries(json)) {
    const read = readEntry(name, entry, all);
    if (typeof read !== 'string') {
      rows.push([name, read]);
      continue;
    }
    skipped += 1;
    if (skippedExamples.length < EXAMPLES_PER_REASON) skippedExamples.push(name);
    let reason = byReason.get(read);
    if (reason === undefined) {
      reason = { count: 0, examples: [] };
      byReason.set(read, reason);
    }
    reason.count += 1;
    if (reason.examples.length < EXAMPLES_PER_REASON) reason.examples.push(name);
  }
  const skippedByReason = [...byReason]
    .map(([reason, { count: n, examples }]) => ({ reason, count: n, examples }))
    .sort((a, b) => b.count - a.count || compareCodePoints(a.reason, b.reason));
  return {
    rows: pricingTableFrom(rows),
    imported: rows.length,
    skipped,
    skippedByReason,
    skippedExamples,
  };
}

/**
 * Imported rows replace rows of the same name and add new ones; other rows
 * stay, in their order, new ones after them. The result has no prototype,
 * so a model named `__proto__` is an ordinary row.
 */
export function mergePricing(
  current: SingleRowPricingTable,
  imported: SingleRowPricingTable,
): SingleRowPricingTable {
  return pricingTableFrom([...Object.entries(current), ...Object.entries(imported)]);
}
