/**
 * The command line against the public trace and replay vectors (SPEC §7):
 * each case's files written to a temporary folder, read by `runCli` with
 * the case's prices, and its JSON compared with the case's expectations to
 * the cent.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.ts';

interface VectorFile {
  readonly name: string;
  readonly text: string;
  readonly source?: string;
}
interface VectorCase {
  readonly name: string;
  readonly input: Record<string, unknown> & { readonly files: readonly VectorFile[] };
  readonly expect: Record<string, unknown>;
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** The case's files and prices on disk, and the arguments that read them. */
async function onDisk(input: VectorCase['input']): Promise<{ cwd: string; args: string[] }> {
  const cwd = await mkdtemp(join(tmpdir(), 'cce-vector-'));
  folders.push(cwd);
  const args: string[] = [];
  for (const file of input.files) {
    // Each file given by the name the case gives it, in the case's order.
    const path = join(cwd, file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text);
    args.push(
      ...(file.source === undefined ? [file.name] : ['--source', `${file.source}=${file.name}`]),
    );
  }
  if (input['pricing'] !== undefined) {
    await writeFile(join(cwd, 'prices.json'), JSON.stringify(input['pricing']));
    args.push('--prices', 'prices.json');
  }
  return { cwd, args };
}

async function run(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    stderrIsTty: false,
    cwd,
  });
  return { status, stdout, stderr };
}

/** `actual` equal to `expected` to the cent, key for key. */
function expectCents(actual: Record<string, number>, expected: Record<string, number>): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, usd] of Object.entries(expected)) expect(actual[key]).toBeCloseTo(usd, 2);
}

// JSON.parse, not a JSON import: a case names a model `__proto__`, which must stay an own key.
function casesOf(...names: string[]): VectorCase[] {
  return names.flatMap((name) => {
    const url = new URL(`../fixtures/conformance/${name}`, import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { cases: VectorCase[] }).cases;
  });
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
  const ttl = input['ttlSeconds'] === 3600 ? ['--ttl', '1h'] : [];
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
