#!/usr/bin/env node
// Interaction-latency benchmark (npm run bench:ui). Serves the built site
// (dist/, or E2E_DIST) with scripts/serve-static.mjs, launches Debian's
// Chromium through playwright-core (never a downloaded browser), and for each
// scenario and each explorer tab focuses the tab's main slider and presses
// the arrow keys; for every step it measures, in the page's own clock,
//   (a) input → paint: from the key press on the slider to the next painted
//       frame (requestAnimationFrame, then a task after it: the frame has
//       been produced by then);
//   (b) input → results: from the key press to the first frame painted after
//       the last DOM change in the tab's role="status" regions and charts
//       caused by that input (a MutationObserver on the tab panel), or the
//       last drawing call on a canvas in the panel; a step waits until no
//       element of the panel is aria-busy (results on their way from the
//       engine, a deferred render) and the panel has been quiet for 150 ms,
//       10 s at most (BENCH_UI_SETTLE_CAP_MS);
// and, with a PerformanceObserver on 'longtask', the longest main-thread
// task (50 ms or more; 0 when there was none) during the key presses and
// while the scenario loaded.
//
// Scenarios (bench/ui-scenarios.mjs): defaults; litellm (a synthetic
// full-size LiteLLM price file imported on the Prices tab); routing-2000 (a
// 2,000-turn conversation); budget-10000 (10,000 prompt rows).
//
// Prints one JSON line per figure, {name, value, unit: "ms"}, named
// ui.<scenario>.<tab>.<figure>. It measures and never asserts; a tab whose
// slider is missing is skipped.
//
//   node bench/ui.bench.mjs [--grep gate|budget|routing] [--scenario ID[,ID…]]
//   BENCH_UI_SAMPLES=1 also prints every sample (sorted) to stderr;
//   BENCH_UI_STEPS=N measures N key presses per tab instead of 100; a tab
//   that is slow in a large scenario stops after 90 s of presses (at least 5;
//   BENCH_UI_TAB_LIMIT_MS changes the limit), and says so on stderr;
//   BENCH_UI_PROFILE=DIR writes a CPU profile of each tab's measured presses
//   to DIR/<scenario>-<tab>.cpuprofile (DevTools' Performance panel opens it;
//   build with `--minify false` into E2E_DIST for readable names).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { serveStatic } from '../scripts/serve-static.mjs';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium.mjs';
import { waitForPanel } from '../test/e2e/runner-expect.mjs';
import { SCENARIOS } from './ui-scenarios.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STEPS = Number(process.env.BENCH_UI_STEPS) || 100;
const PROFILE_DIR = process.env.BENCH_UI_PROFILE || null;
const WARM_UP_STEPS = 5;
/**
 * A tab that is slow in a large scenario stops early: after this long of
 * measured key presses (at least MIN_STEPS of them), and its warm-up stops
 * after two presses once it has taken WARM_UP_LIMIT_MS.
 */
const TAB_TIME_LIMIT_MS = Number(process.env.BENCH_UI_TAB_LIMIT_MS) || 90_000;
const MIN_STEPS = 5;
const WARM_UP_LIMIT_MS = 5_000;
/** How long a scenario may take to load, and a tab to appear in it. */
const LOAD_TIMEOUT_MS = 180_000;
/**
 * A step is settled once nothing in the panel is `aria-busy` (a result still
 * on its way from the engine, or a deferred render pending) and the panel
 * has then been quiet this long; or, at the latest, after SETTLE_CAP_MS
 * (the step then counts as capped, said on stderr).
 */
const QUIET_MS = 150;
const SETTLE_CAP_MS = Number(process.env.BENCH_UI_SETTLE_CAP_MS) || 10_000;
const VIEWPORT = { width: 1280, height: 900 };

const TARGETS = [
  { id: 'gate', tab: 'Offload gate', slider: 'Output tokens' },
  { id: 'budget', tab: 'Prompt budget', slider: 'Budget' },
  { id: 'routing', tab: 'Model routing', slider: 'Idle gap between turns' },
];

const USAGE = `usage: node bench/ui.bench.mjs [--grep TAB] [--scenario ${SCENARIOS.map((s) => s.id).join(',')}]`;

/** Installed before the app: keeps every long main-thread task. */
function recordLongTasks() {
  const tasks = [];
  Object.defineProperty(window, '__longTasks', { value: tasks });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask timing in this browser: the figures read 0.
  }
}

