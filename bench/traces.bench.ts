/**
 * Trace import benchmark: `npm run bench:traces` (and the second half of
 * `npm run bench`). Prints one JSON line per figure,
 * `{"name", "value", "unit"}`, and asserts nothing.
 *
 * A Claude Code-shaped transcript is generated deterministically into
 * /tmp/traces-bench/ (15 MB and 200 MB; never committed): calls written as
 * two to four lines (thinking, text, tool_use blocks) with growing cache
 * reads and 1-hour writes, tool results of log-normal size, progress and
 * system lines. Figures:
 *
 * - the floor: the same text, fed in 1 MiB chunks, split into lines and
 *   `JSON.parse`d, nothing else;
 * - import: the same chunks through `createTraceReader` (parse, dedupe,
 *   tool results), then `billTrace`; MB/s and calls/s, median and spread of
 *   the runs, and the ratio to the floor (target: within 2×);
 * - ccusage 18.0.11 on the 15 MB file (its CLI, offline prices, wall time);
 * - peak memory reading the 200 MB file streamed from disk in 1 MiB chunks,
 *   in a child process (target: under 300 MB RSS).
 *
 * Pass `--child-stream FILE` to run only the streaming reader on FILE (that
 * is how the memory figure is taken).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './bench-kit.ts';
import { generateTranscript } from './claude-code-corpus.ts';
import { DEFAULT_PRICING } from '../src/core/pricing.ts';
import { billTrace, createTraceReader } from '../src/core/traces/index.ts';

const MB = 1024 * 1024;
const CHUNK_CHARS = MB;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = '/tmp/traces-bench';

function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK_CHARS) chunks.push(text.slice(i, i + CHUNK_CHARS));
  return chunks;
}

let sink = 0;

/** The floor: split the chunks into lines and parse each, keeping nothing. */
function floor(chunks: readonly string[]): void {
  let tail = '';
  for (const chunk of chunks) {
    const text = tail + chunk;
    let from = 0;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      const line = text.slice(from, newline);
      if (line !== '') sink += (JSON.parse(line) as { type?: string }).type === 'assistant' ? 1 : 0;
      from = newline + 1;
      newline = text.indexOf('\n', from);
    }
    tail = text.slice(from);
  }
}

/** The import: the chunks through the reader, then the as-billed cost. */
function importTrace(chunks: readonly string[]): number {
  const reader = createTraceReader();
  reader.beginFile('bench.jsonl');
  for (const chunk of chunks) reader.pushText(chunk);
  const { calls } = reader.finish();
  sink += billTrace(calls, DEFAULT_PRICING).totals.totalUsd;
  return calls.length;
}

function timeRuns(runs: number, work: () => void): number[] {
  work(); // warm-up
  const seconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    seconds.push((performance.now() - start) / 1000);
  }
  return seconds;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** Streams `path` from disk through the reader; reports peak RSS and heap (run in a child process). */
async function streamChild(path: string): Promise<void> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const reader = createTraceReader();
  reader.beginFile('bench-200mb.jsonl');
  const start = performance.now();
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: MB })) {
    reader.pushText(chunk as string);
    sample();
  }
  const { calls } = reader.finish();
  sample();
  const billed = billTrace(calls, DEFAULT_PRICING);
  sample();
  const seconds = (performance.now() - start) / 1000;
  process.stdout.write(
    `${JSON.stringify({ peakRss, peakHeap, seconds, calls: calls.length, totalUsd: billed.totals.totalUsd })}\n`,
  );
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child-stream');
  if (childAt >= 0) {
    await streamChild(process.argv[childAt + 1]!);
    return;
  }
  mkdirSync(DIR, { recursive: true });
  const small = join(DIR, 'projects', '-home-dev-shop', 'bench-15mb.jsonl');
  const large = join(DIR, 'bench-200mb.jsonl');
  mkdirSync(dirname(small), { recursive: true });
  if (!existsSync(small)) generateTranscript(small, 15);
  if (!existsSync(large)) generateTranscript(large, 200);

  const text = readFileSync(small, 'utf8');
  const megabytes = statSync(small).size / MB;
  const chunks = chunksOf(text);
  let calls = 0;
  const floorRuns = timeRuns(5, () => floor(chunks));
  const importRuns = timeRuns(5, () => {
    calls = importTrace(chunks);
  });
  const spread = (runs: readonly number[]): number =>
    (Math.max(...runs) - Math.min(...runs)) / median(runs);
  report({ name: 'traces.corpus15.size', value: round(megabytes, 2), unit: 'MB' });
  report({ name: 'traces.corpus15.calls', value: calls, unit: 'calls' });
  report({
    name: 'traces.floor15.throughput.median',
    value: round(megabytes / median(floorRuns), 1),
    unit: 'MB/s',
  });
  report({
    name: 'traces.floor15.spread',
    value: round(100 * spread(floorRuns), 1),
    unit: '% of median',
  });
  report({
    name: 'traces.import15.throughput.median',
    value: round(megabytes / median(importRuns), 1),
    unit: 'MB/s',
  });
  report({
    name: 'traces.import15.calls.median',
    value: Math.round(calls / median(importRuns)),
    unit: 'calls/s',
  });
  report({
    name: 'traces.import15.spread',
    value: round(100 * spread(importRuns), 1),
    unit: '% of median',
  });
  report({
    name: 'traces.import15.vsFloor',
    value: round(median(importRuns) / median(floorRuns), 2),
    unit: '× floor time',
  });

  // ccusage on the same 15 MB (its CLI, offline prices): wall time of a few runs.
  const ccusage = join(ROOT, 'node_modules', 'ccusage', 'dist', 'index.js');
  const ccusageRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    execFileSync(
      process.execPath,
      [ccusage, 'daily', '--json', '--offline', '--mode', 'calculate'],
      {
        env: { ...process.env, CLAUDE_CONFIG_DIR: DIR },
        maxBuffer: 64 * MB,
      },
    );
    ccusageRuns.push((performance.now() - start) / 1000);
  }
  report({ name: 'traces.ccusage15.seconds.median', value: round(median(ccusageRuns)), unit: 's' });
  report({
    name: 'traces.ccusage15.throughput.median',
    value: round(megabytes / median(ccusageRuns), 1),
    unit: 'MB/s',
  });
  report({ name: 'traces.import15.seconds.median', value: round(median(importRuns)), unit: 's' });

  // 200 MB streamed from disk, in a child so this process's copy of the 15 MB corpus does not count.
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child-stream', large],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * MB,
    },
  );
  if (child.status !== 0) throw new Error(`streaming child failed: ${child.stderr}`);
  const streamed = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
    peakRss: number;
    peakHeap: number;
    seconds: number;
    calls: number;
  };
  const largeMb = statSync(large).size / MB;
  report({ name: 'traces.stream200.size', value: round(largeMb, 1), unit: 'MB' });
  report({ name: 'traces.stream200.calls', value: streamed.calls, unit: 'calls' });
  report({ name: 'traces.stream200.peakRss', value: round(streamed.peakRss / MB, 1), unit: 'MB' });
  report({
    name: 'traces.stream200.peakHeapUsed',
    value: round(streamed.peakHeap / MB, 1),
    unit: 'MB',
  });
  report({
    name: 'traces.stream200.throughput',
    value: round(largeMb / streamed.seconds, 1),
    unit: 'MB/s',
  });
  if (sink === 0.5) process.stdout.write(''); // keep the work observable
}

await main();
