/**
 * The price book as converted from the installed package's own data:
 * structural facts, the names real traces use, agreement with the package's
 * own price calculation, and the measurement the book is for: calls on a
 * model the book knows are never left unpriced.
 */
import { readFileSync } from 'node:fs';
import { calcPrice, waitForUpdate, type Provider } from '@pydantic/genai-prices';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICING,
  findPriceRow,
  priceRowFor,
  rowInForce,
  validatePriceRow,
  type PriceRow,
} from '../../src/core/index.ts';
import {
  billCall,
  PLAIN_CALL_FIELDS,
  readTraceFiles,
  type TraceCall,
} from '../../src/core/traces/index.ts';
import { equalsNames } from '../../src/domain/price-book-data.ts';
import { loadPriceBook } from '../../src/domain/price-book-load.ts';
import { PRICE_BOOK_VERSION } from '../../src/domain/price-book-meta.ts';
import {
  billingPricing,
  withBookAliases,
  withScenarioRows,
} from '../../src/domain/price-book-rows.ts';
import type { PriceBook } from '../../src/domain/price-book.ts';

const PACKAGE_JSON = 'node_modules/@pydantic/genai-prices/package.json';

let book: PriceBook;
let data: Provider[];
beforeAll(async () => {
  book = await loadPriceBook();
  data = (await waitForUpdate())!;
});

describe('the price book from the installed package', () => {
  it('names the installed version, pinned exactly', () => {
    const installed = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
    const ours = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(PRICE_BOOK_VERSION).toBe(installed.version);
    expect(ours.dependencies['@pydantic/genai-prices']).toBe(installed.version);
    expect(book.version).toBe(installed.version);
  });

  it('accounts for every model of the data: converted or skipped with a reason', () => {
    const models = data.reduce((n, p) => n + p.models.length, 0);
    const skipped = book.skippedModels.reduce((n, s) => n + s.count, 0);
    expect(book.entries.length + skipped).toBe(models);
    // Most of the data is chat models.
    expect(book.entries.length).toBeGreaterThan(models / 2);
    for (const s of book.skippedModels) expect(s.reason).not.toBe('');
  });

  it('makes only valid rows, sorted by date, none negative, in a null-prototype table', () => {
    expect(Object.getPrototypeOf(book.table)).toBeNull();
    let rows = 0;
    for (const entry of book.entries) {
      expect(entry.rows.length).toBeGreaterThan(0);
      expect(book.table[entry.key]).toBe(entry.rows);
      const dates = entry.rows.map((r) => r.effectiveFrom ?? '');
      expect(dates).toEqual([...dates].sort());
      for (const row of entry.rows) {
        rows += 1;
        expect(validatePriceRow(entry.key, row)).toEqual([]);
        const prices = [row.input, row.output, row.cacheRead, row.cacheWrite, row.cacheWrite1h];
        for (const p of prices) if (p !== undefined) expect(p).toBeGreaterThanOrEqual(0);
        expect(['explicit', 'automatic']).toContain(row.cacheMode);
        for (const fee of Object.values(row.toolFees ?? {})) expect(fee).toBeGreaterThanOrEqual(0);
      }
      for (const name of entry.names) expect(book.table[name]).toBe(entry.rows);
    }
    expect(rows).toBe(book.rowCount);
    // Some prices change over time in the data.
    expect(book.entries.some((e) => e.rows.length > 1)).toBe(true);
  });

  it('finds the rows of the names real traces use', () => {
    const traceNames = [
      'claude-sonnet-4-20250514',
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-1-20250805',
      'claude-haiku-4-5-20251001',
      'gpt-5-codex',
      'gpt-4o-2024-08-06',
      'gpt-4.1-2025-04-14',
      'gemini-2.5-pro',
      'o4-mini',
      'o3-pro',
      'anthropic/claude-sonnet-4-5',
    ];
    const table = billingPricing(book, DEFAULT_PRICING, traceNames);
    for (const name of traceNames) {
      expect(findPriceRow(table, name), name).toBeDefined();
    }
  });

  it('keeps a changed default row and lets the book date an unchanged one', () => {
    const sonnet = DEFAULT_PRICING['claude-sonnet-4-5']!;
    const changed = { ...DEFAULT_PRICING, 'claude-sonnet-4-5': { ...sonnet, input: 99 } };
    expect(priceRowFor(billingPricing(book, changed, []), 'claude-sonnet-4-5')?.input).toBe(99);
    const opus = billingPricing(book, DEFAULT_PRICING, [])['claude-opus-4-6'];
    expect(opus).toBe(book.table['claude-opus-4-6']);
  });
});

/** A call of `model` with a prompt of `prompt` tokens, some read from and some written to the cache. */
function usageOf(prompt: number) {
  const read = Math.floor(prompt / 2);
  const write = Math.floor(prompt / 4);
  return { input: prompt - read - write, read, write, output: 321 };
}