/** Installed in the page: records one sample per arrow key pressed on a slider. */
function installProbe() {
  const panel = document.querySelector('[role="tabpanel"]');
  if (!panel) throw new Error('no tab panel');
  /** @type {Array<{ t0: number, paint: number | null, lastAny: number | null, anyPaint: number | null,
   *                  lastResult: number | null, resultPaint: number | null, canvasFramePending?: boolean }>} */
  const samples = [];
  const afterNextPaint = (callback) =>
    requestAnimationFrame(() => setTimeout(() => callback(performance.now()), 0));
  const isResult = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    return Boolean(element?.closest('[role="status"], figure, svg, canvas'));
  };
  window.addEventListener(
    // Time starts at the key press on the slider (NumberField's ARIA slider
    // moves on keydown), which is earlier than an input event would be.
    'keydown',
    (event) => {
      const target = /** @type {Element | null} */ (event.target);
      if (!target?.closest?.('[role="slider"]') || !event.key.startsWith('Arrow')) return;
      const sample = {
        t0: performance.now(),
        paint: null,
        lastAny: null,
        anyPaint: null,
        lastResult: null,
        resultPaint: null,
      };
      samples.push(sample);
      afterNextPaint((t) => {
        sample.paint = t;
      });
    },
    true,
  );
  new MutationObserver((records) => {
    const sample = samples.at(-1);
    if (!sample) return;
    const now = performance.now();
    const result = records.some((r) => isResult(r.target));
    sample.lastAny = now;
    if (result) sample.lastResult = now;
    afterNextPaint((t) => {
      sample.anyPaint = t;
      if (result) sample.resultPaint = t;
    });
  }).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });

  // A canvas redraw changes no DOM: count drawing calls on a canvas in the
  // panel as result changes too, so a chart drawn later than the DOM around
  // it is not missed.
  const markCanvas = () => {
    const sample = samples.at(-1);
    if (!sample) return;
    sample.lastAny = sample.lastResult = performance.now();
    if (sample.canvasFramePending) return;
    sample.canvasFramePending = true;
    afterNextPaint((t) => {
      sample.canvasFramePending = false;
      sample.anyPaint = t;
      sample.resultPaint = t;
    });
  };
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of [
    'fillRect',
    'strokeRect',
    'fill',
    'stroke',
    'fillText',
    'drawImage',
    'putImageData',
  ]) {
    const original = proto[name];
    proto[name] = function patched(...args) {
      if (panel.contains(this.canvas)) markCanvas();
      return original.apply(this, args);
    };
  }

  /** Resolves once the latest input has painted and the panel has been quiet. */
  const settle = (expectedCount, quietMs, maxMs) =>
    new Promise((resolve) => {
      const started = performance.now();
      const poll = () => {
        const now = performance.now();
        const sample = samples.length >= expectedCount ? samples.at(-1) : undefined;
        if (!sample) {
          if (now - started > maxMs) resolve(null);
          else setTimeout(poll, 10);
          return;
        }
        const lastChange = Math.max(sample.t0, sample.lastAny ?? 0);
        const painted =
          sample.paint !== null &&
          (sample.lastAny === null || (sample.anyPaint ?? 0) >= sample.lastAny);
        const busy = panel.querySelector('[aria-busy="true"]') !== null;
        const capped = now - started > maxMs;
        if ((painted && !busy && now - lastChange >= quietMs) || capped) {
          resolve({
            capped,
            inputToPaint: (sample.paint ?? now) - sample.t0,
            inputToResults:
              (sample.resultPaint ?? sample.anyPaint ?? sample.paint ?? now) - sample.t0,
            resultsChanged: sample.lastResult !== null,
          });
        } else setTimeout(poll, 10);
      };
      poll();
    });
  Object.defineProperty(window, '__benchUi', {
    value: { settle, count: () => samples.length },
  });
}

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

const round = (ms) => Math.round(ms * 10) / 10;

/**
 * Presses `key` on the focused slider and waits for the step to settle.
 * Returns null when the slider did not move (it sits at the end of its range).
 * @param {import('playwright-core').Page} page
 */
async function step(page, key) {
  const before = await page.evaluate(() => /** @type {any} */ (window).__benchUi.count());
  await page.keyboard.press(key);
  return page.evaluate(
    ([expected, quiet, cap]) => /** @type {any} */ (window).__benchUi.settle(expected, quiet, cap),
    [before + 1, QUIET_MS, SETTLE_CAP_MS],
  );
}

/** The longest task that started in [from, to), 0 when none was 50 ms or more. */
async function longestTask(page, from, to) {
  // Long-task entries arrive after the task: give the observer a moment.
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))),
      ),
  );
  return page.evaluate(
    ([a, b]) =>
      Math.max(
        0,
        ...window.__longTasks.filter((t) => t.start >= a && t.start < b).map((t) => t.duration),
      ),
    [from, to],
  );
}

/**
 * Measures one tab in one scenario, in a fresh browser context. Returns the
 * longest task while the scenario loaded, or null when the tab was skipped.
 */
