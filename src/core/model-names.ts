/**
 * Finding a trace's model name in the price table (SPEC §1.1 "Model names in
 * traces", §12): as given; failing that without a trailing date suffix;
 * failing that without a leading `provider/` segment (and then without the
 * date).
 */
import { priceRowsFor, rowInForce, type PriceRow, type PricingTable } from './pricing.ts';

/** A price row found for a name, and the table's name for it. */
export interface FoundPriceRow {
  readonly model: string;
  readonly row: PriceRow;
}

// `-20251001`, `@20251001` or `-2025-10-01` at the very end; not checked as a date.
const DATE_SUFFIX = /(?:[-@]\d{8}|-\d{4}-\d{2}-\d{2})$/;

/** `name` without one trailing date suffix, or `name` itself when it has none. */
export function withoutDateSuffix(name: string): string {
  return name.replace(DATE_SUFFIX, '');
}

/** `name` without its first `provider/` segment, or `undefined` when it has none. */
export function withoutProviderSegment(name: string): string | undefined {
  const slash = name.indexOf('/');
  return slash < 0 ? undefined : name.slice(slash + 1);
}

/**
 * The table key a model name resolves to under SPEC §1.1's name rules, or
 * `undefined` when the name is unpriced.
 */
export function findPriceKey(table: PricingTable, name: string): string | undefined {
  const candidates = [name, withoutDateSuffix(name)];
  const bare = withoutProviderSegment(name);
  if (bare !== undefined) candidates.push(bare, withoutDateSuffix(bare));
  for (const model of candidates) {
    if (priceRowsFor(table, model) !== undefined) return model;
  }
  return undefined;
}

/**
 * The price row a model name resolves to under SPEC §1.1's name rules, or
 * `undefined` when the name is unpriced. The table key is found first; of
 * its dated rows, the one in force on the UTC `day` (`YYYY-MM-DD`) is taken
 * (SPEC §13.6 a), the latest when `day` is `null` or left out.
 */
export function findPriceRow(
  table: PricingTable,
  name: string,
  day: string | null = null,
): FoundPriceRow | undefined {
  const model = findPriceKey(table, name);
  if (model === undefined) return undefined;
  return { model, row: rowInForce(priceRowsFor(table, model)!, day) };
}
