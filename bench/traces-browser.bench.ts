/**
 * Trace import in the browser: `tsx bench/traces-browser.bench.ts` (the last
 * part of `npm run bench`). Prints one JSON line per figure,
 * `{"name", "value", "unit"}`, and asserts nothing.
 *
 * Serves the built site (dist/, or E2E_DIST; built once when missing) with
 * scripts/serve-static.mjs, launches Debian's Chromium through playwright-core
 * (never a downloaded browser), and imports the generated Claude Code-shaped
 * corpus of bench/claude-code-corpus.ts (15 MB and 200 MB, written to
 * /tmp/traces-bench/ as the Node bench does) through the real "Your traffic"
 * tab: the file input, the import worker, IndexedDB, the figures. Each run
 * is a fresh browser context (empty storage, a renderer process of its own).
 * Figures, each the median of the runs with its spread (max − min, % of the
 * median):
 *
 * - throughput, MB/s and calls/s: from choosing the file to the status
 *   "Read 1 file: …" (read, parsed, deduplicated, billed, merged and stored);
 * - the main thread's longest task and total long-task time (tasks of 50 ms
 *   or more, from a PerformanceObserver on 'longtask'), from choosing the
 *   file until the figures have been shown and the page has been quiet;
 * - peak memory of the page and its worker: the renderer process's peak
 *   resident set (VmHWM, /proc; the dedicated worker runs in the page's
 *   process), and the same before the import, to show what the import adds;
 *   beside it the peak of its private part (RssAnon + RssShmem, sampled every
 *   50 ms), which leaves out the mapped files (Chromium's binary, fonts,
 *   about 120 MB) that every Chromium process shares;
 *
 * - the machine's load average over the last minute, before and after the
 *   runs: wall-clock task lengths stretch when other processes share the
 *   cores, so read the task figures beside it.
 *
 *   tsx bench/traces-browser.bench.ts [--runs N] [--sizes 15,200] [--trace FILE]
 *
 * `--trace FILE` writes a Chromium performance trace of the first run of the
 * largest size (open it in chrome://tracing or the DevTools Performance tab).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serveStatic } from '../scripts/serve-static.mjs';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium.mjs';
import { report } from './bench-kit.ts';
import { generateTranscript } from './claude-code-corpus.ts';

const MB = 1024 * 1024;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIR = '/tmp/traces-bench';
const IMPORT_TIMEOUT_MS = 600_000;
/** The page is settled once the figures are shown and nothing has changed for this long. */
const QUIET_MS = 1_000;

interface Run {
  readonly seconds: number;
  readonly calls: number;
  readonly longestTaskMs: number;
  readonly longTaskTotalMs: number;
  readonly longTasks: number;
  readonly longestFrameMs: number;
  readonly longestFrameScripts: readonly string[];
  readonly peakRssMb: number;
  readonly baseRssMb: number;
  readonly peakPrivateMb: number;
  readonly basePrivateMb: number;
}

/**
 * Installed before the app: keeps every long task, and when the import's
 * words appear. Plain JavaScript text: tsx would wrap a function's inner
 * functions in a helper the page does not have.
 */
const PROBE = `(() => {
  const state = { longTasks: [], frames: [], started: 0, readAt: 0, figuresAt: 0, lastChange: 0 };
  Object.defineProperty(window, '__trafficBench', { value: state });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask timing in this browser: the figures read 0.
  }
  try {
    // A long animation frame counts the rendering (style, layout, paint) a long task leaves out.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.frames.push({
          start: entry.startTime,
          duration: entry.duration,
          scripts: (entry.scripts ?? [])
            .filter((s) => s.duration > 10)
            .map(
              (s) =>
                \`\${s.invoker} \${s.sourceFunctionName || '?'}@\${s.sourceCharPosition} \${Math.round(s.duration)} ms\`,
            ),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No long-animation-frame timing in this browser.
  }
  const watch = () => {
    new MutationObserver(() => {
      const now = performance.now();
      state.lastChange = now;
      if (state.started === 0 || state.figuresAt > 0) return;
      // The status lines only: reading the whole page's text would itself be a long task.
      let text = '';
      for (const el of document.querySelectorAll('[role="status"]')) text += el.textContent + '\\n';
      if (state.readAt === 0 && /Read 1 file:/.test(text)) state.readAt = now;
      if (state.readAt > 0 && state.figuresAt === 0 && /priced calls/.test(text))
        state.figuresAt = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  };
  if (document.body === null) document.addEventListener('DOMContentLoaded', watch);
  else watch();
})();`;

