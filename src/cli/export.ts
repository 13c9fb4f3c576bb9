/**
 * The command line's `export --parquet`: the call records and the price
 * rows written as the Parquet files the SQL in `sql/` reads (docs/sql.md).
 * DuckDB is a native binding loaded only here, so `bill`, `replay` and
 * `cheapest` never load it.
 */
import { basename, dirname, join } from 'node:path';
import type { PricingTable } from '../core/pricing.ts';
import type { TraceCall } from '../core/traces/call-record.ts';
import type { TrafficParquetPaths } from '../sql/export-parquet.ts';

/** `traffic.parquet` → `traffic.prices.parquet`, in the same folder. */
export function pricesPathBeside(callsPath: string): string {
  const name = basename(callsPath);
  const stem = name.toLowerCase().endsWith('.parquet') ? name.slice(0, -'.parquet'.length) : name;
  return join(dirname(callsPath), `${stem}.prices.parquet`);
}

/** What was written: one row a call, one row a price row. */
export interface ParquetWritten {
  readonly calls: number;
  readonly priceRows: number;
}

/**
 * Writes `calls` (iterated once, as a lazy read yields them) and every row
 * of `pricing` to `out`; resolves to the row counts.
 */
export async function exportParquet(
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
  out: TrafficParquetPaths,
): Promise<ParquetWritten> {
  let sql;
  try {
    sql = await import('../sql/export-parquet.ts');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`export needs @duckdb/node-api (npm install @duckdb/node-api): ${message}`, {
      cause: error,
    });
  }
  const written = await sql.writeTrafficParquet(calls, pricing, out);
  const priceRows = Object.values(pricing).reduce(
    (sum, value) => sum + (Array.isArray(value) ? value.length : 1),
    0,
  );
  return { calls: written, priceRows };
}
