// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { pricingOf } from '../../src/conformance/pricing-of.ts';
import { billTrace, readTraceFiles, type TraceInputFile } from '../../src/core/traces/index.ts';
import { writeTrafficParquet } from '../../src/sql/export-parquet.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccx-sql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const billSql = readFileSync(new URL('../../sql/bill.sql', import.meta.url), 'utf8');

interface VectorCase {
  readonly name?: string;
  readonly description?: string;
  readonly input: Record<string, unknown>;
  readonly expect: { readonly billed?: Record<string, unknown> };
}

function casesOf(file: string): readonly VectorCase[] {
  const url = new URL(`../fixtures/conformance/${file}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: VectorCase[] }).cases;
}

async function sqlBill(input: Record<string, unknown>, label: string) {
  const pricing = pricingOf(input);
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
    const rows = (await connection.runAndReadAll(billSql)).getRowObjectsJS();
    return { rows, core: billTrace(calls, pricing) };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(expected), 1e-12);
}

describe.each(['trace.json', 'trace-r3.json'])('bill.sql on %s', (file) => {
  it.each(casesOf(file).map((c, i) => [c.name ?? c.description ?? String(i), i, c] as const))(
    '%s',
    async (_name, index, testCase) => {
      const { rows, core } = await sqlBill(testCase.input, `${file}-${index}`);
      const usd = (breakdown: string) =>
        new Map(
          rows
            .filter((row) => row['breakdown'] === breakdown)
            .map((row) => [String(row['key']), Number(row['total_usd'])]),
        );
      const total = usd('total').get('null') ?? 0;
      expect(close(total, core.totals.totalUsd)).toBe(true);
      const expected = testCase.expect.billed?.['totalUsd'];
      if (typeof expected === 'number') expect(close(total, expected)).toBe(true);
      const pairs = [
        ['model', core.byModel],
        ['conversation', core.byConversation],
        ['day', core.byDay],
        ['project', core.byProject],
        ['branch', core.byBranch],
        ['source', core.bySource],
      ] as const;
      for (const [breakdown, map] of pairs) {
        const got = usd(breakdown);
        expect([...got.keys()].sort()).toEqual([...map.keys()].sort());
        for (const [key, cost] of map) expect(close(got.get(key)!, cost.totalUsd)).toBe(true);
      }
      const counts = (breakdown: string, column: string) =>
        Object.fromEntries(
          rows
            .filter((row) => row['breakdown'] === breakdown)
            .map((row) => [String(row['key']), Number(row[column])]),
        );
      expect(counts('unpriced', 'calls')).toEqual(Object.fromEntries(core.unpriced));
      expect(counts('toolRequests', 'requests')).toEqual(Object.fromEntries(core.toolRequests));
      expect(counts('unpricedToolRequests', 'requests')).toEqual(
        Object.fromEntries(core.unpricedToolRequests),
      );
    },
  );
});