interface ProbeState {
  longTasks: { start: number; duration: number }[];
  frames: { start: number; duration: number; scripts: string[] }[];
  started: number;
  readAt: number;
  figuresAt: number;
  lastChange: number;
}

/** The renderer processes' pids and peak resident sets, from /proc. */
async function rendererPeaks(browser: Browser): Promise<Map<number, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    const peaks = new Map<number, number>();
    for (const p of processInfo) {
      if (p.type !== 'renderer') continue;
      try {
        const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        peaks.set(p.id, kb / 1024);
      } catch {
        // The process has gone.
      }
    }
    return peaks;
  } finally {
    await cdp.detach();
  }
}

/** A renderer's private resident memory (anonymous and shared-memory pages, MB): its RSS less the mapped files (the browser's binary, fonts), which every Chromium process shares. */
function privateMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return (kb('RssAnon') + kb('RssShmem')) / 1024;
  } catch {
    return 0;
  }
}

/** Samples every renderer's private memory every 50 ms until stopped; the peaks by pid. */
function samplePrivate(pids: readonly number[]): { stop: () => Map<number, number> } {
  const peaks = new Map<number, number>(pids.map((pid) => [pid, privateMb(pid)]));
  const timer = setInterval(() => {
    for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, privateMb(pid)));
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peaks;
    },
  };
}

async function waitQuiet(page: Page): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const s = (window as unknown as { __trafficBench: ProbeState }).__trafficBench;
      return s.figuresAt > 0 && performance.now() - Math.max(s.lastChange, s.figuresAt) > quiet;
    },
    QUIET_MS,
    { timeout: IMPORT_TIMEOUT_MS, polling: 100 },
  );
  // Long-task entries arrive after the task: give the observer a moment.
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))),
      ),
  );
}

async function importOnce(
  browser: Browser,
  url: string,
  file: string,
  tracePath: string | undefined,
): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(IMPORT_TIMEOUT_MS);
  try {
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Your traffic', exact: true }).click();
    await page.getByText('No traffic yet', { exact: false }).waitFor({ timeout: 30_000 });
    const before = await rendererPeaks(browser);
    const privateBefore = new Map([...before.keys()].map((pid) => [pid, privateMb(pid)]));
    const sampler = samplePrivate([...before.keys()]);
    if (tracePath !== undefined) await browser.startTracing(page, { path: tracePath });
    await page.evaluate(() => {
      (window as unknown as { __trafficBench: ProbeState }).__trafficBench.started =
        performance.now();
    });
    await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(file);
    await waitQuiet(page);
    if (tracePath !== undefined) await browser.stopTracing();
    const state = await page.evaluate(
      () => (window as unknown as { __trafficBench: ProbeState }).__trafficBench,
    );
    const callsText = await page
      .locator('dt', { hasText: /^Calls$/ })
      .locator('+ dd')
      .first()
      .textContent();
    const after = await rendererPeaks(browser);
    const privatePeaks = sampler.stop();
    // The page's renderer is the one that grew the most (a spare renderer may idle beside it).
    let peakRssMb = 0;
    let baseRssMb = 0;
    for (const [pid, peak] of after) {
      const base = before.get(pid) ?? 0;
      if (peak - base > peakRssMb - baseRssMb) [peakRssMb, baseRssMb] = [peak, base];
    }
    let peakPrivateMb = 0;
    let basePrivateMb = 0;
    for (const [pid, peak] of privatePeaks) {
      const base = privateBefore.get(pid) ?? 0;
      if (peak - base > peakPrivateMb - basePrivateMb)
        [peakPrivateMb, basePrivateMb] = [peak, base];
    }
    const tasks = state.longTasks.filter((t) => t.start >= state.started);
    const frames = state.frames
      .filter((f) => f.start >= state.started)
      .sort((a, b) => b.duration - a.duration);
    return {
      seconds: (state.readAt - state.started) / 1000,
      calls: Number((callsText ?? '0').replace(/[^0-9]/g, '')),
      longestTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
      longTaskTotalMs: tasks.reduce((sum, t) => sum + t.duration, 0),
      longTasks: tasks.length,
      longestFrameMs: frames[0]?.duration ?? 0,
      longestFrameScripts: frames
        .slice(0, 3)
        .map(
          (f) =>
            `${Math.round(f.duration)} ms ${f.start < state.readAt ? 'reading' : 'after'}: ${f.scripts.join(', ')}`,
        ),
      peakRssMb,
      baseRssMb,
      peakPrivateMb,
      basePrivateMb,
    };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: readonly number[]): number => {
  const m = median(values);
  return m === 0 ? 0 : (100 * (Math.max(...values) - Math.min(...values))) / m;
};
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

