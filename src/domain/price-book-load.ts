/**
 * Loads the dated default price book: the price data bundled in
 * `@pydantic/genai-prices`, converted once (price-book.ts). Reached only by
 * dynamic import, so the data is a chunk of its own, off the first visit.
 *
 * The package is only read: its `updatePrices` is never called, so it never
 * fetches newer data (the page's CSP allows `connect-src 'self'` only).
 * `waitForUpdate()` with no update set up resolves to the bundled data.
 */
import { waitForUpdate } from '@pydantic/genai-prices';
import type { BookProvider } from './price-book-data.ts';
import { PRICE_BOOK_DATE, PRICE_BOOK_VERSION } from './price-book-meta.ts';
import { convertPriceBook, type PriceBook } from './price-book.ts';

let loading: Promise<PriceBook> | undefined;

/** The price book, converted on first use. */
export function loadPriceBook(): Promise<PriceBook> {
  loading ??= waitForUpdate().then((providers) =>
    convertPriceBook((providers ?? []) as unknown as readonly BookProvider[], {
      version: PRICE_BOOK_VERSION,
      date: PRICE_BOOK_DATE,
    }),
  );
  return loading;
}
