/**
 * The price book's name matching, through the converted book: bare ids and
 * exact aliases in the table, and resolving a name as the package does
 * (made-up providers and models, not the package's).
 */
import { describe, expect, it } from 'vitest';
import { convertPriceBook } from '../../src/domain/price-book.ts';
import { model, provider, SOURCE } from '../helpers/price-book-source.ts';

describe("the price book's names", () => {
  it("gives bare names to first parties' models and exact aliases where the book's matching sends them", () => {
    const reseller = provider('resell', [
      model('gizmo-2', { input_mtok: 9, output_mtok: 9 }),
      model('__proto__', { input_mtok: 1, output_mtok: 1 }),
    ]);
    const maker = provider(
      'openai',
      [
        model(
          'gizmo-2',
          { input_mtok: 1, output_mtok: 2 },
          {
            match: { or: [{ equals: 'gizmo-2' }, { equals: 'gizmo-2-turbo' }] },
          },
        ),
        // Its own alias is caught by the first model's match first: not claimed for this one.
        model(
          'gizmo-2-turbo',
          { input_mtok: 5, output_mtok: 5 },
          { match: { equals: 'gizmo-2-turbo' } },
        ),
      ],
      { model_match: { starts_with: 'gizmo' } },
    );
    const book = convertPriceBook([reseller, maker], SOURCE);
    expect(Object.getPrototypeOf(book.table)).toBeNull();
    expect(book.table['gizmo-2']![0]!.input).toBe(1);
    expect(book.table['resell/gizmo-2']![0]!.input).toBe(9);
    expect(book.table['gizmo-2-turbo']![0]!.input).toBe(1);
    expect(book.table['openai/gizmo-2-turbo']![0]!.input).toBe(5);
    expect(Object.hasOwn(book.table, '__proto__')).toBe(true);
    expect(book.entries.find((e) => e.key === 'openai/gizmo-2')!.names).toEqual([
      'openai/gizmo-2',
      'gizmo-2',
      'gizmo-2-turbo',
    ]);
  });

  it("resolves a name as the package does: the provider's names, its models' matches, dashed dates, fallbacks", () => {
    const base = provider(
      'maker',
      [
        model(
          'widget-1',
          { input_mtok: 1, output_mtok: 2 },
          { match: { starts_with: 'widget-1' } },
        ),
        model(
          'dated',
          { input_mtok: 1, output_mtok: 2 },
          { match: { equals: 'dated-2030-01-05' } },
        ),
        model('rx', { input_mtok: 1, output_mtok: 2 }, { match: { regex: '^rx-\\d+$' } }),
      ],
      {
        model_match: {
          or: [{ starts_with: 'widget' }, { starts_with: 'dated' }, { starts_with: 'rx' }],
        },
      },
    );
    const cloud = provider('cloud', [model('own', { input_mtok: 3, output_mtok: 3 })], {
      model_match: { contains: 'cloudy' },
      fallback_model_providers: ['maker'],
    });
    const book = convertPriceBook([base, cloud], SOURCE);
    expect(book.resolve('Widget-1-fast')).toBe('maker/widget-1');
    expect(book.resolve('dated-20300105')).toBe('maker/dated');
    expect(book.resolve('rx-12')).toBe('maker/rx');
    expect(book.resolve('rx-x')).toBeUndefined();
    expect(book.resolve('cloud/widget-1')).toBe('maker/widget-1');
    expect(book.resolve('maker/widget-1-mini')).toBe('maker/widget-1');
    expect(book.resolve('nothing')).toBeUndefined();
  });
});