/** The same call in three formats the reader knows (SPEC §10), each line a call. */
function traceLines(model: string, index: number, at: string): string[] {
  const u = usageOf(1000);
  const created = Math.floor(Date.parse(at) / 1000);
  return [
    JSON.stringify({
      timestamp: at,
      conversation_id: `a-${index}`,
      response: {
        id: `msg_${index}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        usage: {
          input_tokens: u.input,
          cache_read_input_tokens: u.read,
          cache_creation_input_tokens: u.write,
          output_tokens: u.output,
        },
      },
    }),
    JSON.stringify({
      id: `chatcmpl-${index}`,
      object: 'chat.completion',
      created,
      model,
      choices: [],
      usage: {
        prompt_tokens: 1000,
        completion_tokens: u.output,
        prompt_tokens_details: { cached_tokens: u.read },
      },
    }),
    JSON.stringify({
      id: `resp_${index}`,
      object: 'response',
      created_at: created,
      status: 'completed',
      model,
      usage: {
        input_tokens: 1000,
        input_tokens_details: { cached_tokens: u.read },
        output_tokens: u.output,
      },
    }),
  ];
}

/** Every name the book's data gives a model: its id, `provider/id` and each exact name its match lists. */
function namesOfData(providers: readonly Provider[]): string[] {
  const names = new Set<string>();
  for (const p of providers) {
    for (const m of p.models) {
      names.add(m.id);
      names.add(`${p.id}/${m.id}`);
      for (const alias of equalsNames(m.match)) names.add(alias);
    }
  }
  return [...names];
}

/** Whether the package itself prices `name`'s text tokens (with no provider given, or by its prefix). */
function packageKnows(name: string): boolean {
  const slash = name.indexOf('/');
  const options = slash > 0 ? { providerId: name.slice(0, slash) } : {};
  const model =
    slash > 0 && data.some((p) => p.id === name.slice(0, slash)) ? name.slice(slash + 1) : name;
  const result = calcPrice({ input_tokens: 1000, output_tokens: 100 }, model, options);
  if (result === null) return false;
  const prices = result.model_price;
  return prices['input_mtok'] !== undefined && prices['output_mtok'] !== undefined;
}

describe('the measurement: calls on models the book knows', () => {
  it('leaves none unpriced, in every format, on a synthetic trace of every model', () => {
    const known = namesOfData(data).filter(packageKnows);
    expect(known.length).toBeGreaterThan(1000);
    const at = '2026-11-30T12:00:00.000Z';
    const files = [0, 1, 2].map((format) => ({
      name: `every-model-${format}.jsonl`,
      text: known.map((name, i) => traceLines(name, i, at)[format]).join('\n'),
    }));
    const { calls } = readTraceFiles(files);
    expect(calls).toHaveLength(known.length * 3);
    const table = billingPricing(book, DEFAULT_PRICING, new Set(calls.map((c) => c.model)));
    const unpriced = calls.filter((c) => findPriceRow(table, c.model) === undefined);
    expect(unpriced.map((c) => c.model)).toEqual([]);
  });

  it('bills each call as the package prices it, on the row in force on its day', () => {
    // Names the package prices with text tokens only (no per-request fee, no
    // time-of-day price, no other units), on days before, at and after each date.
    const clean = new Set(book.entries.filter((e) => e.leftOut.length === 0).map((e) => e.key));
    const names = namesOfData(data).filter((n) => !n.includes('/') && packageKnows(n));
    const table = withBookAliases(withScenarioRows(book.table, {}), names, (n) => book.resolve(n));
    let compared = 0;
    for (const name of names) {
      const key = book.resolve(name);
      if (key === undefined || !clean.has(key)) continue;
      const rows = book.table[key]!;
      const days = [
        '2024-01-01',
        ...rows.flatMap((r) => (r.effectiveFrom ? [r.effectiveFrom] : [])),
      ];
      const tiered = rows.find((r) => r.longContext !== undefined)?.longContext?.thresholdTokens;
      for (const day of days) {
        for (const prompt of tiered === undefined ? [1000] : [1000, tiered + 5000]) {
          const u = usageOf(prompt);
          const theirs = calcPrice(
            {
              input_tokens: prompt,
              cache_read_tokens: u.read,
              cache_write_tokens: u.write,
              output_tokens: u.output,
            },
            name,
            { timestamp: new Date(`${day}T12:00:00Z`) },
          )!;
          const row: PriceRow = rowInForce(table[name] as readonly PriceRow[], day)!;
          expect(row, name).toBeDefined();
          const call = callOf(name, day, u);
          expect(billCall(call, row).totalUsd, `${name} on ${day}, ${prompt} tokens`).toBeCloseTo(
            theirs.total_price,
            12,
          );
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it("converts every model's every dated price as the package prices that model", () => {
    let compared = 0;
    for (const provider of data) {
      for (const model of provider.models) {
        const entry = book.entries.find((e) => e.key === `${provider.id}/${model.id}`);
        if (entry === undefined || entry.leftOut.length > 0) continue;
        // The package priced with this model alone (its custom-provider option), found by its id.
        const only = { ...provider, models: [{ ...model, match: { equals: model.id } }] };
        for (const row of entry.rows) {
          const day = row.effectiveFrom ?? '2020-01-01';
          const prompts = row.longContext ? [1000, row.longContext.thresholdTokens + 1] : [1000];
          for (const prompt of prompts) {
            const u = usageOf(prompt);
            const theirs = calcPrice(
              {
                input_tokens: prompt,
                cache_read_tokens: u.read,
                cache_write_tokens: u.write,
                output_tokens: u.output,
              },
              model.id,
              { provider: only, timestamp: new Date(`${day}T00:00:00Z`) },
            );
            const call = callOf(model.id, day, u);
            expect(billCall(call, row).totalUsd, `${entry.key} from ${day}`).toBeCloseTo(
              theirs!.total_price,
              12,
            );
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(book.entries.length * 0.9);
  });
});

function callOf(model: string, day: string, u: ReturnType<typeof usageOf>): TraceCall {
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId: 'c',
    callId: model,
    at: Date.parse(`${day}T12:00:00Z`) / 1000,
    model,
    inputTokens: u.input,
    cacheReadTokens: u.read,
    cacheWrite5mTokens: u.write,
    cacheWrite1hTokens: 0,
    outputTokens: u.output,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: [],
  };
}