async function measureTab(browser, baseUrl, scenario, target) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(LOAD_TIMEOUT_MS);
  try {
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    await page.goto(baseUrl, { waitUntil: 'load' });
    await scenario.setUp(page);
    await page.getByRole('tab', { name: target.tab, exact: true }).click();
    await waitForPanel(page, target.tab);
    const slider = page.getByRole('slider', { name: target.slider, exact: true });
    const found = await slider
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!found) {
      console.error(
        `bench-ui: skipping ${scenario.id}/${target.id}: no slider named "${target.slider}" on the ${target.tab} tab`,
      );
      return null;
    }
    await slider.focus();
    await page.evaluate(installProbe);

    let key = 'ArrowRight';
    const paint = [];
    const results = [];
    let unchanged = 0;
    let capped = 0;
    let measuredFrom = 0;
    const started = Date.now();
    let measureStarted = 0;
    let turned = false;
    let cdp = null;
    for (let i = 0; paint.length < STEPS; i += 1) {
      const warmUp = i < WARM_UP_STEPS && !(i >= 2 && Date.now() - started > WARM_UP_LIMIT_MS);
      if (!warmUp && measureStarted === 0) {
        measuredFrom = await page.evaluate(() => performance.now());
        measureStarted = Date.now();
        if (PROFILE_DIR) {
          cdp = await context.newCDPSession(page);
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
      }
      if (
        measureStarted > 0 &&
        paint.length >= MIN_STEPS &&
        Date.now() - measureStarted > TAB_TIME_LIMIT_MS
      ) {
        console.error(
          `bench-ui: ${scenario.id}/${target.id}: stopped after ${paint.length} of ${STEPS} steps (time limit ${TAB_TIME_LIMIT_MS / 1000} s)`,
        );
        break;
      }
      if (paint.length === STEPS / 2 && !warmUp && !turned) {
        key = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
        turned = true;
      }
      let sample = await step(page, key);
      if (sample === null) {
        // At the end of the range: turn round.
        key = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
        sample = await step(page, key);
      }
      if (sample === null) throw new Error(`the ${target.slider} slider does not move`);
      if (warmUp) continue;
      paint.push(sample.inputToPaint);
      results.push(sample.inputToResults);
      if (!sample.resultsChanged) unchanged += 1;
      if (sample.capped) capped += 1;
    }
    const measuredTo = await page.evaluate(() => performance.now());
    if (cdp !== null) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      const file = join(PROFILE_DIR, `${scenario.id}-${target.id}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.error(`bench-ui: wrote a CPU profile of the measured steps to ${file}`);
    }
    paint.sort((a, b) => a - b);
    results.sort((a, b) => a - b);
    const figures = {
      'input-to-paint.median': percentile(paint, 50),
      'input-to-paint.p95': percentile(paint, 95),
      'input-to-results.median': percentile(results, 50),
      'input-to-results.p95': percentile(results, 95),
      'longest-task': await longestTask(page, measuredFrom, measuredTo),
    };
    for (const [name, value] of Object.entries(figures)) {
      console.log(
        JSON.stringify({
          name: `ui.${scenario.id}.${target.id}.${name}`,
          value: round(value),
          unit: 'ms',
        }),
      );
    }
    if (process.env.BENCH_UI_SAMPLES) {
      // Every sample, sorted, for a look at the distribution behind the figures.
      console.error(
        `bench-ui: ${scenario.id}/${target.id} paint ms: ${paint.map(round).join(' ')}`,
      );
      console.error(
        `bench-ui: ${scenario.id}/${target.id} results ms: ${results.map(round).join(' ')}`,
      );
    }
    if (capped > 0) {
      console.error(
        `bench-ui: ${scenario.id}/${target.id}: ${capped} of ${paint.length} steps were still busy after ${SETTLE_CAP_MS / 1000} s`,
      );
    }
    if (unchanged > 0) {
      console.error(
        `bench-ui: ${scenario.id}/${target.id}: ${unchanged} of ${paint.length} steps changed no status region or chart`,
      );
    }
    return await longestTask(page, 0, measuredFrom);
  } finally {
    await context.close();
  }
}

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      grep: { type: 'string', short: 'g' },
      scenario: { type: 'string', short: 's' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const grep = values.grep?.toLowerCase() ?? null;
  const wanted = (values.scenario ?? process.env.BENCH_UI_SCENARIOS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = wanted.filter((id) => !SCENARIOS.some((s) => s.id === id));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}\n${USAGE}`);
  return {
    targets: TARGETS.filter(
      (t) => grep === null || t.id.includes(grep) || t.tab.toLowerCase().includes(grep),
    ),
    scenarios: wanted.length === 0 ? SCENARIOS : SCENARIOS.filter((s) => wanted.includes(s.id)),
  };
}

function ensureBuilt(distDir) {
  if (existsSync(join(distDir, 'index.html'))) return;
  console.error(`bench-ui: ${distDir} is missing: building it once with \`npx vite build\``);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

async function main() {
  const { targets, scenarios } = readOptions(process.argv.slice(2));
  const distDir = resolve(ROOT, process.env.E2E_DIST || 'dist');
  ensureBuilt(distDir);
  const server = await serveStatic({ root: distDir, basePath: '/' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    console.error(`bench-ui: ${server.url} · Chromium ${browser.version()}`);
    for (const scenario of scenarios) {
      console.error(`bench-ui: scenario ${scenario.id}: ${scenario.title}`);
      let loading = 0;
      for (const target of targets) {
        const longest = await measureTab(browser, server.url, scenario, target);
        if (longest !== null) loading = Math.max(loading, longest);
      }
      console.log(
        JSON.stringify({
          name: `ui.${scenario.id}.load.longest-task`,
          value: round(loading),
          unit: 'ms',
        }),
      );
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
