/**
 * Trace import benchmark: `npm run bench:traces` (and the second half of
 * `npm run bench`). Prints one JSON line per figure,
 * `{"name", "value", "unit"}`, and asserts nothing.
 *
 * Corpora of every shape are generated deterministically into
 * /tmp/traces-bench/ (never committed), about 15 MB each:
 *
 * - a Claude Code transcript (bench/claude-code-corpus.ts; also 200 MB):
 *   calls written as two to four lines with growing cache reads and 1-hour
 *   writes, tool results of log-normal size, progress and system lines;
 * - Codex CLI rollouts (bench/codex-corpus.ts; also 200 MB): one file per
 *   session, long reasoning and tool-output `response_item` lines, every
 *   `token_count` written twice, `turn_context` per turn;
 * - Claude Code stream-json runs, an Anthropic SSE recording and Gemini CLI
 *   sessions (bench/stream-json-corpus.ts, sse-corpus.ts, gemini-corpus.ts).
 *
 * Figures, for each format:
 *
 * - the floor: the same text, fed in 1 MiB chunks, split into lines and
 *   `JSON.parse`d, nothing else (SSE: its `data:` lines; Gemini CLI, whose
 *   files are JSON documents: each file's text joined and parsed);
 * - import: the same chunks through `createTraceReader` (parse, dedupe,
 *   tool results), then `billTrace`; MB/s and calls/s, median and spread of
 *   the runs, and the ratio to the floor (target: within 1.5×); the floor
 *   and the import take turns, seven runs each, so that the machine's load
 *   (other processes on shared cores) weighs on both alike;
 * - ccusage 18.0.11 on the Claude Code corpus and @ccusage/codex 18.0.11 on
 *   the Codex corpus (their CLIs, offline prices, wall time);
 * - peak memory reading the 200 MB Claude Code file, and the 200 MB of Codex
 *   rollouts, streamed from disk in 1 MiB chunks, each in a child process
 *   (target: under 300 MB RSS);
 * - the machine's load average over the last minute, before and after.
 *
 * Pass `--child-stream FILE...` to run only the streaming reader on the files
 * (that is how the memory figures are taken), and `--formats a,b` to time
 * only some formats (claudeCode, codex, streamJson, sse, gemini).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './bench-kit.ts';
import { generateTranscript } from './claude-code-corpus.ts';
import { generateCodexRollouts } from './codex-corpus.ts';
import { corpusFiles } from './corpus-file.ts';
import { generateGeminiSessions } from './gemini-corpus.ts';
import { generateSseStreams } from './sse-corpus.ts';
import { generateStreamJsonRuns } from './stream-json-corpus.ts';
import { DEFAULT_PRICING } from '../src/core/pricing.ts';
import { billTrace, createTraceReader } from '../src/core/traces/index.ts';

const MB = 1024 * 1024;
const CHUNK_CHARS = MB;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = '/tmp/traces-bench';
/** Timed runs of the floor and of the import, taking turns (after one warm-up of each). */
const RUNS = 7;

/** One file of a corpus: its name as the reader is told it, and its text in 1 MiB chunks. */
interface CorpusText {
  readonly name: string;
  readonly chunks: readonly string[];
}

function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK_CHARS) chunks.push(text.slice(i, i + CHUNK_CHARS));
  return chunks;
}

let sink = 0;

/** The floor of a JSONL file: split the chunks into lines and parse each, keeping nothing. */
function jsonlFloor(chunks: readonly string[], prefix = ''): void {
  let tail = '';
  for (const chunk of chunks) {
    const text = tail + chunk;
    let from = 0;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      const line = text.slice(from, newline);
      if (line !== '' && line.startsWith(prefix))
        sink +=
          (JSON.parse(prefix === '' ? line : line.slice(prefix.length)) as { type?: string })
            .type === 'assistant'
            ? 1
            : 0;
      from = newline + 1;
      newline = text.indexOf('\n', from);
    }
    tail = text.slice(from);
  }
}

/** The floor of a JSON document: its chunks joined and parsed once. */
function documentFloor(chunks: readonly string[]): void {
  sink += (JSON.parse(chunks.join('')) as { messages?: unknown[] }).messages?.length ?? 0;
}

