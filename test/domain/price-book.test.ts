/**
 * The price book's conversion on small inputs shaped like the package's
 * data (made up here: names, prices and dates are not the package's).
 */
import { describe, expect, it } from 'vitest';
import { findPriceRow, type PriceRow, type PricingTable } from '../../src/core/index.ts';
import { billTrace, PLAIN_CALL_FIELDS } from '../../src/core/traces/index.ts';
import {
  withBookAliases,
  withScenarioRows,
  billingPricing,
  isUnchangedDefault,
} from '../../src/domain/price-book-rows.ts';
import {
  convertPriceBook,
  NO_TOKEN_PRICE,
  OTHER_UNITS,
  PER_REQUEST_FEE,
  TIER_APPROXIMATED,
  TIME_OF_DAY,
} from '../../src/domain/price-book.ts';
import { model, provider, SOURCE } from '../helpers/price-book-source.ts';

describe('convertPriceBook', () => {
  it('maps token prices, the context window and the cache mode', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model(
            'acme-large',
            {
              input_mtok: 2,
              output_mtok: 8,
              cache_read_mtok: 0.2,
              cache_write_mtok: 2.5,
              cache_write_1h_mtok: 4,
            },
            { context_window: 64_000 },
          ),
          model('claude-on-acme', { input_mtok: 1, output_mtok: 2 }),
        ]),
        provider('anthropic', [model('poem-1', { input_mtok: 1, output_mtok: 3 })]),
      ],
      SOURCE,
    );
    expect(book.version).toBe('9.9.9');
    expect(book.date).toBe('2030-01-02');
    expect(book.table['acme/acme-large']).toEqual([
      {
        provider: 'acme',
        input: 2,
        output: 8,
        cacheRead: 0.2,
        cacheWrite: 2.5,
        cacheWrite1h: 4,
        maxInputTokens: 64_000,
        cacheMode: 'automatic',
      },
    ]);
    expect(book.table['acme-large']).toBe(book.table['acme/acme-large']);
    expect(book.table['claude-on-acme']![0]!.cacheMode).toBe('explicit');
    expect(book.table['poem-1']![0]!.cacheMode).toBe('explicit');
    expect(book.rowCount).toBe(3);
  });

  it('dates prices by their start day, oldest first, and leaves time-of-day prices out', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model('m', [
            { prices: { input_mtok: 1, output_mtok: 2 } },
            {
              constraint: { type: 'start_date', start_date: '2031-05-01' },
              prices: { input_mtok: 3, output_mtok: 4 },
            },
            {
              constraint: { type: 'start_date', start_date: '2030-02-01' },
              prices: { input_mtok: 5, output_mtok: 6 },
            },
            {
              constraint: { type: 'time_of_date', start_time: '01:00:00Z', end_time: '02:00:00Z' },
              prices: { input_mtok: 0.5, output_mtok: 1 },
            },
          ]),
        ]),
      ],
      SOURCE,
    );
    const rows = book.table['m']!;
    expect(rows.map((r) => [r.effectiveFrom, r.input])).toEqual([
      [undefined, 1],
      ['2030-02-01', 5],
      ['2031-05-01', 3],
    ]);
    expect(book.entries[0]!.leftOut).toEqual([TIME_OF_DAY]);
    expect(book.leftOutPrices).toEqual([{ reason: TIME_OF_DAY, count: 1, examples: ['acme/m'] }]);
  });

  it('makes one threshold of prompt-size tiers a long-context tier billed at its rates', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model('tiered', {
            input_mtok: { base: 1, tiers: [{ start: 100_000, price: 2 }] },
            output_mtok: { base: 4, tiers: [{ start: 100_000, price: 6 }] },
            cache_read_mtok: 0.1,
          }),
          model('output-only', {
            input_mtok: 1,
            output_mtok: { base: 4, tiers: [{ start: 50_000, price: 5 }] },
          }),
        ]),
      ],
      SOURCE,
    );
    expect(book.table['tiered']![0]!.longContext).toEqual({
      thresholdTokens: 100_000,
      input: 2,
      output: 6,
    });
    // A key left out of the tier is the row's own rate (0.1 for cache reads).
    expect(book.table['tiered']![0]!.cacheRead).toBe(0.1);
    expect(book.table['output-only']![0]!.longContext).toEqual({
      thresholdTokens: 50_000,
      input: 1,
      output: 5,
    });
    expect(book.leftOutPrices).toEqual([]);
  });

  it('keeps the rates just above the lowest start when tiers are not one threshold', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model('steps', {
            input_mtok: {
              base: 1,
              tiers: [
                { start: 10_000, price: 2 },
                { start: 20_000, price: 3 },
              ],
            },
            output_mtok: { base: 4, tiers: [{ start: 30_000, price: 8 }] },
          }),
        ]),
      ],
      SOURCE,
    );
    expect(book.table['steps']![0]!.longContext).toEqual({
      thresholdTokens: 10_000,
      input: 2,
      output: 4,
    });
    expect(book.entries[0]!.leftOut).toContain(TIER_APPROXIMATED);
  });

  it('maps search fees to tool fees and leaves per-request fees and other units out', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model('searcher', {
            input_mtok: 1,
            output_mtok: 2,
            web_searches_kcount: 10,
            storage_searches_kcount: 2.5,
            requests_kcount: 5,
            input_audio_mtok: 40,
          }),
        ]),
      ],
      SOURCE,
    );
    const row = book.table['searcher']![0]!;
    expect(row.toolFees).toEqual({ web_search: 10, file_search: 2.5 });
    expect(row).not.toHaveProperty('requests_kcount');
    expect([...book.entries[0]!.leftOut].sort()).toEqual([OTHER_UNITS, PER_REQUEST_FEE].sort());
  });

  it('skips models with no input and output token price, or an invalid price, and counts them', () => {
    const book = convertPriceBook(
      [
        provider('acme', [
          model('embedder', { input_mtok: 0.1 }),
          model('painter', { output_image_mtok: 30 }),
          model('broken', { input_mtok: -1, output_mtok: 2 }),
          model('fine', { input_mtok: 0, output_mtok: 0 }),
        ]),
      ],
      SOURCE,
    );
    expect(book.entries.map((e) => e.id)).toEqual(['fine']);
    expect(book.skippedModels).toEqual([
      { reason: NO_TOKEN_PRICE, count: 2, examples: ['acme/embedder', 'acme/painter'] },
      {
        reason: expect.stringMatching(/^an invalid price: input: must be a price of 0 or more/),
        count: 1,
        examples: ['acme/broken'],
      },
    ]);
  });
});

