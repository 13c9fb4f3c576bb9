import type { SingleRowPricingTable } from '../core/index.ts';
import { computed, useDerived } from './derive.ts';
import { tableFromRows } from '../model/prices.ts';

/** The current price table, derived from the editable rows. */
export const pricingTable = computed(
  'pricingTable',
  (s) => [s.prices.rows] as const,
  (rows) => tableFromRows(rows),
);

/** Model names in table order, for selects. */
export const modelNames = computed(
  'modelNames',
  (s) => [s.prices.rows] as const,
  (rows): readonly string[] => rows.map((r) => r.model),
);

/** The current price table (the same object while the rows are unchanged). */
export function usePricing(): SingleRowPricingTable {
  return useDerived(pricingTable);
}

/** Model names in table order, for selects. */
export function useModelNames(): readonly string[] {
  return useDerived(modelNames);
}
