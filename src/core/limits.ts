/**
 * The one set of limits on what the explorer accepts. Every boundary reads
 * them from here: typed fields, price imports, pasted text, links, files,
 * the saved scenario and its schema. A value beyond a limit is refused where
 * it is entered, with a message naming the field and the limit, so nothing is
 * accepted that a reload would refuse. Pure constants and string helpers.
 */

/** One numeric limit: the range and the unit its messages name. */
export interface NumericLimit {
  readonly min: number;
  readonly max: number;
  /** Unit in messages, plural ("tokens", "USD per million tokens"); empty for none. */
  readonly unit: string;
  /** Whole numbers only. */
  readonly integer?: boolean;
}

/** Token counts: outputs, rows, budgets, system prompts, thresholds. */
export const TOKENS: NumericLimit = { min: 0, max: 1_000_000_000, unit: 'tokens' };
/** Whole token counts (thresholds, stubs, budgets). */
export const WHOLE_TOKENS: NumericLimit = { ...TOKENS, integer: true };
/** A model's context length (its context window, in tokens). */
export const CONTEXT_TOKENS: NumericLimit = {
  min: 1,
  max: 1_000_000_000,
  unit: 'tokens',
  integer: true,
};
/** Any price of the table, USD per million tokens. */
export const USD_PER_MILLION: NumericLimit = {
  min: 0,
  max: 1_000_000,
  unit: 'USD per million tokens',
};
/** A cost in USD (the classifier's cost per call). */
export const USD: NumericLimit = { min: 0, max: 1_000, unit: 'USD' };
/** Idle gaps, TTLs and latencies: at most a week. */
export const SECONDS: NumericLimit = { min: 0, max: 604_800, unit: 'seconds' };
/** Turns carried (the gate's horizon). */
export const HORIZON_TURNS: NumericLimit = { min: 0, max: 10_000, unit: 'turns' };
/** The policy comparison's recall elasticity k (SPEC §2.1). */
export const RECALL_ELASTICITY: NumericLimit = { min: 0, max: 10, unit: '' };
/** Turns of a routing conversation. */
export const CONVERSATION_TURNS: NumericLimit = {
  min: 1,
  max: 2_000,
  unit: 'turns',
  integer: true,
};

/** Counts of things in a scenario. */
export const MAX_PRICE_ROWS = 5_000;
export const MAX_BUDGET_ROWS = 10_000;
export const MAX_SECTION_BUDGETS = 1_000;
export const MAX_POLICIES = 200;
export const MAX_TURNS = 2_000;
export const MAX_HOPS_PER_TURN = 100;
export const MAX_TOOLS_PER_TURN = 200;

/** Longest model or provider name, characters. */
export const MAX_NAME_CHARS = 256;
/** Longest identifier (contribution ids, sections, policy ids, tool names), characters. */
export const MAX_ID_CHARS = 1_000;
/** Longest pasted text (a budget row's "Estimate from text", pasted sizes), characters. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Deepest nesting of a sticky router around another strategy. */
export const MAX_STRATEGY_DEPTH = 8;

/** Largest scenario accepted from a link, a file, pasted text or the save, bytes of JSON. */
export const MAX_SCENARIO_BYTES = 2_000_000;
/** Longest URL hash read or written, characters. */
export const MAX_HASH_CHARS = 400_000;
/** Deepest nesting of arrays and objects in any JSON the app reads. */
export const MAX_JSON_DEPTH = 64;
/** Largest price file imported, bytes. */
export const MAX_PRICE_FILE_BYTES = 20_000_000;

/** The save history: entries kept, and their total size in characters of JSON. */
export const HISTORY_MAX_ENTRIES = 60;
export const HISTORY_MAX_CHARS = 24_000_000;
/** The same, where only local storage holds the history. */
export const HISTORY_FALLBACK_MAX_ENTRIES = 20;
export const HISTORY_FALLBACK_MAX_CHARS = 1_500_000;
/** Unreadable saves kept as they were (never dropped for newer states). */
export const HISTORY_MAX_KEPT = 10;

/** "1,000,000" — limits as people read them (en-US grouping). */
export function formatLimit(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

function unitOf(limit: NumericLimit): string {
  return limit.unit === '' ? '' : ` ${limit.unit}`;
}

/** "at most 1,000,000 USD per million tokens" (the message for a value above the limit). */
export function atMost(limit: NumericLimit | number, unit = ''): string {
  return typeof limit === 'number'
    ? `at most ${formatLimit(limit)}${unit === '' ? '' : ` ${unit}`}`
    : `at most ${formatLimit(limit.max)}${unitOf(limit)}`;
}

/** "at least 1 tokens"-style message for a value below the limit. */
export function atLeast(limit: NumericLimit): string {
  return `at least ${formatLimit(limit.min)}${unitOf(limit)}`;
}

/**
 * The sentence naming a field and its limit, as every boundary prints it:
 * `describeLimit('Input price', USD_PER_MILLION)` is
 * "Input price: at most 1,000,000 USD per million tokens".
 */
export function describeLimit(field: string, limit: NumericLimit | number, unit = ''): string {
  return `${field}: ${atMost(limit, unit)}`;
}

/**
 * Why `value` is outside `limit` ("at most …", "at least …", "must be a whole
 * number", "must be a finite number"), or null when it is within.
 */
export function limitProblem(value: number, limit: NumericLimit): string | null {
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (value > limit.max) return atMost(limit);
  if (value < limit.min) return atLeast(limit);
  if (limit.integer === true && !Number.isInteger(value)) return 'must be a whole number';
  return null;
}
