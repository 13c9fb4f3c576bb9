import { useMemo } from 'react';
import type { PricingTable } from '../core/index.ts';
import { tableFromRows } from './slices/prices-slice.ts';
import { useAppStore } from './store.ts';

/** The current price table, derived from the editable rows (memoised on the rows). */
export function usePricing(): PricingTable {
  const rows = useAppStore((s) => s.prices.rows);
  return useMemo(() => tableFromRows(rows), [rows]);
}

/** Model names in table order, for selects. */
export function useModelNames(): string[] {
  const rows = useAppStore((s) => s.prices.rows);
  return useMemo(() => rows.map((r) => r.model), [rows]);
}
