// @vitest-environment node
/**
 * `writeTrafficParquet` takes the calls as a lazy read gives them: iterated
 * once, never held, spilled by DuckDB past its memory limit, and its
 * scratch database removed after, whether the write succeeds or fails.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import type { PricingTable } from '../../src/core/pricing.ts';
import { PLAIN_CALL_FIELDS, type TraceCall } from '../../src/core/traces/call-record.ts';
import { writeTrafficParquet } from '../../src/sql/export-parquet.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccx-export-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pricing: PricingTable = {
  'claude-sonnet-4-5': {
    provider: 'anthropic',
    input: 3e-6,
    output: 15e-6,
    cacheWrite: 3.75e-6,
    cacheRead: 0.3e-6,
  },
};

function callAt(i: number): TraceCall {
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId: `conversation-${i % 97}`,
    callId: `call-${i}`,
    at: 1_760_000_000 + i,
    model: 'claude-sonnet-4-5',
    inputTokens: 10 + (i % 13),
    cacheReadTokens: i % 7,
    cacheWrite5mTokens: i % 5,
    cacheWrite1hTokens: 0,
    outputTokens: 100 + (i % 31),
    reasoningTokens: 0,
    sidechain: false,
    toolResults: i % 3 === 0 ? [{ toolUseId: `toolu_${i}`, name: 'Read', tokens: i }] : [],
  };
}

// The calls as a generator that counts how often it is started.
function countedCalls(n: number) {
  const started = { times: 0 };
  function* calls(): Generator<TraceCall> {
    started.times++;
    for (let i = 0; i < n; i++) yield callAt(i);
  }
  return { calls: calls(), started };
}

async function readBack(path: string, sql: string) {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`CREATE VIEW calls AS FROM read_parquet('${path}')`);
    return (await connection.runAndReadAll(sql)).getRowObjectsJS();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('writeTrafficParquet over a lazy read', () => {
  it('writes every call once, in the order given, under a small memory limit', async () => {
    const n = 40_000;
    const scratch = mkdtempSync(join(dir, 'scratch-'));
    const { calls, started } = countedCalls(n);
    const out = {
      callsPath: join(dir, 'many.parquet'),
      pricesPath: join(dir, 'many.prices.parquet'),
    };
    const written = await writeTrafficParquet(calls, pricing, out, {
      memoryLimit: '32MB',
      scratch,
    });
    expect(written).toBe(n);
    expect(started.times).toBe(1);
    const [summary] = await readBack(
      out.callsPath,
      `SELECT count(*)::INTEGER AS n,
              count(DISTINCT call_id)::INTEGER AS ids,
              bool_and(call_id = 'call-' || position::VARCHAR) AS in_order,
              sum(output_tokens)::BIGINT AS output,
              sum(len(tool_results))::INTEGER AS results,
              min(price_key) AS key
       FROM calls`,
    );
    let output = 0;
    for (let i = 0; i < n; i++) output += callAt(i).outputTokens;
    expect(summary).toEqual({
      n,
      ids: n,
      in_order: true,
      output: BigInt(output),
      results: Math.ceil(n / 3),
      key: 'claude-sonnet-4-5',
    });
    const [third] = await readBack(
      out.callsPath,
      `SELECT typeof(tool_results) AS results_type, typeof(tool_requests) AS requests_type,
              tool_results[1].tool_use_id AS id, tool_results[1].name AS name,
              tool_results[1].tokens AS tokens, len(tool_requests)::INTEGER AS requests
       FROM calls WHERE position = 3`,
    );
    expect(third).toEqual({
      results_type: 'STRUCT(tool_use_id VARCHAR, "name" VARCHAR, tokens BIGINT)[]',
      requests_type: 'STRUCT(kind VARCHAR, count BIGINT)[]',
      id: 'toolu_3',
      name: 'Read',
      tokens: 3n,
      requests: 0,
    });
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('removes its scratch database when the calls fail part way', async () => {
    const scratch = mkdtempSync(join(dir, 'scratch-'));
    function* failing(): Generator<TraceCall> {
      yield callAt(0);
      throw new Error('the disk went away');
    }
    const out = {
      callsPath: join(dir, 'failed.parquet'),
      pricesPath: join(dir, 'failed.prices.parquet'),
    };
    await expect(writeTrafficParquet(failing(), pricing, out, { scratch })).rejects.toThrow(
      'the disk went away',
    );
    expect(readdirSync(scratch)).toEqual([]);
  });
});
