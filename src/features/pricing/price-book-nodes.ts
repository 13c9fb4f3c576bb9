/**
 * The price book on the Prices tab as nodes of the derivation graph. The
 * book stays lazy: the section loads it (its own chunk) when shown and sets
 * `priceBookLoad` when the load settles; the lines, the search's result, the
 * count and the book's facts are nodes over that atom and the search text.
 */
import { sameList } from '../../domain/equality.ts';
import type { PriceBook } from '../../domain/price-book.ts';
import { atom, computed, type Signal } from '../../state/derive.ts';
import { formatTokens } from '../../ui/format.ts';
import { bookLines, searchLines, type BookLine } from './price-book-view.ts';

/** Where the book's load stands; a ready book carries the day its "in force" marks are for. */
export type PriceBookLoad =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly book: PriceBook; readonly today: string }
  | { readonly kind: 'failed'; readonly message: string };

/** The state before a load settles (one object, so setting it again changes nothing). */
export const PRICE_BOOK_LOADING: PriceBookLoad = { kind: 'loading' };

/** The book's load, set by the section that loads it. */
export const priceBookLoad = atom<PriceBookLoad>('priceBook.load', PRICE_BOOK_LOADING);

/** What the "Search the price book" box holds. */
export const priceBookQuery = atom('priceBook.query', '');

/** Every dated row of the loaded book (none before it is loaded). */
export const priceBookLines: Signal<readonly BookLine[]> = computed('priceBook.lines', () => {
  const load = priceBookLoad.get();
  return load.kind === 'ready' ? bookLines(load.book, load.today) : [];
});

/** The lines the search matches: kept while a new query matches the very same lines. */
export const priceBookShown: Signal<readonly BookLine[]> = computed(
  'priceBook.shown',
  () => searchLines(priceBookLines.get(), priceBookQuery.get()),
  { isEqual: (a, b) => sameList(a, b) },
);

/** "1,502 rows", or "2 of 1,502 rows" while the search hides some. */
export const priceBookCountText: Signal<string> = computed('priceBook.countText', () => {
  const all = priceBookLines.get().length;
  const shown = priceBookShown.get().length;
  return shown === all
    ? `${formatTokens(all)} rows`
    : `${formatTokens(shown)} of ${formatTokens(all)} rows`;
});

/** What the section says of the book beside its rows. */
export interface PriceBookFacts {
  /** Models with more than one dated row. */
  readonly datedModels: number;
  /** Models of the data left out of the book. */
  readonly skippedModels: number;
  /** "reason (count); reason (count)" of the models left out. */
  readonly skippedReasons: string;
  /** The same for prices left out of converted models; empty when none were. */
  readonly leftOutPriceReasons: string;
}

const reasons = (list: readonly { reason: string; count: number }[]) =>
  list.map((s) => `${s.reason} (${formatTokens(s.count)})`).join('; ');

/** The loaded book's facts (null before it is loaded). */
export const priceBookFacts: Signal<PriceBookFacts | null> = computed('priceBook.facts', () => {
  const load = priceBookLoad.get();
  if (load.kind !== 'ready') return null;
  const { book } = load;
  return {
    datedModels: book.entries.filter((e) => e.rows.length > 1).length,
    skippedModels: book.skippedModels.reduce((n, s) => n + s.count, 0),
    skippedReasons: reasons(book.skippedModels),
    leftOutPriceReasons: reasons(book.leftOutPrices),
  };
});
