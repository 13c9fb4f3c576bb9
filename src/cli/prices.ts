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

/** The table to bill the calls' `models` with: the file's, or the price book with aliases for them. */
export async function pricingFor(
  pricesFile: string | undefined,
  models: Iterable<string>,
  cwd: string,
): Promise<PricingTable> {
  if (pricesFile !== undefined) return readPriceFile(resolve(cwd, pricesFile));
  return billingPricing(await loadPriceBook(), {}, models);
}
