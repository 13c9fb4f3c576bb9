/**
 * Reading and writing price files for the Prices tab. Import uses the core's
 * LiteLLM reader; export writes the same LiteLLM format, so an exported table
 * imports back unchanged.
 */
import { importLiteLlmPrices, type LiteLlmImport, type PricingTable } from '../../core/index.ts';

/** Largest price file accepted, bytes (LiteLLM's own is about 1.6 MB). */
export const MAX_PRICE_FILE_BYTES = 20 * 1024 * 1024;

/** Parses the text of a LiteLLM price file; throws an Error whose message says what is wrong. */
export function readPriceFileText(text: string): LiteLlmImport {
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
  const result = importLiteLlmPrices(json);
  if (result.imported === 0) {
    throw new Error(
      `price file: no model had both input_cost_per_token and output_cost_per_token (${result.skipped} entries skipped)`,
    );
  }
  return result;
}

/** What reading a price file gave: the import, or a message saying what is wrong. Never throws. */
export type PriceFileRead = { ok: true; result: LiteLlmImport } | { ok: false; error: string };

/** {@link readPriceFileText} as a boundary that never throws (a price file is outside data). */
export function tryReadPriceFile(text: string): PriceFileRead {
  try {
    return { ok: true, result: readPriceFileText(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The table in LiteLLM's format (USD per token), for export. */
export function toLiteLlmJson(
  table: PricingTable,
): Record<string, Record<string, number | string>> {
  const out: Record<string, Record<string, number | string>> = {};
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
