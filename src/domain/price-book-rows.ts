/**
 * The table the app bills traffic with: the dated default price book
 * overridden by the scenario's own rows (a LiteLLM import, hand edits,
 * default rows the user changed), with the trace's model names the book
 * knows by its own matching added as aliases. Pure. The table keeps every
 * model's dated rows: the core picks the row in force on each call's own day
 * (SPEC §13.6 a).
 */
import {
  DEFAULT_PRICING,
  findPriceRow,
  priceRowFor,
  type PriceRow,
  type PricingTable,
} from '../core/index.ts';

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Whether `row` is the SPEC §1 default row of `model`, unchanged. */
export function isUnchangedDefault(model: string, row: PriceRow): boolean {
  const builtIn = priceRowFor(DEFAULT_PRICING, model);
  return builtIn !== undefined && sameValue(builtIn, row);
}

/**
 * The book's rows overridden by `scenario`'s: every scenario row replaces the
 * book's rows of its name, except a default row left unchanged where the
 * book has that model (the book's dated rows are then the default).
 */
export function withScenarioRows(
  book: Readonly<Record<string, readonly PriceRow[]>> | undefined,
  scenario: PricingTable,
): Record<string, PriceRow | readonly PriceRow[]> {
  const table = Object.create(null) as Record<string, PriceRow | readonly PriceRow[]>;
  if (book !== undefined) for (const key of Object.keys(book)) table[key] = book[key]!;
  for (const key of Object.keys(scenario)) {
    const row = priceRowFor(scenario, key);
    if (row === undefined) continue;
    if (book !== undefined && Object.hasOwn(book, key) && isUnchangedDefault(key, row)) continue;
    table[key] = row;
  }
  return table;
}

/**
 * `table` with an alias for each of `names` that is not a key of its own but
 * that the book's own matching prices (for example `gpt-5-codex`, which the
 * book prices as `gpt-5`, or `claude-sonnet-4-20250514`): the name then
 * finds that model's rows, as the book would price it, before SPEC §1.1's
 * date and provider fallbacks would. A name whose §1.1 lookup finds one of
 * `scenario`'s rows keeps it: the user's rows are never bypassed. Returns
 * `table` itself, changed in place.
 */
export function withBookAliases(
  table: Record<string, PriceRow | readonly PriceRow[]>,
  names: Iterable<string>,
  resolve: (name: string) => string | undefined,
  scenario: PricingTable = {},
): Record<string, PriceRow | readonly PriceRow[]> {
  for (const name of names) {
    if (Object.hasOwn(table, name)) continue;
    // Only the name is used: a dated value is an object like a row to the lookup.
    const found = findPriceRow(table as unknown as PricingTable, name);
    if (found !== undefined && table[found.model] === priceRowFor(scenario, found.model)) continue;
    const key = resolve(name);
    const rows = key === undefined ? undefined : table[key];
    if (rows !== undefined) table[name] = rows;
  }
  return table;
}

/** Today's UTC day, `YYYY-MM-DD`. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What billing needs of the book: its rows and its own name matching. */
export interface BookForBilling {
  readonly table: Readonly<Record<string, readonly PriceRow[]>>;
  resolve(name: string): string | undefined;
}

/**
 * The table traffic is billed with: the book (when loaded) overridden by
 * `scenario`, with aliases for the trace's `names` the book knows; each
 * model keeps its dated rows.
 */
export function billingPricing(
  book: BookForBilling | undefined,
  scenario: PricingTable,
  names: Iterable<string>,
): PricingTable {
  const table = withScenarioRows(book?.table, scenario);
  if (book !== undefined) withBookAliases(table, names, (name) => book.resolve(name), scenario);
  return table;
}
