/** The price table as the editor holds it: rows in display order, and the core's table they make. */
import { DEFAULT_PRICING, type PriceRow, type SingleRowPricingTable } from '../core/index.ts';

/** One editable row of the price table: a model name and its prices (USD per million tokens). */
export type PriceTableRow = PriceRow & { readonly model: string };

export interface PricesState {
  /** Rows in display order; model names are unique. */
  readonly rows: readonly PriceTableRow[];
}

export function rowsFromTable(table: SingleRowPricingTable): PriceTableRow[] {
  return Object.entries(table).map(([model, row]) => ({ model, ...row }));
}

export function tableFromRows(rows: readonly PriceTableRow[]): SingleRowPricingTable {
  // Object.fromEntries defines own properties, so even "__proto__" is a plain row.
  return Object.fromEntries(rows.map(({ model, ...row }): [string, PriceRow] => [model, row]));
}

export const DEFAULT_PRICES: PricesState = { rows: rowsFromTable(DEFAULT_PRICING) };