function ensureBuilt(distDir: string): void {
  if (existsSync(join(distDir, 'index.html'))) return;
  console.error(`bench-traces-browser: ${distDir} is missing: building it once with vite`);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

function reportRuns(prefix: string, megabytes: number, runs: readonly Run[]): void {
  const figure = (name: string, values: readonly number[], unit: string, digits = 1) => {
    report({ name: `${prefix}.${name}.median`, value: round(median(values), digits), unit });
    report({ name: `${prefix}.${name}.spread`, value: round(spread(values)), unit: '% of median' });
  };
  report({ name: `${prefix}.size`, value: round(megabytes, 1), unit: 'MB' });
  report({ name: `${prefix}.calls`, value: runs[0]?.calls ?? 0, unit: 'calls' });
  report({ name: `${prefix}.runs`, value: runs.length, unit: 'runs' });
  figure(
    'throughput',
    runs.map((r) => megabytes / r.seconds),
    'MB/s',
  );
  figure(
    'callsPerSecond',
    runs.map((r) => r.calls / r.seconds),
    'calls/s',
    0,
  );
  figure(
    'longestTask',
    runs.map((r) => r.longestTaskMs),
    'ms',
    0,
  );
  figure(
    'longTaskTotal',
    runs.map((r) => r.longTaskTotalMs),
    'ms',
    0,
  );
  figure(
    'longestAnimationFrame',
    runs.map((r) => r.longestFrameMs),
    'ms',
    0,
  );
  figure(
    'peakRss',
    runs.map((r) => r.peakRssMb),
    'MB',
  );
  figure(
    'rssBeforeImport',
    runs.map((r) => r.baseRssMb),
    'MB',
  );
  figure(
    'peakPrivate',
    runs.map((r) => r.peakPrivateMb),
    'MB',
  );
  figure(
    'privateBeforeImport',
    runs.map((r) => r.basePrivateMb),
    'MB',
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: process.env.BENCH_TRACES_BROWSER_RUNS ?? '3' },
      sizes: { type: 'string', default: '15,200' },
      trace: { type: 'string' },
    },
  });
  const runs = Math.max(1, Number(values.runs) || 3);
  const sizes = values.sizes
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const distDir = resolve(ROOT, process.env.E2E_DIST || 'dist');
  ensureBuilt(distDir);
  mkdirSync(DIR, { recursive: true });
  const server = await serveStatic({ root: distDir, basePath: '/' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    console.error(`bench-traces-browser: ${server.url} · Chromium ${browser.version()}`);
    report({ name: 'traces.browser.loadBefore', value: round(loadavg()[0]!, 2), unit: 'load' });
    for (const size of sizes) {
      // The Node bench keeps its 15 MB corpus under projects/ for ccusage; the same text either way.
      const file =
        size === 15
          ? join(DIR, 'projects', '-home-dev-shop', 'bench-15mb.jsonl')
          : join(DIR, `bench-${size}mb.jsonl`);
      mkdirSync(dirname(file), { recursive: true });
      if (!existsSync(file)) generateTranscript(file, size);
      const megabytes = statSync(file).size / MB;
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const trace = i === 0 && size === Math.max(...sizes) ? values.trace : undefined;
        const run = await importOnce(browser, server.url, file, trace);
        console.error(
          `bench-traces-browser: ${size} MB run ${i + 1}: ${run.seconds.toFixed(2)} s, ` +
            `longest task ${run.longestTaskMs.toFixed(0)} ms (${run.longTasks} long, ${run.longTaskTotalMs.toFixed(0)} ms), ` +
            `longest frame ${run.longestFrameMs.toFixed(0)} ms [${run.longestFrameScripts.join('; ')}], ` +
            `peak RSS ${run.peakRssMb.toFixed(0)} MB (${run.baseRssMb.toFixed(0)} MB before), ` +
            `peak private ${run.peakPrivateMb.toFixed(0)} MB (${run.basePrivateMb.toFixed(0)} MB before)`,
        );
        results.push(run);
      }
      reportRuns(`traces.browser${size}`, megabytes, results);
    }
    report({ name: 'traces.browser.loadAfter', value: round(loadavg()[0]!, 2), unit: 'load' });
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
