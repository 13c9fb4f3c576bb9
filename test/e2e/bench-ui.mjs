// Interaction-latency benchmark (npm run bench:ui): for each explorer tab,
// focus its main slider and press the arrow keys; for every step measure, in
// the page's own clock,
//   (a) input → paint: from the slider's `input` event to the next painted
//       frame (requestAnimationFrame, then a task after it: the frame has
//       been produced by then);
//   (b) input → results: from the `input` event to the first frame painted
//       after the last DOM change in the tab's role="status" regions and
//       charts caused by that input (a MutationObserver on the tab panel),
//       or the last drawing call on a canvas in the panel.
// Prints median and p95 per tab as JSON lines {name, value, unit: "ms"}.
// It measures and never asserts; a tab whose slider is missing is skipped.
// BENCH_UI_SAMPLES=1 also prints every sample (sorted) to stderr.

import { waitForPanel } from './runner-expect.mjs';

const STEPS = 100;
const WARM_UP_STEPS = 5;
/** A step is settled after this long without a DOM change in the panel. */
const QUIET_MS = 150;

const TARGETS = [
  { id: 'gate', tab: 'Offload gate', slider: 'Output tokens' },
  { id: 'budget', tab: 'Prompt budget', slider: 'Budget' },
  { id: 'routing', tab: 'Model routing', slider: 'Idle gap between turns' },
];

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
        if ((painted && now - lastChange >= quietMs) || now - started > maxMs) {
          resolve({
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
    ([expected, quiet]) => /** @type {any} */ (window).__benchUi.settle(expected, quiet, 5_000),
    [before + 1, QUIET_MS],
  );
}

/**
 * Runs the benchmark against the served site.
 * @param {{ browser: import('playwright-core').Browser, baseUrl: string, grep?: string | null }} env
 */
export default async function benchUi({ browser, baseUrl, grep = null }) {
  for (const target of TARGETS) {
    if (grep !== null && !target.id.includes(grep)) continue;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(baseUrl, { waitUntil: 'load' });
      await page.getByRole('tab', { name: target.tab, exact: true }).click();
      await waitForPanel(page, target.tab);
      const slider = page.getByRole('slider', { name: target.slider, exact: true });
      const found = await slider
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!found) {
        console.error(
          `bench-ui: skipping ${target.id}: no slider named "${target.slider}" on the ${target.tab} tab`,
        );
        continue;
      }
      await slider.focus();
      await page.evaluate(installProbe);

      let key = 'ArrowRight';
      const paint = [];
      const results = [];
      let unchanged = 0;
      for (let i = 0; i < WARM_UP_STEPS + STEPS; i += 1) {
        if (i === WARM_UP_STEPS + STEPS / 2)
          key = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
        let sample = await step(page, key);
        if (sample === null) {
          // At the end of the range: turn round.
          key = key === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
          sample = await step(page, key);
        }
        if (sample === null) throw new Error(`the ${target.slider} slider does not move`);
        if (i < WARM_UP_STEPS) continue;
        paint.push(sample.inputToPaint);
        results.push(sample.inputToResults);
        if (!sample.resultsChanged) unchanged += 1;
      }
      paint.sort((a, b) => a - b);
      results.sort((a, b) => a - b);
      const figures = {
        'input-to-paint.median': percentile(paint, 50),
        'input-to-paint.p95': percentile(paint, 95),
        'input-to-results.median': percentile(results, 50),
        'input-to-results.p95': percentile(results, 95),
      };
      for (const [name, value] of Object.entries(figures)) {
        console.log(
          JSON.stringify({ name: `ui.${target.id}.${name}`, value: round(value), unit: 'ms' }),
        );
      }
      if (process.env.BENCH_UI_SAMPLES) {
        // Every sample, sorted, for a look at the distribution behind the figures.
        console.error(`bench-ui: ${target.id} paint ms: ${paint.map(round).join(' ')}`);
        console.error(`bench-ui: ${target.id} results ms: ${results.map(round).join(' ')}`);
      }
      if (unchanged > 0) {
        console.error(
          `bench-ui: ${target.id}: ${unchanged} of ${STEPS} steps changed no status region or chart`,
        );
      }
    } finally {
      await context.close();
    }
  }
}
