/**
 * Import of a LiteLLM `model_prices_and_context_window.json` price file
 * (SPEC §1). Pure: takes the parsed JSON, returns rows and a report.
 */
import type { PriceRow, PricingTable } from './pricing.ts';

/** What an import found. */
export interface LiteLlmImport {
  /** Imported rows, USD per million tokens, keyed by model name. */
  readonly rows: PricingTable;
  /** How many models were imported. */
  readonly imported: number;
  /** How many entries were skipped (no input or output price, `sample_spec`, malformed). */
  readonly skipped: number;
  /** The first few skipped names, for the report. */
  readonly skippedExamples: readonly string[];
}

/** Per-token USD → per-million USD, rounded as the spec says (12 significant digits). */
export function perMillionFromPerToken(perTokenUsd: number): number {
  return Number((perTokenUsd * 1e6).toPrecision(12));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function price(entry: Record<string, unknown>, key: string): number | undefined {
  const value = entry[key];
  // LiteLLM sometimes writes numbers as strings ("3e-06").
  const perTokenUsd =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(perTokenUsd) || perTokenUsd < 0) return undefined;
  const perMillion = perMillionFromPerToken(perTokenUsd);
  // A price so large that it overflows per million tokens is not a price.
  return Number.isFinite(perMillion) ? perMillion : undefined;
}

/**
 * Reads a parsed LiteLLM price file. Throws an `Error` naming the problem when
 * the top level is not an object of model entries; entries it cannot use are
 * counted as skipped rather than failing the whole import.
 */
export function importLiteLlmPrices(json: unknown): LiteLlmImport {
  if (!isRecord(json)) {
    throw new Error('price file: expected a JSON object mapping model names to price entries');
  }
  // Entries, then Object.fromEntries: a model literally named "__proto__" stays an own row.
  const rows: Array<[string, PriceRow]> = [];
  let imported = 0;
  let skipped = 0;
  const skippedExamples: string[] = [];
  const skip = (name: string): void => {
    skipped += 1;
    if (skippedExamples.length < 5) skippedExamples.push(name);
  };
  for (const [name, entry] of Object.entries(json)) {
    if (name === 'sample_spec' || !isRecord(entry) || name.trim() === '') {
      skip(name);
      continue;
    }
    const input = price(entry, 'input_cost_per_token');
    const output = price(entry, 'output_cost_per_token');
    if (input === undefined || output === undefined) {
      skip(name);
      continue;
    }
    const cacheWrite = price(entry, 'cache_creation_input_token_cost');
    const cacheWrite1h = price(entry, 'cache_creation_input_token_cost_above_1hr');
    const cacheRead = price(entry, 'cache_read_input_token_cost');
    const provider =
      typeof entry['litellm_provider'] === 'string' ? entry['litellm_provider'] : 'unknown';
    const maxInput = entry['max_input_tokens'];
    rows.push([
      name,
      {
        provider,
        input,
        output,
        ...(cacheWrite === undefined ? {} : { cacheWrite }),
        ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
        ...(cacheRead === undefined ? {} : { cacheRead }),
        ...(typeof maxInput === 'number' && Number.isInteger(maxInput) && maxInput > 0
          ? { maxInputTokens: maxInput }
          : {}),
      },
    ]);
    imported += 1;
  }
  return { rows: Object.fromEntries(rows), imported, skipped, skippedExamples };
}

/** Imported rows replace rows of the same name and add new ones; other rows stay. */
export function mergePricing(current: PricingTable, imported: PricingTable): PricingTable {
  return { ...current, ...imported };
}
