import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { convertPriceBook, type PriceBook } from '../../../src/domain/price-book.ts';
import type { BookModel } from '../../../src/domain/price-book-data.ts';
import { PRICE_BOOK_DATE, PRICE_BOOK_VERSION } from '../../../src/domain/price-book-meta.ts';
import { PriceBookSection } from '../../../src/features/pricing/PriceBookSection.tsx';

/** A made-up book: 300 models of one provider, one with a price change. */
function madeUpBook(): PriceBook {
  const models: BookModel[] = Array.from({ length: 300 }, (_, i) => ({
    id: `widget-${i}`,
    match: { equals: `widget-${i}` },
    prices: { input_mtok: i + 1, output_mtok: 2 * (i + 1) },
  }));
  models.push({
    id: 'gadget',
    match: { or: [{ equals: 'gadget' }, { equals: 'gadget-latest' }] },
    prices: [
      { prices: { input_mtok: 4, output_mtok: 8 } },
      {
        constraint: { type: 'start_date', start_date: '2030-03-01' },
        prices: { input_mtok: 3, output_mtok: 6 },
      },
    ],
  });
  return convertPriceBook([{ id: 'acme', name: 'Acme', models }], {
    version: '9.9.9',
    date: '2030-01-02',
  });
}

describe('PriceBookSection', () => {
  it('names the version and date, and searches the rows, showing each row’s dates', async () => {
    const book = madeUpBook();
    render(<PriceBookSection load={() => Promise.resolve(book)} today="2030-04-01" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the price book');
    const source = await screen.findByTestId('price-book-source');
    expect(source).toHaveTextContent('9.9.9');
    expect(source).toHaveTextContent('data of 2030-01-02');
    expect(screen.getByText(/^302 rows$/)).toBeInTheDocument();
    // Virtualised: far fewer rows in the page than in the book.
    const table = screen.getByRole('region', { name: 'Price book rows' });
    const drawn = within(table).getAllByRole('rowheader').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);

    await userEvent.type(screen.getByLabelText(/Search the price book/), 'gadget-latest');
    await waitFor(() => expect(screen.getByText('2 of 302 rows')).toBeInTheDocument());
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.closest('tr')!);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'before 2030-03-01',
      'from 2030-03-01 (today)',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('3');

    await userEvent.clear(screen.getByLabelText(/Search the price book/));
    await userEvent.type(screen.getByLabelText(/Search the price book/), 'no such model');
    expect(await screen.findByText('No model of the book matches the search.')).toBeInTheDocument();
  });

  it('says so when the book cannot be loaded', async () => {
    render(<PriceBookSection load={() => Promise.reject(new Error('chunk missing'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk missing');
  });

  it('loads the installed package’s book by default', async () => {
    render(<PriceBookSection />);
    const source = await screen.findByTestId('price-book-source', {}, { timeout: 10_000 });
    expect(source).toHaveTextContent(PRICE_BOOK_VERSION);
    expect(source).toHaveTextContent(`data of ${PRICE_BOOK_DATE}`);
    // The book stays out of the scenario (and so out of links, saves and history).
    expect(useAppStore.getState().prices.rows).toHaveLength(Object.keys(DEFAULT_PRICING).length);
    await userEvent.type(screen.getByLabelText(/Search the price book/), 'claude-sonnet-4-5');
    const table = screen.getByRole('region', { name: 'Price book rows' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toContain('anthropic/claude-sonnet-4-5'),
    );
  });
});
