import type { StateCreator } from 'zustand';
import type { SingleRowPricingTable } from '../../core/index.ts';
import {
  DEFAULT_PRICES,
  rowsFromTable,
  type PricesState,
  type PriceTableRow,
} from '../../model/prices.ts';
import type { AppState } from '../store.ts';

export interface PricesSlice {
  prices: PricesState;
  /** Replaces the row named `model` (which may be renamed to `row.model`). */
  updatePriceRow: (model: string, row: PriceTableRow) => void;
  addPriceRow: (row: PriceTableRow) => void;
  removePriceRow: (model: string) => void;
  /** Imported rows replace rows of the same name and add new ones; other rows stay. */
  mergePriceRows: (table: SingleRowPricingTable) => void;
  resetPrices: () => void;
}

export const createPricesSlice: StateCreator<AppState, [], [], PricesSlice> = (set) => ({
  prices: DEFAULT_PRICES,
  updatePriceRow: (model, row) =>
    set((s) => ({ prices: { rows: s.prices.rows.map((r) => (r.model === model ? row : r)) } })),
  addPriceRow: (row) => set((s) => ({ prices: { rows: [...s.prices.rows, row] } })),
  removePriceRow: (model) =>
    set((s) => ({ prices: { rows: s.prices.rows.filter((r) => r.model !== model) } })),
  mergePriceRows: (table) =>
    set((s) => {
      const incoming = rowsFromTable(table);
      const byName = new Map(incoming.map((r) => [r.model, r]));
      const kept = s.prices.rows.map((r) => byName.get(r.model) ?? r);
      const existing = new Set(s.prices.rows.map((r) => r.model));
      return { prices: { rows: [...kept, ...incoming.filter((r) => !existing.has(r.model))] } };
    }),
  resetPrices: () => set({ prices: DEFAULT_PRICES }),
});
