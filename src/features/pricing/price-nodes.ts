/**
 * The Prices tab's results as nodes of the derivation graph: the rows the
 * filter shows and the count beside the filter. The filter's text is an
 * atom the panel's search box writes (and clears when the panel closes, as
 * its own state would be), so the filtered rows are derived outside render.
 */
import { sameList } from '../../domain/equality.ts';
import { atom, computed, type Signal } from '../../state/derive.ts';
import { priceRows } from '../../state/selectors.ts';
import type { PriceTableRow } from '../../model/prices.ts';
import { formatTokens } from '../../ui/format.ts';

/** What the "Filter models" box holds. */
export const priceFilterText = atom('prices.filterText', '');

/** The rows whose model or provider contains `text` (case-insensitive); all for an empty text. */
export function filterPriceRows(
  rows: readonly PriceTableRow[],
  text: string,
): readonly PriceTableRow[] {
  const f = text.trim().toLowerCase();
  return f === ''
    ? rows
    : rows.filter((r) => r.model.toLowerCase().includes(f) || r.provider.toLowerCase().includes(f));
}

/** The rows the table shows: kept while the filter matches the very same rows. */
export const shownPriceRows: Signal<readonly PriceTableRow[]> = computed(
  'prices.shownRows',
  () => filterPriceRows(priceRows.get(), priceFilterText.get()),
  { isEqual: (a, b) => sameList(a, b) },
);

function formatModels(n: number): string {
  return `${formatTokens(n)} ${n === 1 ? 'model' : 'models'}`;
}

/** "12 models", or "3 of 12 models" while the filter hides some. */
export const priceRowCountText: Signal<string> = computed('prices.countText', () => {
  const all = priceRows.get().length;
  const shown = shownPriceRows.get().length;
  return shown === all ? formatModels(all) : `${formatTokens(shown)} of ${formatModels(all)}`;
});
