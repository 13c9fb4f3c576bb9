/**
 * Made-up price-book data for the conversion tests: a book's source, and
 * models and providers in the package's shape (not the package's own data).
 */
import type { BookModel, BookProvider } from '../../src/domain/price-book-data.ts';

export const SOURCE = { version: '9.9.9', date: '2030-01-02' };

/** A model matched by its own id. */
export function model(
  id: string,
  prices: BookModel['prices'],
  extra: Partial<BookModel> = {},
): BookModel {
  return { id, match: { equals: id }, prices, ...extra };
}

/** A provider named after its id. */
export function provider(
  id: string,
  models: BookModel[],
  extra: Partial<BookProvider> = {},
): BookProvider {
  return { id, name: id.toUpperCase(), models, ...extra };
}
