/**
 * Command-line benchmark (part of `npm run bench`): `bill --json`,
 * `replay --all-on REPLAY_MODEL --json` (and on request `cheapest --json`
 * and `export --parquet`) over a generated folder of Claude
 * Code transcripts, each in a child process, five runs. Prints one JSON
 * line per figure, `{"name", "value", "unit"}`: MB/s (median, min, max) and
 * peak RSS (the largest of the runs; target: under 300 MB for a 4 GB
 * folder). `CCE_BENCH_COMMANDS` (default `bill,replay`; also `cheapest`
 * and `export`) picks the commands.
 *
 * The folder is written to os.tmpdir()/cce-cli-bench-<MB>/ (never
 * committed) and reused by the next run: `CCE_BENCH_MB` sets its size in
 * MB (default 400; 4096 for the 4 GB figure). Every file is a copy of one
 * bench/claude-code-corpus.ts transcript with its session, message and
 * request ids made the file's own, so no call is a duplicate of another.
 *
 * `--child COMMAND DIR` runs only the command on DIR and prints its peak RSS.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../src/cli/run.ts';
import { report } from './bench-kit.ts';
import { generateTranscript } from './claude-code-corpus.ts';

const FILE_MB = 50;
// `CCE_BENCH_RUNS` sets the runs per command (default 5).
const RUNS = Number(process.env['CCE_BENCH_RUNS'] ?? 5);
// A model of the price book that the corpus never runs on, so that every call moves.
const REPLAY_MODEL = 'claude-sonnet-4-6';

const COMMANDS = ['bill', 'replay', 'cheapest', 'export'] as const;
type BenchCommand = (typeof COMMANDS)[number];

// `export` writes its Parquet beside the folder, replaced by each run.
const ARGS: Readonly<Record<BenchCommand, (dir: string) => string[]>> = {
  bill: (dir) => ['bill', dir, '--json'],
  replay: (dir) => ['replay', dir, '--all-on', REPLAY_MODEL, '--json'],
  cheapest: (dir) => ['cheapest', dir, '--json'],
  export: (dir) => ['export', dir, '--parquet', join(dir, '..', 'export.parquet')],
};

// The calls the command read, from its JSON (or, for `export`, its "wrote N calls" line).
function callsIn(command: BenchCommand, text: string): number {
  if (command === 'export') {
    const wrote = /wrote ([\d,]+) calls?/.exec(text);
    return wrote === null ? 0 : Number(wrote[1]!.replaceAll(',', ''));
  }
  const json = JSON.parse(text) as { calls?: number; scopeCalls?: number };
  return (command === 'bill' ? json.calls : json.scopeCalls) ?? 0;
}

async function child(command: BenchCommand, dir: string): Promise<void> {
  let calls = 0;
  const status = await runCli(ARGS[command](dir), {
    stdout: (text) => {
      calls = callsIn(command, text);
    },
    stderr: () => undefined,
    stderrIsTty: false,
    cwd: process.cwd(),
  });
  // maxRSS is in KiB.
  process.stdout.write(
    `${JSON.stringify({ status, calls, maxRssKiB: process.resourceUsage().maxRSS })}\n`,
  );
}

function folderOf(megabytes: number): string {
  const dir = join(tmpdir(), `cce-cli-bench-${megabytes}`);
  const files = Math.max(1, Math.round(megabytes / FILE_MB));
  const done = join(dir, '.complete');
  if (existsSync(done)) return dir;
  mkdirSync(join(dir, 'projects', '-home-dev-projects-shop'), { recursive: true });
  const template = join(dir, 'template.jsonl.tmp');
  generateTranscript(template, FILE_MB);
  const text = readFileSync(template, 'utf8');
  for (let i = 0; i < files; i++) {
    const tag = i.toString(36).padStart(4, '0');
    const copy = text
      .replaceAll('5b0d6c1e-8f3a-4c2d-9e71-', `5b0d6c1e-8f3a-4c2d-${tag}-`)
      .replaceAll('"msg_', `"msg_${tag}_`)
      .replaceAll('"req_', `"req_${tag}_`);
    writeFileSync(join(dir, 'projects', '-home-dev-projects-shop', `session-${tag}.jsonl`), copy);
  }
  spawnSync('rm', ['-f', template]);
  writeFileSync(done, '');
  return dir;
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) {
      total += statSync(join(entry.parentPath, entry.name)).size;
    }
  }
  return total;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function benchCommand(name: string | undefined): BenchCommand {
  const known = COMMANDS.find((command) => command === name);
  if (known !== undefined) return known;
  throw new Error(`unknown command to benchmark: ${String(name)}`);
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    await child(benchCommand(process.argv[childAt + 1]), process.argv[childAt + 2]!);
    return;
  }
  const megabytes = Number(process.env['CCE_BENCH_MB'] ?? 400);
  const dir = join(folderOf(megabytes), 'projects');
  const bytes = bytesUnder(dir);
  const commands = (process.env['CCE_BENCH_COMMANDS'] ?? 'bill,replay').split(',');
  for (const command of commands) measure(benchCommand(command.trim()), dir, bytes);
}

function measure(command: BenchCommand, dir: string, bytes: number): void {
  const self = fileURLToPath(import.meta.url);
  const rates: number[] = [];
  let peakKiB = 0;
  let calls = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', command, dir], {
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    });
    const seconds = (performance.now() - start) / 1000;
    if (out.status !== 0) throw new Error(`the child failed: ${out.stderr}`);
    const figures = JSON.parse(out.stdout) as { status: number; calls: number; maxRssKiB: number };
    if (figures.status !== 0) throw new Error(`${command} exited with ${figures.status}`);
    calls = figures.calls;
    peakKiB = Math.max(peakKiB, figures.maxRssKiB);
    rates.push(bytes / 1e6 / seconds);
  }
  report({ name: `cli ${command}: folder size`, value: Math.round(bytes / 1e6), unit: 'MB' });
  report({ name: `cli ${command}: calls`, value: calls, unit: 'calls' });
  report({
    name: `cli ${command}: throughput, median of ${RUNS}`,
    value: median(rates),
    unit: 'MB/s',
  });
  report({ name: `cli ${command}: throughput, min`, value: Math.min(...rates), unit: 'MB/s' });
  report({ name: `cli ${command}: throughput, max`, value: Math.max(...rates), unit: 'MB/s' });
  report({
    name: `cli ${command}: peak RSS, max of ${RUNS}`,
    value: Math.round(peakKiB / 1024),
    unit: 'MB',
  });
}

await main();
