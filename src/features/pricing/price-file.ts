/**
 * Reading and writing price files for the Prices tab. Import uses the core's
 * LiteLLM reader; export writes the same LiteLLM format, so an exported table
 * imports back unchanged.
 */
import {
  LITELLM_LONG_CONTEXT_THRESHOLD,
  importLiteLlmPrices,
  type LiteLlmImport,
  type LiteLlmImportOptions,
  type PriceRow,
  type SingleRowPricingTable,
} from '../../core/index.ts';
import {
  CONTEXT_TOKENS,
  WHOLE_TOKENS,
  limitProblem,
  type NumericLimit,
} from '../../core/limits.ts';

/** Largest price file accepted, bytes (LiteLLM's own is about 1.6 MB). */
export const MAX_PRICE_FILE_BYTES = 20 * 1024 * 1024;

/** "mode: embedding × 117, priced at 0 × 84": the skipped entries by reason, most first. */
export function skippedSummary(result: LiteLlmImport): string {
  return result.skippedByReason.map((r) => `${r.reason} × ${r.count}`).join(', ');
}

/** Parses the text of a LiteLLM price file; throws an Error whose message says what is wrong. */
export function readPriceFileText(text: string, options: LiteLlmImportOptions = {}): LiteLlmImport {
  if (text.length > MAX_PRICE_FILE_BYTES) {
    throw new Error(`price file: larger than ${MAX_PRICE_FILE_BYTES / 1024 / 1024} MB`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `price file: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const result = importLiteLlmPrices(json, options);
  if (result.imported === 0) {
    throw new Error(
      `price file: no model could be imported (${result.skipped} entries skipped${
        result.skipped > 0 ? `: ${skippedSummary(result)}` : ''
      })`,
    );
  }
  return result;
}

/**
 * The imported rows with every optional count that is beyond the explorer's
 * limits (core/limits.ts) left out, and a note naming each one: an imported
 * row is never kept with a value a reload would refuse.
 */
export function withinLimits(rows: SingleRowPricingTable): {
  rows: SingleRowPricingTable;
  leftOut: string[];
} {
  const kept: Record<string, PriceRow> = Object.create(null) as Record<string, PriceRow>;
  const leftOut: string[] = [];
  const check = (model: string, field: string, value: unknown, limit: NumericLimit) => {
    if (value === undefined) return true;
    const problem =
      typeof value === 'number' ? limitProblem(value, limit) : 'must be a whole number';
    if (problem === null) return true;
    leftOut.push(`${model.slice(0, 60)}: ${field}: ${problem}`);
    return false;
  };
  for (const [model, row] of Object.entries(rows)) {
    let next: PriceRow = row;
    if (!check(model, 'maxInputTokens', row.maxInputTokens, CONTEXT_TOKENS)) {
      const { maxInputTokens: _dropped, ...rest } = next;
      next = rest;
    }
    if (!check(model, 'minCacheableTokens', row.minCacheableTokens, WHOLE_TOKENS)) {
      const { minCacheableTokens: _dropped, ...rest } = next;
      next = rest;
    }
    const tier = row.longContext;
    if (
      tier !== undefined &&
      !check(model, 'longContext.thresholdTokens', tier.thresholdTokens, WHOLE_TOKENS)
    ) {
      const { longContext: _dropped, ...rest } = next;
      next = rest;
    }
    kept[model] = next;
  }
  return { rows: kept, leftOut };
}

/** What reading a price file gave: the import, or a message saying what is wrong. Never throws. */
export type PriceFileRead = { ok: true; result: LiteLlmImport } | { ok: false; error: string };

/** {@link readPriceFileText} as a boundary that never throws (a price file is outside data). */
export function tryReadPriceFile(text: string, options: LiteLlmImportOptions = {}): PriceFileRead {
  try {
    return { ok: true, result: readPriceFileText(text, options) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The table in LiteLLM's format (USD per token), for export. A long-context
 * tier is written with LiteLLM's `_above_200k_tokens` fields, which name only
 * that threshold: a tier at another threshold cannot be written in this format
 * and is left out (the scenario link keeps it).
 */
export function toLiteLlmJson(
  table: SingleRowPricingTable,
): Record<string, Record<string, number | string>> {
  const out: Record<string, Record<string, number | string>> = Object.create(null) as Record<
    string,
    Record<string, number | string>
  >;
  const perToken = (perMillion: number) => Number((perMillion / 1e6).toPrecision(12));
  for (const [model, row] of Object.entries(table)) {
    const entry: Record<string, number | string> = {
      litellm_provider: row.provider,
      input_cost_per_token: perToken(row.input),
      output_cost_per_token: perToken(row.output),
    };
    if (row.cacheWrite !== undefined)
      entry['cache_creation_input_token_cost'] = perToken(row.cacheWrite);
    if (row.cacheWrite1h !== undefined)
      entry['cache_creation_input_token_cost_above_1hr'] = perToken(row.cacheWrite1h);
    if (row.cacheRead !== undefined) entry['cache_read_input_token_cost'] = perToken(row.cacheRead);
    if (row.maxInputTokens !== undefined) entry['max_input_tokens'] = row.maxInputTokens;
    if (row.minCacheableTokens !== undefined)
      entry['prompt_cache_min_tokens'] = row.minCacheableTokens;
    const tier = row.longContext;
    if (tier !== undefined && tier.thresholdTokens === LITELLM_LONG_CONTEXT_THRESHOLD) {
      entry['input_cost_per_token_above_200k_tokens'] = perToken(tier.input);
      if (tier.output !== undefined)
        entry['output_cost_per_token_above_200k_tokens'] = perToken(tier.output);
      if (tier.cacheRead !== undefined)
        entry['cache_read_input_token_cost_above_200k_tokens'] = perToken(tier.cacheRead);
      if (tier.cacheWrite !== undefined)
        entry['cache_creation_input_token_cost_above_200k_tokens'] = perToken(tier.cacheWrite);
      if (tier.cacheWrite1h !== undefined)
        entry['cache_creation_input_token_cost_above_1hr_above_200k_tokens'] = perToken(
          tier.cacheWrite1h,
        );
    }
    out[model] = entry;
  }
  return out;
}

/** Starts a download of `text` as a file (no network: a blob URL). */
export function downloadText(text: string, filename: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
