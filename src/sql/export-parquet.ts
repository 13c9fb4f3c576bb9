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
  DOUBLE,
  DuckDBInstance,
  LIST,
  STRUCT,
  VARCHAR,
  listValue,
  structValue,
  type DuckDBAppender,
} from '@duckdb/node-api';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Rows appended between two flushes (each flush commits what was appended).
const FLUSH_EVERY = 16_384;

/*
 * The calls go into a staging table shaped as CALLS_DDL except that the two
 * lists are JSON text, made lists by `from_json` as they are copied out.
 * Appending a list value directly keeps about 1.4 kB of native memory per
 * row until the process ends (measured with @duckdb/node-api 1.5.6: 800,000
 * rows of one empty list each grew the process by 1 GB, with or without a
 * garbage collection), which a 4 GB trace folder cannot afford.
 */
const STAGED_CALLS_DDL = CALLS_DDL.replace(
  'tool_results STRUCT(tool_use_id VARCHAR, name VARCHAR, tokens BIGINT)[] NOT NULL',
  'tool_results VARCHAR NOT NULL',
).replace(
  'tool_requests STRUCT(kind VARCHAR, count BIGINT)[] NOT NULL',
  'tool_requests VARCHAR NOT NULL',
);
const TOOL_RESULTS_JSON = `'[{"tool_use_id":"VARCHAR","name":"VARCHAR","tokens":"BIGINT"}]'`;
const TOOL_REQUESTS_JSON = `'[{"kind":"VARCHAR","count":"BIGINT"}]'`;
const CALLS_FROM_STAGED = `SELECT * REPLACE (
  from_json(tool_results, ${TOOL_RESULTS_JSON}) AS tool_results,
  from_json(tool_requests, ${TOOL_REQUESTS_JSON}) AS tool_requests
) FROM calls`;
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
  appender.appendVarchar(
    JSON.stringify(
      call.toolResults.map((result) => ({
        tool_use_id: result.toolUseId,
        name: result.name ?? null,
        tokens: result.tokens,
      })),
    ),
  );
  const requests = call.toolRequests ?? {};
  appender.appendVarchar(
    JSON.stringify(Object.keys(requests).map((kind) => ({ kind, count: requests[kind]! }))),
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

/**
 * Appends `calls` (positions 0, 1, 2, … in their order) to the staging
 * `calls` table, one at a time as they are iterated (a lazy read's calls
 * are never all held); resolves to how many were appended.
 */
async function appendCalls(
  connection: DuckDBConnection,
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
): Promise<number> {
  const keys = new Map<string, string | undefined>();
  const appender = await connection.createAppender('calls');
  let position = 0;
  for (const call of calls) {
    if (!keys.has(call.model)) keys.set(call.model, findPriceKey(pricing, call.model));
    appendCall(appender, call, position++, keys.get(call.model));
    // A flush commits the rows appended so far, which DuckDB may then keep on disk.
    if (position % FLUSH_EVERY === 0) appender.flushSync();
  }
  appender.closeSync();
  return position;
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
 * Writes `calls` (one row each, `position` = its place in `calls`, which
 * should be the reader's order: dated by time, ties in input order, then
 * the undated) to `out.callsPath` and every row of `pricing` to
 * `out.pricesPath`, both Parquet (ZSTD). Existing files are replaced.
 * Resolves to the number of calls written.
 *
 * The calls are iterated once and never held: the rows go into a DuckDB
 * database in a temporary folder (removed after), which DuckDB keeps on
 * disk beyond `memoryLimit`, so its share of the memory stays near that
 * limit however many calls there are (at 4 GB of transcripts: 608 MB in
 * all, of which the read with its tool results holds about 280 MB).
 */
export async function writeTrafficParquet(
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
  out: TrafficParquetPaths,
  {
    memoryLimit = '128MB',
    scratch = tmpdir(),
  }: {
    /** What DuckDB may hold in memory before it writes to its files. */
    readonly memoryLimit?: string;
    /** Where its temporary folder goes. */
    readonly scratch?: string;
  } = {},
): Promise<number> {
  const folder = await mkdtemp(join(scratch, 'cce-export-'));
  try {
    const instance = await DuckDBInstance.create(join(folder, 'export.duckdb'), {
      memory_limit: memoryLimit,
      threads: '1',
      temp_directory: join(folder, 'spill'),
    });
    const connection = await instance.connect();
    try {
      await connection.run(STAGED_CALLS_DDL);
      await connection.run(PRICES_DDL);
      const written = await appendCalls(connection, calls, pricing);
      await appendPrices(connection, pricing);
      await connection.run(
        `COPY (${CALLS_FROM_STAGED}) TO ${sqlString(out.callsPath)} (FORMAT parquet, COMPRESSION zstd)`,
      );
      await connection.run(
        `COPY prices TO ${sqlString(out.pricesPath)} (FORMAT parquet, COMPRESSION zstd)`,
      );
      return written;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
