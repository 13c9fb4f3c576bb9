/**
 * The price table the command line bills with: a `--prices` file (a LiteLLM
 * price file, or a price table as the golden vectors and the Prices tab's
 * export write it), which replaces the book, or else the dated price book.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { importLiteLlmPrices } from '../core/litellm.ts';
import type { PricingTable } from '../core/pricing.ts';
import { pricingOf } from '../conformance/pricing-of.ts';
import { billingPricing } from '../domain/price-book-rows.ts';
import { loadPriceBook } from '../domain/price-book-load.ts';

// LiteLLM's entries price per token; a price table's rows price per million.
function looksLikeLiteLlm(json: Record<string, unknown>): boolean {
  return Object.values(json).some(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      !Array.isArray(entry) &&
      ('input_cost_per_token' in entry || 'litellm_provider' in entry),
  );
}

/** The table in the price file at `path`; throws an `Error` naming what is wrong with it. */
export async function readPriceFile(path: string): Promise<PricingTable> {
  const json: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error(`${path}: expected a JSON object mapping model names to prices`);
  }
  const entries = json as Record<string, unknown>;
  return looksLikeLiteLlm(entries)
    ? importLiteLlmPrices(entries).rows
    : pricingOf({ pricing: entries });
}

/**
 * The table to bill a set of calls with, given their models: the file's,
 * or the price book with aliases for them. Read before the calls are, so
 * that what reading the book leaves behind is gone before they are held.
 */
export async function loadPricing(
  pricesFile: string | undefined,
  cwd: string,
): Promise<(models: Iterable<string>) => PricingTable> {
  if (pricesFile !== undefined) {
    const table = await readPriceFile(resolve(cwd, pricesFile));
    return () => table;
  }
  const book = await loadPriceBook();
  return (models) => billingPricing(book, {}, models);
}
