// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { pricingOf } from '../../src/conformance/pricing-of.ts';
import { replayPlanOf } from '../../src/conformance/trace-case.ts';
import { readTraceFiles, replayTrace, type TraceInputFile } from '../../src/core/traces/index.ts';
import { writeTrafficParquet } from '../../src/sql/export-parquet.ts';
import { writeReplayPlan } from '../../src/sql/replay-plan.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccx-sql-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const replaySql = readFileSync(new URL('../../sql/replay.sql', import.meta.url), 'utf8');

interface ReplayExpectation {
  readonly totals?: Readonly<Record<string, number>>;
  readonly leftOut?: { readonly unpriced: number; readonly reconciling: number };
  readonly unpricedToolRequests?: Readonly<Record<string, number>>;
  readonly calibration?: { readonly calls: number; readonly withinTwoPercent: number };
}

interface VectorCase {
  readonly name?: string;
  readonly description?: string;
  readonly input: Record<string, unknown>;
  readonly expect: ReplayExpectation;
}

function casesOf(file: string): readonly VectorCase[] {
  const url = new URL(`../fixtures/conformance/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: VectorCase[] }).cases;
}

async function sqlReplay(input: Record<string, unknown>, label: string) {
  const pricing = pricingOf(input);
  const plan = replayPlanOf(input);
  const { calls } = readTraceFiles(input['files'] as readonly TraceInputFile[]);
  const out = {
    callsPath: join(dir, `${label}.calls.parquet`),
    pricesPath: join(dir, `${label}.prices.parquet`),
  };
  await writeTrafficParquet(calls, pricing, out);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`CREATE VIEW calls AS FROM read_parquet('${out.callsPath}')`);
    await connection.run(`CREATE VIEW prices AS FROM read_parquet('${out.pricesPath}')`);
    await writeReplayPlan(connection, plan, pricing);
    const rows = (await connection.runAndReadAll(replaySql)).getRowObjectsJS();
    return { rows, core: replayTrace(calls, pricing, plan) };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(expected), 1e-12);
}

const TOTALS = [
  ['totalUsd', 'total_usd'],
  ['cachedTokens', 'cached_tokens'],
  ['writeTokens', 'write_tokens'],
  ['uncachedTokens', 'uncached_tokens'],
  ['toolFeesUsd', 'tool_fees_usd'],
] as const;

describe.each(['replay.json', 'replay-r3.json'])('replay.sql on %s', (file) => {
  it.each(casesOf(file).map((c, i) => [c.name ?? c.description ?? String(i), i, c] as const))(
    '%s',
    async (_name, index, testCase) => {
      const { rows, core } = await sqlReplay(testCase.input, `${file}-${index}`);
      const total = rows.find((row) => row['breakdown'] === 'total')!;
      const expected = testCase.expect;
      for (const [field, column] of TOTALS) {
        const got = Number(total[column]);
        expect(close(got, core.totals[field]), `${field}: ${got} vs ${core.totals[field]}`).toBe(
          true,
        );
        const vector = expected.totals?.[field];
        if (typeof vector === 'number') expect(close(got, vector), field).toBe(true);
      }
      expect(Number(total['calls'])).toBe(core.calls.length);

      const unpriced = Object.fromEntries(
        rows
          .filter((row) => row['breakdown'] === 'unpriced')
          .map((row) => [String(row['key']), Number(row['calls'])]),
      );
      expect(unpriced).toEqual(Object.fromEntries(core.leftOut.unpriced));
      expect(Number(total['reconciling'])).toBe(core.leftOut.reconciling);
      if (expected.leftOut !== undefined) {
        const unpricedCalls = Object.values(unpriced).reduce((sum, n) => sum + n, 0);
        expect(unpricedCalls).toBe(expected.leftOut.unpriced);
        expect(Number(total['reconciling'])).toBe(expected.leftOut.reconciling);
      }

      const requests = Object.fromEntries(
        rows
          .filter((row) => row['breakdown'] === 'unpricedToolRequests')
          .map((row) => [String(row['key']), Number(row['requests'])]),
      );
      expect(requests).toEqual(Object.fromEntries(core.unpricedToolRequests));
      if (expected.unpricedToolRequests !== undefined) {
        expect(requests).toEqual(expected.unpricedToolRequests);
      }

      if (core.calibration === undefined) expect(total['within_two_percent']).toBeNull();
      else {
        expect(Number(total['within_two_percent'])).toBe(core.calibration.withinTwoPercent);
        expect(Number(total['calls'])).toBe(core.calibration.calls);
      }
      if (expected.calibration !== undefined) {
        expect(Number(total['within_two_percent'])).toBe(expected.calibration.withinTwoPercent);
        expect(Number(total['calls'])).toBe(expected.calibration.calls);
      }
    },
  );
});