interface Format {
  readonly key: string;
  /** Figure names: `traces.<figure>15.…`; the Claude Code corpus keeps its earlier names. */
  readonly figure: (what: string) => string;
  readonly files: () => string[];
  readonly floor: (chunks: readonly string[]) => void;
}

const FORMATS: readonly Format[] = [
  {
    key: 'claudeCode',
    figure: (what) => `traces.${what}15`,
    files: () => {
      const path = join(DIR, 'projects', '-home-dev-shop', 'bench-15mb.jsonl');
      mkdirSync(dirname(path), { recursive: true });
      if (!existsSync(path)) generateTranscript(path, 15);
      return [path];
    },
    floor: (chunks) => jsonlFloor(chunks),
  },
  {
    key: 'codex',
    figure: (what) => `traces.codex.${what}15`,
    files: () => corpusFiles(join(DIR, 'codex-15'), (dir) => generateCodexRollouts(dir, 15)),
    floor: (chunks) => jsonlFloor(chunks),
  },
  {
    key: 'streamJson',
    figure: (what) => `traces.streamJson.${what}15`,
    files: () => corpusFiles(join(DIR, 'stream-json-15'), (dir) => generateStreamJsonRuns(dir, 15)),
    floor: (chunks) => jsonlFloor(chunks),
  },
  {
    key: 'sse',
    figure: (what) => `traces.sse.${what}15`,
    files: () =>
      corpusFiles(join(DIR, 'sse-15'), (dir) => generateSseStreams(join(dir, 'streams.sse'), 15)),
    floor: (chunks) => jsonlFloor(chunks, 'data: '),
  },
  {
    key: 'gemini',
    figure: (what) => `traces.gemini.${what}15`,
    files: () => corpusFiles(join(DIR, 'gemini-15'), (dir) => generateGeminiSessions(dir, 15)),
    floor: documentFloor,
  },
];

/** The import: every file's chunks through the reader, then the as-billed cost. */
function importTrace(files: readonly CorpusText[]): number {
  const reader = createTraceReader();
  for (const file of files) {
    reader.beginFile(file.name);
    for (const chunk of file.chunks) reader.pushText(chunk);
  }
  const { calls } = reader.finish();
  sink += billTrace(calls, DEFAULT_PRICING).totals.totalUsd;
  return calls.length;
}

/**
 * Times `runs` rounds of each piece of work, taking turns within a round, so
 * that a change in the machine's load falls on all of them alike.
 */
function timeInTurns(runs: number, works: ReadonlyArray<() => void>): number[][] {
  for (const work of works) work(); // warm-up
  const seconds = works.map((): number[] => []);
  for (let i = 0; i < runs; i++)
    works.forEach((work, w) => {
      const start = performance.now();
      work();
      seconds[w]!.push((performance.now() - start) / 1000);
    });
  return seconds;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const spread = (runs: readonly number[]): number =>
  (Math.max(...runs) - Math.min(...runs)) / median(runs);

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** Streams `paths` from disk through the reader; reports peak RSS and heap (run in a child process). */
async function streamChild(paths: readonly string[]): Promise<void> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const reader = createTraceReader();
  const start = performance.now();
  for (const path of paths) {
    reader.beginFile(relative(DIR, path));
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: MB })) {
      reader.pushText(chunk as string);
      sample();
    }
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

/** Times the floor and the import of one format's corpus and reports them. */
function benchFormat(format: Format): void {
  const paths = format.files();
  const files = paths.map((path) => ({
    name: relative(DIR, path),
    chunks: chunksOf(readFileSync(path, 'utf8')),
  }));
  const megabytes = paths.reduce((n, path) => n + statSync(path).size, 0) / MB;
  let calls = 0;
  const [floorRuns, importRuns] = timeInTurns(RUNS, [
    () => {
      for (const file of files) format.floor(file.chunks);
    },
    () => {
      calls = importTrace(files);
    },
  ]) as [number[], number[]];
  const name = format.figure;
  report({ name: `${name('corpus')}.size`, value: round(megabytes, 2), unit: 'MB' });
  report({ name: `${name('corpus')}.files`, value: paths.length, unit: 'files' });
  report({ name: `${name('corpus')}.calls`, value: calls, unit: 'calls' });
  report({
    name: `${name('floor')}.throughput.median`,
    value: round(megabytes / median(floorRuns), 1),
    unit: 'MB/s',
  });
  report({
    name: `${name('floor')}.spread`,
    value: round(100 * spread(floorRuns), 1),
    unit: '% of median',
  });
  report({
    name: `${name('import')}.throughput.median`,
    value: round(megabytes / median(importRuns), 1),
    unit: 'MB/s',
  });
  report({
    name: `${name('import')}.calls.median`,
    value: Math.round(calls / median(importRuns)),
    unit: 'calls/s',
  });
  report({
    name: `${name('import')}.spread`,
    value: round(100 * spread(importRuns), 1),
    unit: '% of median',
  });
  report({
    name: `${name('import')}.vsFloor`,
    value: round(median(importRuns) / median(floorRuns), 2),
    unit: '× floor time',
  });
  report({ name: `${name('import')}.seconds.median`, value: round(median(importRuns)), unit: 's' });
}