const row = (input: number, effectiveFrom?: string): PriceRow => ({
  provider: 'acme',
  input,
  output: 1,
  ...(effectiveFrom === undefined ? {} : { effectiveFrom }),
});

describe('rows over time and the billing table', () => {
  it("overrides the book with the scenario's rows, but not with unchanged default rows", () => {
    const book = { 'gpt-5': [row(1), row(2, '2030-01-01')], 'only-book': [row(3)] };
    const defaults = {
      'gpt-5': {
        provider: 'openai',
        input: 1.25,
        output: 10,
        cacheRead: 0.125,
        minCacheableTokens: 1024,
        cacheMode: 'automatic' as const,
      },
    };
    expect(isUnchangedDefault('gpt-5', defaults['gpt-5'])).toBe(true);
    const unchanged = withScenarioRows(book, defaults);
    expect(unchanged['gpt-5']).toBe(book['gpt-5']);
    const edited = { 'gpt-5': { ...defaults['gpt-5'], input: 7 }, mine: row(9) };
    const table = withScenarioRows(book, edited);
    expect(table['gpt-5']).toBe(edited['gpt-5']);
    expect(table['mine']).toBe(edited.mine);
    expect(table['only-book']).toBe(book['only-book']);
    expect(withScenarioRows(undefined, defaults)['gpt-5']).toBe(defaults['gpt-5']);
  });

  it("adds aliases the book resolves, never bypassing the scenario's rows", () => {
    const rows = [row(1)];
    const resolve = (name: string) => (name.startsWith('gizmo') ? 'maker/gizmo' : undefined);
    const scenario: PricingTable = { 'gizmo-2': row(5) };
    const table = withBookAliases(
      { 'maker/gizmo': rows, 'gizmo-2': scenario['gizmo-2']! },
      ['gizmo-x', 'gizmo-2-20300101', 'other'],
      resolve,
      scenario,
    );
    expect(table['gizmo-x']).toBe(rows);
    // Found by SPEC §1.1 (date suffix) on the user's row: kept there.
    expect(Object.hasOwn(table, 'gizmo-2-20300101')).toBe(false);
    expect(Object.hasOwn(table, 'other')).toBe(false);
  });

  it('keeps every dated row, so the core bills each call on its own day', () => {
    const rows = [row(1), row(2, '2030-02-01')];
    const book = {
      table: { 'maker/gizmo': rows },
      resolve: (n: string) => (n.startsWith('gizmo') ? 'maker/gizmo' : undefined),
    };
    const billed = billingPricing(book, {}, ['gizmo-9']);
    expect(billed['gizmo-9']).toBe(rows);
    const call = (callId: string, day: string) => ({
      ...PLAIN_CALL_FIELDS,
      conversationId: 'c',
      callId,
      at: Date.parse(`${day}T12:00:00Z`) / 1000,
      model: 'gizmo-9',
      inputTokens: 1_000_000,
      cacheReadTokens: 0,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      outputTokens: 0,
      reasoningTokens: 0,
      sidechain: false,
      toolResults: [],
    });
    // $1 a million before the change, $2 from 2030-02-01.
    const bill = billTrace([call('a', '2030-01-15'), call('b', '2030-03-01')], billed);
    expect(bill.byDay.get('2030-01-15')?.totalUsd).toBeCloseTo(1, 12);
    expect(bill.byDay.get('2030-03-01')?.totalUsd).toBeCloseTo(2, 12);
    expect(findPriceRow(billingPricing(undefined, {}, ['gizmo-9']), 'gizmo-9')).toBeUndefined();
  });
});
