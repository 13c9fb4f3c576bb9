/**
 * The table the traffic service bills with by default (the dated price book
 * overridden by the scenario's rows), for tests that check the traffic tab's
 * figures against the core's.
 */
import { DEFAULT_PRICING, type PricingTable } from '../../src/core/pricing.ts';
import type { TraceCall } from '../../src/core/traces/index.ts';
import { loadPriceBook } from '../../src/domain/price-book-load.ts';
import { billingPricing } from '../../src/domain/price-book-rows.ts';

/** The billing table for `calls` under `scenario` (default: the SPEC §1 table). */
export async function bookBilling(
  calls: readonly TraceCall[],
  scenario: PricingTable = DEFAULT_PRICING,
): Promise<PricingTable> {
  const book = await loadPriceBook();
  return billingPricing(book, scenario, new Set(calls.map((c) => c.model)));
}
