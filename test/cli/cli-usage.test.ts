/**
 * The command's exit statuses, help and CSV: a usage error and an
 * unreadable path are the only failures; skipped records go to stderr.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, UNREADABLE_EXIT, USAGE_EXIT } from '../../src/cli/run.ts';
import { billRows } from '../../src/cli/bill-output.ts';
import { billTrace, readTraceFiles } from '../../src/core/traces/index.ts';
import { readPriceFile } from '../../src/cli/prices.ts';
import { toCsv } from '../../src/format/csv.ts';

let cwd = '';

async function run(...args: string[]) {
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

const PRICES = { 'claude-sonnet-4-5': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };
/** An Anthropic Messages response line. */
function message(id: string, model: string, inputTokens: number, outputTokens: number) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: 'Done.' }],
    stop_reason: 'end_turn',
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}

// A call whose model name starts with "=": a CSV cell a spreadsheet would run as a formula.
const TRACE = [
  JSON.stringify(message('msg_1', 'claude-sonnet-4-5', 1000, 200)),
  JSON.stringify(message('msg_2', '=HYPERLINK("x")', 5, 1)),
  'not json',
].join('\n');

beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'cce-usage-'));
  await writeFile(join(cwd, 'calls.jsonl'), TRACE);
  await writeFile(
    join(cwd, 'prices.json'),
    JSON.stringify({ ...PRICES, '=HYPERLINK("x")': PRICES['claude-sonnet-4-5'] }),
  );
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

describe('exit statuses', () => {
  it.each([
    ['an unknown command', ['frobnicate']],
    ['an unknown option', ['bill', 'calls.jsonl', '--frob']],
    ['a --by outside the list', ['bill', 'calls.jsonl', '--by', 'colour']],
    ['a --map without =', ['replay', 'calls.jsonl', '--map', 'a']],
    ['a --ttl other than 5m or 1h', ['replay', 'calls.jsonl', '--ttl', '2h']],
    ['no path at all', ['bill']],
    ['--json with --csv', ['bill', 'calls.jsonl', '--json', '--csv']],
  ])('%s is a usage error', async (_what, args) => {
    expect((await run(...args)).status).toBe(USAGE_EXIT);
  });

  it('a path that does not exist is unreadable, and says which', async () => {
    const out = await run('bill', 'calls.jsonl', 'no-such-folder');
    expect(out.status).toBe(UNREADABLE_EXIT);
    expect(out.stderr).toContain('no-such-folder');
  });

  it('a skipped record is not a failure: its file and line go to stderr', async () => {
    const out = await run('bill', 'calls.jsonl', '--prices', 'prices.json');
    expect(out.status).toBe(0);
    expect(out.stderr).toMatch(/calls\.jsonl:3: /);
  });

  it.each([['bill'], ['replay'], ['cheapest']])(
    '%s --help prints its usage and succeeds',
    async (command) => {
      const out = await run(command, '--help');
      expect(out.status).toBe(0);
      expect(out.stdout).toContain(`Usage: context-cost-explorer ${command}`);
    },
  );
});

describe('bill --csv', () => {
  it('prints the breakdown as the shared CSV writer does, formulas neutralised', async () => {
    const out = await run('bill', 'calls.jsonl', '--prices', 'prices.json', '--csv');
    const read = readTraceFiles([{ name: 'calls.jsonl', text: TRACE }]);
    const pricing = await readPriceFile(join(cwd, 'prices.json'));
    expect(out.stdout).toBe(
      toCsv(billRows(billTrace(read.calls, pricing, read.reported), 'model')),
    );
    expect(out.stdout).not.toMatch(/^=/m);
  });
});
