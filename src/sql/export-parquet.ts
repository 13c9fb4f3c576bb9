/**
 * Writing a trace's call records and its price table as Parquet (Node only:
 * DuckDB is a native binding), for the SQL in `sql/` (docs/sql.md). The
 * columns are the call record's fields (SPEC §10, §13.7) plus what the core
 * resolves and the SQL must not re-implement: the price table key a model
 * name finds (§1.1's name rules), the call's UTC day, and each row's cache
 * mode, automatic TTL and server-tool fees as billed (§13.4, §13.6).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  BIGINT,
  DOUBLE,
  DuckDBInstance,
  LIST,
  STRUCT,
  VARCHAR,
  listValue,
  structValue,
  type DuckDBAppender,
} from '@duckdb/node-api';
import { findPriceKey } from '../core/model-names.ts';
import { automaticCacheTtlOf, cacheModeOf, toolFeesOf } from '../core/price-family.ts';
import type { PriceRow, PricingTable } from '../core/pricing.ts';
import type { TraceCall } from '../core/traces/call-record.ts';
import { utcDay } from '../core/traces/time.ts';

/** Where the two Parquet files go. */
export interface TrafficParquetPaths {
  /** One row a call, in the order given (`position`). */
  readonly callsPath: string;
  /** One row a price row (a model with dated rows has several). */
  readonly pricesPath: string;
}

/** The `calls` table (docs/sql.md "The export"). */
export const CALLS_DDL = `CREATE TABLE calls (
  position BIGINT NOT NULL,
  conversation_id VARCHAR NOT NULL,
  call_id VARCHAR NOT NULL,
  at_seconds DOUBLE,
  day VARCHAR,
  model VARCHAR NOT NULL,
  price_key VARCHAR,
  input_tokens BIGINT NOT NULL,
  cache_read_tokens BIGINT NOT NULL,
  cache_write_5m_tokens BIGINT NOT NULL,
  cache_write_1h_tokens BIGINT NOT NULL,
  output_tokens BIGINT NOT NULL,
  reasoning_tokens BIGINT NOT NULL,
  sidechain BOOLEAN NOT NULL,
  kind VARCHAR NOT NULL,
  project VARCHAR,
  git_branch VARCHAR,
  agent VARCHAR NOT NULL,
  source VARCHAR NOT NULL,
  tool_results STRUCT(tool_use_id VARCHAR, name VARCHAR, tokens BIGINT)[] NOT NULL,
  tool_requests STRUCT(kind VARCHAR, count BIGINT)[] NOT NULL
)`;

/** The `prices` table (docs/sql.md "The export"). */
export const PRICES_DDL = `CREATE TABLE prices (
  price_key VARCHAR NOT NULL,
  row_index INTEGER NOT NULL,
  provider VARCHAR,
  input DOUBLE NOT NULL,
  output DOUBLE NOT NULL,
  cache_write DOUBLE,
  cache_write_1h DOUBLE,
  cache_read DOUBLE,
  max_input_tokens BIGINT,
  min_cacheable_tokens BIGINT,
  long_threshold_tokens BIGINT,
  long_input DOUBLE,
  long_output DOUBLE,
  long_cache_write DOUBLE,
  long_cache_write_1h DOUBLE,
  long_cache_read DOUBLE,
  effective_from VARCHAR,
  cache_mode VARCHAR,
  automatic_cache_ttl_seconds DOUBLE,
  tool_fees STRUCT(kind VARCHAR, usd_per_1000 DOUBLE)[],
  billed_cache_mode VARCHAR NOT NULL,
  billed_automatic_cache_ttl_seconds DOUBLE NOT NULL,
  billed_tool_fees STRUCT(kind VARCHAR, usd_per_1000 DOUBLE)[] NOT NULL
)`;

const TOOL_RESULTS = LIST(STRUCT({ tool_use_id: VARCHAR, name: VARCHAR, tokens: BIGINT }));
const TOOL_REQUESTS = LIST(STRUCT({ kind: VARCHAR, count: BIGINT }));
const TOOL_FEES = LIST(STRUCT({ kind: VARCHAR, usd_per_1000: DOUBLE }));

// An absent field, or one given as null (SPEC §9), is NULL.
function appendOptionalNumber(appender: DuckDBAppender, value: number | null | undefined): void {
  if (typeof value === 'number') appender.appendDouble(value);
  else appender.appendNull();
}

function appendOptionalInteger(appender: DuckDBAppender, value: number | null | undefined): void {
  if (typeof value === 'number') appender.appendBigInt(BigInt(value));
  else appender.appendNull();
}

function appendOptionalString(appender: DuckDBAppender, value: string | null | undefined): void {
  if (typeof value === 'string') appender.appendVarchar(value);
  else appender.appendNull();
}

function feeList(fees: Readonly<Record<string, number>>) {
  return listValue(
    Object.keys(fees).map((kind) => structValue({ kind, usd_per_1000: fees[kind]! })),
  );
}

