// @vitest-environment node
/**
 * The Prices tab's nodes: the filtered rows and their count, and the price
 * book's lines, search result, count and facts once a load has set the book.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { convertPriceBook } from '../../../src/domain/price-book.ts';
import type { BookModel } from '../../../src/domain/price-book-data.ts';
import {
  PRICE_BOOK_LOADING,
  priceBookCountText,
  priceBookFacts,
  priceBookLines,
  priceBookLoad,
  priceBookQuery,
  priceBookShown,
} from '../../../src/features/pricing/price-book-nodes.ts';
import {
  priceFilterText,
  priceRowCountText,
  shownPriceRows,
} from '../../../src/features/pricing/price-nodes.ts';
import { useAppStore } from '../../../src/state/store.ts';

afterEach(() => {
  priceFilterText.set('');
  priceBookQuery.set('');
  priceBookLoad.set(PRICE_BOOK_LOADING);
  useAppStore.getState().resetToDefaults();
});

describe('the price table’s filter', () => {
  it('shows every row, the store’s own list, while the filter is empty', () => {
    const rows = useAppStore.getState().prices.rows;
    expect(shownPriceRows.get()).toBe(rows);
    expect(priceRowCountText.get()).toBe(`${rows.length} models`);
  });

  it('filters by model or provider, and keeps the result while the same rows match', () => {
    const rows = useAppStore.getState().prices.rows;
    const provider = rows[0]!.provider;
    priceFilterText.set(provider.toUpperCase());
    const shown = shownPriceRows.get();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((r) => r.provider === provider || r.model.includes(provider))).toBe(true);

    priceFilterText.set(` ${provider} `);
    expect(shownPriceRows.get()).toBe(shown);
    expect(priceRowCountText.get()).toBe(
      shown.length === rows.length
        ? `${rows.length} models`
        : `${shown.length} of ${rows.length} models`,
    );

    priceFilterText.set('no such model');
    expect(shownPriceRows.get()).toEqual([]);
    expect(priceRowCountText.get()).toBe(`0 of ${rows.length} models`);
  });
});

describe('the price book’s nodes', () => {
  const models: BookModel[] = [
    { id: 'widget', match: { equals: 'widget' }, prices: { input_mtok: 1, output_mtok: 2 } },
    {
      id: 'gadget',
      match: { or: [{ equals: 'gadget' }, { equals: 'gadget-latest' }] },
      prices: [
        { prices: { input_mtok: 4, output_mtok: 8 } },
        {
          constraint: { type: 'start_date', start_date: '2030-03-01' },
          prices: { input_mtok: 3, output_mtok: 6 },
        },
      ],
    },
  ];
  const book = convertPriceBook([{ id: 'acme', name: 'Acme', models }], {
    version: '9.9.9',
    date: '2030-01-02',
  });

  it('hold nothing until the load sets the book', () => {
    expect(priceBookLines.get()).toEqual([]);
    expect(priceBookFacts.get()).toBeNull();
  });

  it('search the loaded book and count what the search shows', () => {
    priceBookLoad.set({ kind: 'ready', book, today: '2030-04-01' });
    expect(priceBookLines.get()).toHaveLength(3);
    expect(priceBookCountText.get()).toBe('3 rows');
    expect(priceBookFacts.get()).toMatchObject({ datedModels: 1, skippedModels: 0 });

    priceBookQuery.set('GADGET-latest');
    const shown = priceBookShown.get();
    expect(shown.map((l) => [l.id, l.inForce])).toEqual([
      ['acme/gadget#0', false],
      ['acme/gadget#1', true],
    ]);
    expect(priceBookCountText.get()).toBe('2 of 3 rows');
    // Another query matching the very same lines keeps the kept list.
    priceBookQuery.set('gadget');
    expect(priceBookShown.get()).toBe(shown);
  });
});
