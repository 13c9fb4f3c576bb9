import type { SingleRowPricingTable } from '../core/index.ts';
import { computed, fromStore, useValue } from './derive.ts';
import { tableFromRows } from '../model/prices.ts';

/** The editable price rows. */
export const priceRows = fromStore('prices.rows', (s) => s.prices.rows);

/** The current price table, derived from the editable rows. */
export const pricingTable = computed('pricingTable', () => tableFromRows(priceRows.get()));

/** Model names in table order, for selects. */
export const modelNames = computed('modelNames', (): readonly string[] =>
  priceRows.get().map((r) => r.model),
);

/** The current price table (the same object while the rows are unchanged). */
export function usePricing(): SingleRowPricingTable {
  return useValue(pricingTable);
}

/** Model names in table order, for selects. */
export function useModelNames(): readonly string[] {
  return useValue(modelNames);
}
