/**
 * The command line against the public trace and replay vectors (SPEC §7):
 * each case's files written to a temporary folder, read by `runCli` with
 * the case's prices, and its JSON compared with the case's expectations to
 * the cent.
 */
import { describe, expect, it } from 'vitest';
import { casesOf, onDisk, run, type VectorCase } from './vectors-on-disk.ts';

/** `actual` equal to `expected` to the cent, key for key. */
function expectCents(actual: Record<string, number>, expected: Record<string, number>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, usd] of Object.entries(expected)) expect(actual[key]).toBeCloseTo(usd, 2);
}

const traceCases = casesOf('trace.json', 'trace-r3.json');
const replayCases = casesOf('replay.json', 'replay-r3.json');

describe('bill --json on the trace vectors', () => {
  it.each(traceCases.map((c) => [c.name, c] as const))('%s', async (_name, vector) => {
    const { cwd, args } = await onDisk(vector.input);
    const out = await run(['bill', ...args, '--json'], cwd);
    expect(out.status).toBe(0);
    const bill = JSON.parse(out.stdout) as Record<string, unknown>;
    const expected = vector.expect['billed'] as Record<string, unknown>;
    expect(bill['totalUsd']).toBeCloseTo(expected['totalUsd'] as number, 2);
    // Older vectors predate some breakdowns: each one a vector gives is compared.
    const breakdowns = ['byModel', 'byConversation', 'byDay', 'byProject', 'byBranch', 'bySource'];
    for (const by of breakdowns.filter((b) => expected[b] !== undefined)) {
      expectCents(bill[by] as Record<string, number>, expected[by] as Record<string, number>);
    }
    expect(bill['unpriced']).toEqual(vector.expect['unpriced']);
    expect(bill['calls']).toBe((vector.expect['calls'] as unknown[]).length);
    expect(bill['skipped']).toBe((vector.expect['skipped'] as unknown[]).length);
  });
});

function replayArgs(input: VectorCase['input']): string[] {
  const model = input['model'];
  // A what-if vector has one TTL for every call (the command's default keeps each conversation's own).
  const ttl = ['--ttl', input['ttlSeconds'] === 3600 ? '1h' : '5m'];
  if (typeof model === 'string') return ['--all-on', model, ...ttl];
  if (typeof model === 'object' && model !== null) {
    return [
      ...Object.entries(model as Record<string, string>).flatMap(([from, to]) => [
        '--map',
        `${from}=${to}`,
      ]),
      ...ttl,
    ];
  }
  return ttl;
}

describe('replay --json on the replay vectors', () => {
  it.each(replayCases.map((c) => [c.name, c] as const))('%s', async (_name, vector) => {
    const { cwd, args } = await onDisk(vector.input);
    const out = await run(['replay', ...args, ...replayArgs(vector.input), '--json'], cwd);
    expect(out.status).toBe(0);
    const replay = JSON.parse(out.stdout) as Record<string, { totalUsd: number }>;
    const column = vector.input['asRun'] === true ? replay['asRun'] : replay['replay'];
    const totals = vector.expect['totals'] as { totalUsd: number };
    expect(column?.totalUsd).toBeCloseTo(totals.totalUsd, 2);
  });
});