function appendCall(
  appender: DuckDBAppender,
  call: TraceCall,
  position: number,
  priceKey: string | undefined,
): void {
  appender.appendBigInt(BigInt(position));
  appender.appendVarchar(call.conversationId);
  appender.appendVarchar(call.callId);
  appendOptionalNumber(appender, call.at);
  appendOptionalString(appender, call.at === null ? null : utcDay(call.at));
  appender.appendVarchar(call.model);
  appendOptionalString(appender, priceKey);
  appender.appendBigInt(BigInt(call.inputTokens));
  appender.appendBigInt(BigInt(call.cacheReadTokens));
  appender.appendBigInt(BigInt(call.cacheWrite5mTokens));
  appender.appendBigInt(BigInt(call.cacheWrite1hTokens));
  appender.appendBigInt(BigInt(call.outputTokens));
  appender.appendBigInt(BigInt(call.reasoningTokens));
  appender.appendBoolean(call.sidechain);
  appender.appendVarchar(call.kind);
  appendOptionalString(appender, call.project);
  appendOptionalString(appender, call.gitBranch);
  appender.appendVarchar(call.agent);
  appender.appendVarchar(call.source);
  appender.appendList(
    listValue(
      call.toolResults.map((result) =>
        structValue({
          tool_use_id: result.toolUseId,
          name: result.name ?? null,
          tokens: BigInt(result.tokens),
        }),
      ),
    ),
    TOOL_RESULTS,
  );
  const requests = call.toolRequests ?? {};
  appender.appendList(
    listValue(
      Object.keys(requests).map((kind) => structValue({ kind, count: BigInt(requests[kind]!) })),
    ),
    TOOL_REQUESTS,
  );
  appender.endRow();
}

function appendPriceRow(appender: DuckDBAppender, key: string, index: number, row: PriceRow): void {
  const tier = row.longContext ?? undefined;
  appender.appendVarchar(key);
  appender.appendInteger(index);
  appendOptionalString(appender, row.provider);
  appender.appendDouble(row.input);
  appender.appendDouble(row.output);
  appendOptionalNumber(appender, row.cacheWrite);
  appendOptionalNumber(appender, row.cacheWrite1h);
  appendOptionalNumber(appender, row.cacheRead);
  appendOptionalInteger(appender, row.maxInputTokens);
  appendOptionalInteger(appender, row.minCacheableTokens);
  appendOptionalInteger(appender, tier?.thresholdTokens);
  appendOptionalNumber(appender, tier?.input);
  appendOptionalNumber(appender, tier?.output);
  appendOptionalNumber(appender, tier?.cacheWrite);
  appendOptionalNumber(appender, tier?.cacheWrite1h);
  appendOptionalNumber(appender, tier?.cacheRead);
  appendOptionalString(appender, row.effectiveFrom);
  appendOptionalString(appender, row.cacheMode);
  appendOptionalNumber(appender, row.automaticCacheTtlSeconds);
  const own = row.toolFees ?? undefined;
  if (own === undefined) appender.appendNull();
  else appender.appendList(feeList(own), TOOL_FEES);
  appender.appendVarchar(cacheModeOf(row));
  appender.appendDouble(automaticCacheTtlOf(row));
  appender.appendList(feeList(toolFeesOf(key, row)), TOOL_FEES);
  appender.endRow();
}

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Appends `calls` (positions from `firstPosition`) to a `calls` table made with {@link CALLS_DDL}. */
export async function appendCalls(
  connection: DuckDBConnection,
  calls: readonly TraceCall[],
  pricing: PricingTable,
  firstPosition = 0,
): Promise<void> {
  const keys = new Map<string, string | undefined>();
  const appender = await connection.createAppender('calls');
  calls.forEach((call, index) => {
    if (!keys.has(call.model)) keys.set(call.model, findPriceKey(pricing, call.model));
    appendCall(appender, call, firstPosition + index, keys.get(call.model));
  });
  appender.closeSync();
}

/** Appends every row of `pricing` to a `prices` table made with {@link PRICES_DDL}. */
export async function appendPrices(
  connection: DuckDBConnection,
  pricing: PricingTable,
): Promise<void> {
  const appender = await connection.createAppender('prices');
  for (const key of Object.keys(pricing)) {
    const value = pricing[key]!;
    const rows: readonly PriceRow[] = Array.isArray(value) ? value : [value as PriceRow];
    rows.forEach((row, index) => appendPriceRow(appender, key, index, row));
  }
  appender.closeSync();
}

/**
 * Writes `calls` (one row each, `position` = its index in `calls`, which
 * should be the reader's order: dated by time, ties in input order, then
 * the undated) to `out.callsPath` and every row of `pricing` to
 * `out.pricesPath`, both Parquet (ZSTD). Existing files are replaced.
 */
export async function writeTrafficParquet(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  out: TrafficParquetPaths,
): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(CALLS_DDL);
    await connection.run(PRICES_DDL);
    await appendCalls(connection, calls, pricing);
    await appendPrices(connection, pricing);
    await connection.run(
      `COPY calls TO ${sqlString(out.callsPath)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    await connection.run(
      `COPY prices TO ${sqlString(out.pricesPath)} (FORMAT parquet, COMPRESSION zstd)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
