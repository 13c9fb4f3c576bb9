/**
 * The shapes of the price data the dated default price book is converted
 * from: the provider list that `@pydantic/genai-prices` bundles, described
 * structurally so that the conversion (price-book.ts) stays pure and
 * testable on small inputs. Only the fields the conversion reads are named.
 */

/** How a model name is matched (lower-cased first; `regex` on the lower-cased name). */
export type BookMatch =
  | { readonly and: readonly BookMatch[] }
  | { readonly or: readonly BookMatch[] }
  | { readonly equals: string }
  | { readonly starts_with: string }
  | { readonly ends_with: string }
  | { readonly contains: string }
  | { readonly regex: string };

/**
 * A price by the size of the prompt: the whole quantity is billed at the
 * price of the last tier whose `start` the prompt's input tokens (cached
 * ones included) exceed, else at `base`.
 */
export interface BookTieredPrice {
  readonly base: number;
  readonly tiers: readonly { readonly start: number; readonly price: number }[];
}

/** A model's prices by key: `input_mtok` (USD per million), `web_searches_kcount` (USD per 1,000), … */
export type BookPrices = Readonly<Record<string, number | BookTieredPrice | undefined>>;

/** When a price applies: from a UTC day on, or within a time of day. */
export interface BookConstraint {
  readonly type?: string;
  readonly start_date?: string;
  readonly start_time?: string;
  readonly end_time?: string;
}

/** One of a model's prices over time (the last entry whose constraint holds applies). */
export interface BookConditionalPrice {
  readonly constraint?: BookConstraint;
  readonly prices: BookPrices;
}

export interface BookModel {
  readonly id: string;
  readonly name?: string;
  readonly match: BookMatch;
  readonly context_window?: number;
  readonly deprecated?: boolean;
  readonly prices: BookPrices | readonly BookConditionalPrice[];
}

export interface BookProvider {
  readonly id: string;
  readonly name: string;
  /** Which model names this provider prices when no provider is given. */
  readonly model_match?: BookMatch;
  /** Providers whose models this one also serves, in order. */
  readonly fallback_model_providers?: readonly string[];
  readonly models: readonly BookModel[];
}

/** Whether `match` holds for `name` (already lower-cased), as the package decides it. */
export function matches(match: BookMatch, name: string): boolean {
  return compiled(match)(name);
}

type Test = (name: string) => boolean;
const tests = new WeakMap<BookMatch, Test>();

/** `match` as a function, made once per match object (constants lower-cased once). */
function compiled(match: BookMatch): Test {
  let test = tests.get(match);
  if (test === undefined) {
    test = compile(match);
    tests.set(match, test);
  }
  return test;
}

function compile(match: BookMatch): Test {
  if ('or' in match) {
    const parts = match.or.map(compiled);
    return (name) => parts.some((t) => t(name));
  }
  if ('and' in match) {
    const parts = match.and.map(compiled);
    return (name) => parts.every((t) => t(name));
  }
  if ('equals' in match) {
    const text = match.equals.toLowerCase();
    return (name) => name === text;
  }
  if ('starts_with' in match) {
    const text = match.starts_with.toLowerCase();
    return (name) => name.startsWith(text);
  }
  if ('ends_with' in match) {
    const text = match.ends_with.toLowerCase();
    return (name) => name.endsWith(text);
  }
  if ('contains' in match) {
    const text = match.contains.toLowerCase();
    return (name) => name.includes(text);
  }
  if ('regex' in match) {
    const regex = regexOf(match.regex);
    return (name) => regex?.test(name) ?? false;
  }
  return () => false;
}

const regexes = new Map<string, RegExp | null>();

/** A compiled regex, once per source; a source that does not compile matches nothing. */
function regexOf(source: string): RegExp | null {
  let held = regexes.get(source);
  if (held === undefined) {
    try {
      held = new RegExp(source);
    } catch {
      held = null;
    }
    regexes.set(source, held);
  }
  return held;
}

/** The `equals` names of a match (names it is sure to hold for when it holds for them). */
export function equalsNames(match: BookMatch): string[] {
  if ('or' in match) return match.or.flatMap(equalsNames);
  if ('equals' in match) return [match.equals.toLowerCase()];
  return [];
}

// `-20250514` inside or at the end of a name, as the package rewrites it to `-2025-05-14`.
const COMPACT_DATE = /(-)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)/g;

/** `name` with compact dates written with dashes (the package's second try). */
export function withDashedDates(name: string): string {
  return name.replace(COMPACT_DATE, (all, dash: string, y: string, m: string, d: string) => {
    const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d)
      ? `${dash}${y}-${m}-${d}`
      : all;
  });
}
