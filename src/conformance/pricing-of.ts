/**
 * The price table of a golden-vector case (SPEC §7), shared by every kind.
 */
import {
  DEFAULT_PRICING,
  emptyPricingTable,
  type PriceRow,
  type PricingTable,
} from '../core/index.ts';

/** A copy of `value` without the keys whose value is `null` (SPEC §9: `null` is absent). */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Array.isArray(value)) return value;
  for (const [key, v] of Object.entries(value)) {
    if (v === null) continue;
    out[key] =
      typeof v === 'object' && !Array.isArray(v) ? withoutNulls(v as Record<string, unknown>) : v;
  }
  return out;
}

/**
 * The case's `pricing` as a table (SPEC §7: it replaces the default table),
 * or the default table. The table has no prototype, so rows named
 * `__proto__` or `constructor` are ordinary rows (SPEC §9); fields given as
 * `null` are left out. Exported for the other kinds' modules.
 */
export function pricingOf(input: Record<string, unknown>): PricingTable {
  const given = input['pricing'];
  if (given === undefined) return DEFAULT_PRICING;
  const table = emptyPricingTable();
  // A row without `provider` stays without one: its family comes from its name (SPEC §13.4).
  const rowOf = (row: Record<string, unknown>) => withoutNulls(row) as unknown as PriceRow;
  for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
    (table as Record<string, PriceRow | readonly PriceRow[]>)[name] = Array.isArray(value)
      ? (value as Record<string, unknown>[]).map(rowOf)
      : rowOf(value as Record<string, unknown>);
  }
  return table;
}