/** Wall time of a few runs of a ccusage CLI (offline prices) over a corpus of `megabytes` MB. */
function benchCli(
  name: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  megabytes: number,
): void {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    execFileSync(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * MB,
    });
    runs.push((performance.now() - start) / 1000);
  }
  report({ name: `${name}.seconds.median`, value: round(median(runs)), unit: 's' });
  report({
    name: `${name}.throughput.median`,
    value: round(megabytes / median(runs), 1),
    unit: 'MB/s',
  });
}

/** Streams 200 MB in a child, so this process's copies of the 15 MB corpora do not count. */
function benchStream(name: string, paths: readonly string[]): void {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child-stream', ...paths],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * MB },
  );
  if (child.status !== 0) throw new Error(`streaming child failed: ${child.stderr}`);
  const streamed = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
    peakRss: number;
    peakHeap: number;
    seconds: number;
    calls: number;
  };
  const megabytes = paths.reduce((n, path) => n + statSync(path).size, 0) / MB;
  report({ name: `${name}.size`, value: round(megabytes, 1), unit: 'MB' });
  report({ name: `${name}.calls`, value: streamed.calls, unit: 'calls' });
  report({ name: `${name}.peakRss`, value: round(streamed.peakRss / MB, 1), unit: 'MB' });
  report({ name: `${name}.peakHeapUsed`, value: round(streamed.peakHeap / MB, 1), unit: 'MB' });
  report({
    name: `${name}.throughput`,
    value: round(megabytes / streamed.seconds, 1),
    unit: 'MB/s',
  });
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child-stream');
  if (childAt >= 0) {
    await streamChild(process.argv.slice(childAt + 1));
    return;
  }
  const formatsAt = process.argv.indexOf('--formats');
  const only = formatsAt >= 0 ? process.argv[formatsAt + 1]!.split(',') : undefined;
  mkdirSync(DIR, { recursive: true });
  report({ name: 'traces.loadBefore', value: round(loadavg()[0]!, 2), unit: 'load' });
  for (const format of FORMATS)
    if (only === undefined || only.includes(format.key)) benchFormat(format);

  if (only === undefined || only.includes('claudeCode')) {
    const small = FORMATS[0]!.files()[0]!;
    benchCli(
      'traces.ccusage15',
      join(ROOT, 'node_modules', 'ccusage', 'dist', 'index.js'),
      ['daily', '--json', '--offline', '--mode', 'calculate'],
      { CLAUDE_CONFIG_DIR: DIR },
      statSync(small).size / MB,
    );
    const large = join(DIR, 'bench-200mb.jsonl');
    if (!existsSync(large)) generateTranscript(large, 200);
    benchStream('traces.stream200', [large]);
  }
  if (only === undefined || only.includes('codex')) {
    const small = FORMATS[1]!.files();
    benchCli(
      'traces.ccusageCodex15',
      join(ROOT, 'node_modules', '@ccusage', 'codex', 'dist', 'index.js'),
      ['daily', '--json', '--offline'],
      { CODEX_HOME: join(DIR, 'codex-15') },
      small.reduce((n, path) => n + statSync(path).size, 0) / MB,
    );
    benchStream(
      'traces.codex.stream200',
      corpusFiles(join(DIR, 'codex-200'), (dir) => generateCodexRollouts(dir, 200)),
    );
  }
  report({ name: 'traces.loadAfter', value: round(loadavg()[0]!, 2), unit: 'load' });
  if (sink === 0.5) process.stdout.write(''); // keep the work observable
}

await main();
