/**
 * SQL benchmark: `npm run bench:sql` (the last part of `npm run bench`).
 * Prints one JSON line per figure, `{"name", "value", "unit"}`, and asserts
 * nothing but the agreement of the two sides (a mismatch goes to stderr).
 *
 * 10 million calls (`CCX_SQL_BENCH_CALLS` to lower it for a quick run) are
 * generated deterministically (bench-kit's seeded generator): conversations
 * of 4 to 23 calls with growing prompts and the odd compaction, idle gaps
 * either side of both TTLs, a third of the conversations on 1-hour writes,
 * calls on three Claude models and one automatic-cache GPT model, a web
 * search on one call in fifty. Each conversation's calls are in time order;
 * conversations follow each other (the replay depends only on the order
 * within a conversation, and the bill on none). The calls are appended to
 * DuckDB as plain columns, shaped into the exporter's `calls` table by SQL
 * and written as Parquet in a temporary directory, removed at the end.
 *
 * Figures, each the median and the spread (fastest to slowest) of
 * `CCX_SQL_BENCH_RUNS` runs (default 3), one warm-up each:
 *
 * - `sql/bill.sql` in DuckDB over the Parquet files, and the core's
 *   `billTrace` in Node on the same calls;
 * - `sql/replay.sql` (opus → sonnet, 1-hour TTL) in DuckDB, and the core's
 *   `replayTrace` under the same choice;
 * - the export itself (once), and the machine's load before and after.
 *
 * The two sides' totals must agree within 1e-9 (relative).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { random, report } from './bench-kit.ts';
import { DEFAULT_PRICING } from '../src/core/pricing.ts';
import {
  PLAIN_CALL_FIELDS,
  billTrace,
  replayTrace,
  type ReplayPlan,
  type TraceCall,
} from '../src/core/traces/index.ts';
import { findPriceKey } from '../src/core/model-names.ts';
import { utcDay } from '../src/core/traces/time.ts';
import { CALLS_DDL, PRICES_DDL, appendPrices } from '../src/sql/export-parquet.ts';
import { writeReplayPlan } from '../src/sql/replay-plan.ts';

const CALLS = Number(process.env['CCX_SQL_BENCH_CALLS'] ?? 10_000_000);
const RUNS = Number(process.env['CCX_SQL_BENCH_RUNS'] ?? 3);
const CHUNK = 1_000_000;
const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-5'];
const PLAN: ReplayPlan = {
  kind: 'whatIf',
  model: new Map([['claude-opus-4-6', 'claude-sonnet-4-5']]),
  ttlSeconds: 3600,
};
const WEB_SEARCH = Object.freeze({ web_search: 1 });

function generateCalls(): TraceCall[] {
  const next = random(25);
  const calls: TraceCall[] = [];
  let clock = 1_760_000_000;
  let c = 0;
  while (calls.length < CALLS) {
    const count = Math.min(CALLS - calls.length, 4 + Math.floor(next() * 20));
    const oneHour = next() < 0.33;
    const model = MODELS[Math.floor(next() * MODELS.length)]!;
    let prompt = 2_000 + Math.floor(next() * 20_000);
    let at = clock;
    for (let i = 0; i < count; i++) {
      const r = next();
      at += r < 0.7 ? 3 + next() * 90 : r < 0.9 ? 300 + next() * 1_500 : 3_600 + next() * 900;
      prompt = next() < 0.05 ? Math.floor(prompt / 4) : prompt + Math.floor(next() * 4_000);
      const read = Math.floor(prompt * next() * 0.95);
      const write = Math.max(0, prompt - read - 20);
      calls.push({
        ...PLAIN_CALL_FIELDS,
        conversationId: `conversation-${c}`,
        callId: `msg_${c}_${i}`,
        at: Math.round(at),
        model,
        inputTokens: 20,
        cacheReadTokens: read,
        cacheWrite5mTokens: oneHour ? 0 : write,
        cacheWrite1hTokens: oneHour ? write : 0,
        outputTokens: 100 + Math.floor(next() * 3_000),
        reasoningTokens: 0,
        sidechain: next() < 0.1,
        agent: 'main',
        toolResults: [],
        toolRequests: next() < 0.02 ? WEB_SEARCH : PLAIN_CALL_FIELDS.toolRequests,
      });
    }
    clock += 60 + Math.floor(next() * 600);
    c += 1;
  }
  return calls;
}

function timeOnce(): () => number {
  const started = performance.now();
  return () => performance.now() - started;
}

function reportTimes(name: string, times: number[]): void {
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1]!;
  report({ name: `${name}, median`, value: Number(median.toFixed(0)), unit: 'ms' });
  report({
    name: `${name}, spread (fastest to slowest of ${times.length})`,
    value: Number((times[times.length - 1]! - times[0]!).toFixed(0)),
    unit: 'ms',
  });
}

// The bench's calls have no project, branch or tool results and at most a
// web-search count: appended as plain columns (the exporter's per-row lists
// would take minutes at 10 million), then shaped into CALLS_DDL by SQL.
const FLAT_DDL = `CREATE TABLE flat (
  position BIGINT, conversation_id VARCHAR, call_id VARCHAR, at_seconds DOUBLE, day VARCHAR,
  model VARCHAR, price_key VARCHAR, input_tokens BIGINT, cache_read_tokens BIGINT,
  cache_write_5m_tokens BIGINT, cache_write_1h_tokens BIGINT, output_tokens BIGINT,
  sidechain BOOLEAN, agent VARCHAR, web_search BIGINT
)`;

async function exportParquet(calls: readonly TraceCall[], dir: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const paths = { calls: join(dir, 'calls.parquet'), prices: join(dir, 'prices.parquet') };
  const keys = new Map(MODELS.map((model) => [model, findPriceKey(DEFAULT_PRICING, model)!]));
  try {
    await connection.run(CALLS_DDL);
    await connection.run(PRICES_DDL);
    await connection.run(FLAT_DDL);
    const appender = await connection.createAppender('flat');
    calls.forEach((call, position) => {
      appender.appendBigInt(BigInt(position));
      appender.appendVarchar(call.conversationId);
      appender.appendVarchar(call.callId);
      appender.appendDouble(call.at!);
      appender.appendVarchar(utcDay(call.at!));
      appender.appendVarchar(call.model);
      appender.appendVarchar(keys.get(call.model)!);
      appender.appendBigInt(BigInt(call.inputTokens));
      appender.appendBigInt(BigInt(call.cacheReadTokens));
      appender.appendBigInt(BigInt(call.cacheWrite5mTokens));
      appender.appendBigInt(BigInt(call.cacheWrite1hTokens));
      appender.appendBigInt(BigInt(call.outputTokens));
      appender.appendBoolean(call.sidechain);
      appender.appendVarchar(call.agent);
      appender.appendBigInt(BigInt(call.toolRequests?.['web_search'] ?? 0));
      appender.endRow();
      if (position % CHUNK === CHUNK - 1) appender.flushSync();
    });
    appender.closeSync();
    await connection.run(`INSERT INTO calls
      SELECT position, conversation_id, call_id, at_seconds, day, model, price_key,
        input_tokens, cache_read_tokens, cache_write_5m_tokens, cache_write_1h_tokens,
        output_tokens, 0, sidechain, 'call', NULL, NULL, agent, '', [],
        CASE WHEN web_search > 0 THEN [{'kind': 'web_search', 'count': web_search}] ELSE [] END
      FROM flat ORDER BY position`);
    await connection.run('DROP TABLE flat');
    await appendPrices(connection, DEFAULT_PRICING);
    await connection.run(`COPY calls TO '${paths.calls}' (FORMAT parquet, COMPRESSION zstd)`);
    await connection.run(`COPY prices TO '${paths.prices}' (FORMAT parquet, COMPRESSION zstd)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return paths;
}

// The whole result is kept in DuckDB (every breakdown row, as the core keeps
// its maps); only the total crosses to JavaScript.
async function totalOf(connection: DuckDBConnection, sql: string): Promise<number> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE result AS ${sql}`);
  const reader = await connection.runAndReadAll(
    "SELECT total_usd FROM result WHERE breakdown = 'total'",
  );
  return Number(reader.getRowObjectsJS()[0]?.['total_usd']);
}

function agree(label: string, sql: number, core: number): void {
  if (!(Math.abs(sql - core) <= 1e-9 * Math.abs(core))) {
    process.stderr.write(`${label}: SQL ${sql} and core ${core} disagree\n`);
  }
}

const label = `${CALLS.toLocaleString('en-US')} calls`;
report({ name: 'load average (1 min) before', value: loadavg()[0]!, unit: 'load' });
const generated = timeOnce();
const calls = generateCalls();
report({ name: `generate ${label}`, value: Number(generated().toFixed(0)), unit: 'ms' });

const dir = mkdtempSync(join(tmpdir(), 'ccx-sql-bench-'));
try {
  const exported = timeOnce();
  const paths = await exportParquet(calls, dir);
  report({ name: `export ${label} to Parquet`, value: Number(exported().toFixed(0)), unit: 'ms' });

  const billSql = readFileSync(new URL('../sql/bill.sql', import.meta.url), 'utf8');
  const replaySql = readFileSync(new URL('../sql/replay.sql', import.meta.url), 'utf8');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  let sqlBill = 0;
  let sqlReplay = 0;
  try {
    await connection.run(`CREATE VIEW calls AS FROM read_parquet('${paths.calls}')`);
    await connection.run(`CREATE VIEW prices AS FROM read_parquet('${paths.prices}')`);
    await writeReplayPlan(connection, PLAN, DEFAULT_PRICING);
    for (const [name, sql, keep] of [
      ['DuckDB bill.sql', billSql, (usd: number) => (sqlBill = usd)],
      ['DuckDB replay.sql', replaySql, (usd: number) => (sqlReplay = usd)],
    ] as const) {
      keep(await totalOf(connection, sql));
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const took = timeOnce();
        await totalOf(connection, sql);
        times.push(took());
      }
      reportTimes(`${name}, ${label}`, times);
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }

  let coreBill = billTrace(calls, DEFAULT_PRICING).totals.totalUsd;
  const billTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const took = timeOnce();
    coreBill = billTrace(calls, DEFAULT_PRICING).totals.totalUsd;
    billTimes.push(took());
  }
  reportTimes(`core billTrace, ${label}`, billTimes);
  let coreReplay = replayTrace(calls, DEFAULT_PRICING, PLAN).totals.totalUsd;
  const replayTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const took = timeOnce();
    coreReplay = replayTrace(calls, DEFAULT_PRICING, PLAN).totals.totalUsd;
    replayTimes.push(took());
  }
  reportTimes(`core replayTrace, ${label}`, replayTimes);
  agree('bill', sqlBill, coreBill);
  agree('replay', sqlReplay, coreReplay);
  report({ name: 'bill total USD (SQL and core agree)', value: coreBill, unit: 'USD' });
  report({ name: 'replay total USD (SQL and core agree)', value: coreReplay, unit: 'USD' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
report({ name: 'load average (1 min) after', value: loadavg()[0]!, unit: 'load' });
