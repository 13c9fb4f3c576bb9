// @vitest-environment node
/**
 * `export --parquet` on the public trace vectors: the files it writes, read
 * by DuckDB and billed by `sql/bill.sql`, give the bill `bill --json` prints
 * for the same files, and the vector's own total.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { USAGE_EXIT } from '../../src/cli/run.ts';
import { pricesPathBeside } from '../../src/cli/export.ts';
import { casesOf, onDisk, run } from './vectors-on-disk.ts';

const billSql = readFileSync(new URL('../../sql/bill.sql', import.meta.url), 'utf8');

async function sqlTotals(callsPath: string, pricesPath: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`CREATE VIEW calls AS FROM read_parquet('${callsPath}')`);
    await connection.run(`CREATE VIEW prices AS FROM read_parquet('${pricesPath}')`);
    const rows = (await connection.runAndReadAll(billSql)).getRowObjectsJS();
    const calls = await connection.runAndReadAll('SELECT count(*)::INTEGER AS n FROM calls');
    const byModel = Object.fromEntries(
      rows
        .filter((row) => row['breakdown'] === 'model')
        .map((row) => [String(row['key']), Number(row['total_usd'])]),
    );
    const total = rows.find((row) => row['breakdown'] === 'total');
    return {
      totalUsd: total === undefined ? 0 : Number(total['total_usd']),
      byModel,
      calls: Number(calls.getRowObjectsJS()[0]!['n']),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('export --parquet on the trace vectors', () => {
  it.each(casesOf('trace.json', 'trace-r3.json').map((c) => [c.name, c] as const))(
    '%s',
    async (_name, vector) => {
      const { cwd, args } = await onDisk(vector.input);
      const out = await run(['export', ...args, '--parquet', 'traffic.parquet'], cwd);
      expect(out.stderr.split('\n').filter((l) => l.startsWith('context-cost'))).toEqual([]);
      expect(out.status).toBe(0);
      expect(out.stdout).toContain(join(cwd, 'traffic.prices.parquet'));
      const sql = await sqlTotals(
        join(cwd, 'traffic.parquet'),
        join(cwd, 'traffic.prices.parquet'),
      );
      const bill = JSON.parse((await run(['bill', ...args, '--json'], cwd)).stdout) as {
        calls: number;
        totalUsd: number;
        byModel: Record<string, number>;
      };
      expect(sql.calls).toBe(bill.calls);
      expect(sql.totalUsd).toBeCloseTo(bill.totalUsd, 9);
      const expected = vector.expect['billed'] as { totalUsd: number };
      expect(sql.totalUsd).toBeCloseTo(expected.totalUsd, 2);
      expect(Object.keys(sql.byModel).sort()).toEqual(Object.keys(bill.byModel).sort());
      for (const [model, usd] of Object.entries(bill.byModel))
        expect(sql.byModel[model]).toBeCloseTo(usd, 9);
    },
  );
});

describe('export usage', () => {
  it('names the price file beside the calls file', () => {
    expect(pricesPathBeside('out/traffic.parquet')).toBe(join('out', 'traffic.prices.parquet'));
    expect(pricesPathBeside('traffic')).toBe('traffic.prices.parquet');
  });

  it('needs --parquet, and two different files', async () => {
    const vector = casesOf('trace.json')[0]!;
    const { cwd, args } = await onDisk(vector.input);
    expect((await run(['export', ...args], cwd)).status).toBe(USAGE_EXIT);
    const same = await run(
      ['export', ...args, '--parquet', 'a.parquet', '--prices-parquet', 'a.parquet'],
      cwd,
    );
    expect(same.status).toBe(USAGE_EXIT);
    expect(same.stderr).toContain('--prices-parquet must differ from --parquet');
  });
});
