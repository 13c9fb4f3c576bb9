/**
 * The price rows the traffic's figures are priced on, for the report's
 * "Prices used": each dated row that billed a call (SPEC §10, §13.6 a: the
 * row in force on the call's UTC day), and each row a replay target would
 * be priced on over the traffic's days (SPEC §11 prices a replayed call on
 * its target's row of the call's day). Runs in the import worker beside the
 * calls; only the rows, as numbers, cross to the page.
 */
import { findPriceKey } from '../../core/model-names.ts';
import { cacheModeOf } from '../../core/price-family.ts';
import {
  cacheReadPrice,
  cacheWritePrice,
  priceRowsFor,
  rowInForce,
  type PriceRow,
  type PricingTable,
} from '../../core/pricing.ts';
import type { TraceCall } from '../../core/traces/index.ts';
import { utcDay } from '../../core/traces/time.ts';

/** One price row the traffic's figures use, with its prices resolved (USD per million tokens). */
export interface TrafficPriceUsed {
  /** The price table's key. */
  readonly model: string;
  /** The row's first UTC day (absent: the model's earliest row). */
  readonly effectiveFrom?: string;
  readonly input: number;
  readonly output: number;
  /** The 5-minute cache write (plain input when the row has none). */
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
  /** The provider caches by itself: no TTL to choose, no write premium. */
  readonly automaticCache: boolean;
  /** Calls billed at this row as the traffic ran (0: only a target). */
  readonly billedCalls: number;
  /** A target the request named is priced at this row on one of the traffic's days. */
  readonly target: boolean;
}

interface Held {
  readonly model: string;
  readonly row: PriceRow;
  billedCalls: number;
  target: boolean;
}

/**
 * The rows the traffic's bill and the replay `targets` (model names, as a
 * choice names them) are priced on, in the table's order of first use: the
 * billed rows by their calls, most first, then the targets' rows. A target
 * without a price row is absent (the replay leaves its calls out and says so).
 */
export function trafficPricesUsed(
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
  targets: readonly string[],
): TrafficPriceUsed[] {
  const held = new Map<PriceRow, Held>();
  const keys = new Map<string, string | undefined>();
  const keyOf = (name: string) => {
    if (!keys.has(name)) keys.set(name, findPriceKey(pricing, name));
    return keys.get(name);
  };
  const hold = (model: string, row: PriceRow): Held => {
    let entry = held.get(row);
    if (entry === undefined) {
      entry = { model, row, billedCalls: 0, target: false };
      held.set(row, entry);
    }
    return entry;
  };
  // The days a replayed call is priced on: each call's own (null for an undated one, as the bill prices it).
  const days = new Set<string | null>();
  for (const call of calls) {
    const day = call.at === null ? null : utcDay(call.at);
    days.add(day);
    const key = keyOf(call.model);
    if (key === undefined) continue;
    hold(key, rowInForce(priceRowsFor(pricing, key)!, day)).billedCalls += 1;
  }
  for (const target of new Set(targets)) {
    const key = keyOf(target);
    if (key === undefined) continue;
    const rows = priceRowsFor(pricing, key)!;
    for (const day of days) hold(key, rowInForce(rows, day)).target = true;
  }
  return [...held.values()]
    .sort(
      (a, b) =>
        b.billedCalls - a.billedCalls ||
        (a.model < b.model ? -1 : a.model > b.model ? 1 : 0) ||
        (a.row.effectiveFrom ?? '').localeCompare(b.row.effectiveFrom ?? ''),
    )
    .map(({ model, row, billedCalls, target }) => ({
      model,
      ...(row.effectiveFrom === undefined ? {} : { effectiveFrom: row.effectiveFrom }),
      input: row.input,
      output: row.output,
      cacheWrite5m: cacheWritePrice(row, 300),
      cacheWrite1h: cacheWritePrice(row, 3600),
      cacheRead: cacheReadPrice(row),
      automaticCache: cacheModeOf(row) === 'automatic',
      billedCalls,
      target,
    }));
}
