// Runs under tsx (npm run test:e2e), so it can decode links with the app's own code.
//
// Sharing, keeping and presenting a scenario in a real browser: a link opened
// in a fresh browser context reproduces the scenario (the app's own #s= link
// and a hand-made #json= one), a corrupted link shows the message and the
// defaults, a reload keeps the work, and the report renders (every chart drawn
// with the bars its figures call for) and prints alone.

import { DEFAULT_PRICING, evaluateOffloadGate } from '../../src/core/index.ts';
import { headlineFigures } from '../../src/features/share/headline-figures.ts';
import { decodeScenarioHash } from '../../src/state/persistence.ts';
import { DEFAULT_SCENARIO } from '../../src/state/store.ts';

const EXACT = { exact: true };
const DEFAULT_OUTPUT_TOKENS = String(DEFAULT_SCENARIO.gate.outputTokens);
const DEFAULT_REASON = evaluateOffloadGate(DEFAULT_SCENARIO.gate, DEFAULT_PRICING).reason;

/** @param {string} baseUrl @param {string} hash */
function withHash(baseUrl, hash) {
  const url = new URL(baseUrl);
  url.hash = hash;
  return url.href;
}

/** @param {import('playwright-core').Page} page */
function outputTokens(page) {
  return page.getByLabel('Output tokens', EXACT);
}

/** Waits until the Output tokens field shows `value` (links decode asynchronously). */
async function expectOutputTokens(page, value, assert, why) {
  const field = outputTokens(page);
  await field.waitFor();
  let shown = await field.inputValue();
  for (let waited = 0; shown !== value && waited < 10_000; waited += 100) {
    await page.waitForTimeout(100);
    shown = await field.inputValue();
  }
  assert.equal(shown, value, why);
}

/** @param {import('playwright-core').Page} page */
async function setOutputTokens(page, value) {
  const field = outputTokens(page);
  await field.fill(value);
  await field.press('Tab');
}

/**
 * Waits until the address bar carries a #s= link to a scenario that passes
 * `check` (the hash follows the last change after a quiet moment), and
 * returns the URL.
 */
async function sharedUrl(page, assert, check) {
  let url = page.url();
  for (let waited = 0; waited < 10_000; waited += 100) {
    url = page.url();
    const hash = new URL(url).hash;
    if (hash.startsWith('#s=')) {
      const parsed = await decodeScenarioHash(hash);
      if (parsed.ok && check(parsed.data)) return url;
    }
    await page.waitForTimeout(100);
  }
  assert.fail(
    `the address bar never carried the expected scenario (it shows ${url.slice(0, 80)}…)`,
  );
}

async function linkReproducesScenario(page, { baseUrl, subPathUrl, assert, newPage }) {
  await setOutputTokens(page, '12345');
  await page.getByLabel('Horizon', EXACT).fill('9');
  await page.getByLabel('Horizon', EXACT).press('Tab');
  const link = await sharedUrl(
    page,
    assert,
    (data) => data.gate.outputTokens === 12_345 && data.gate.horizon === 9,
  );

  // Share link: the clipboard may be refused in headless Chromium; then the
  // link is shown in a field. Either way it is the same scenario.
  await page.getByRole('button', { name: 'Share link', ...EXACT }).click();
  await page
    .getByText(/Link copied|Copy the link below/)
    .first()
    .waitFor();

  const fresh = await newPage();
  await fresh.goto(link);
  await expectOutputTokens(fresh, '12345', assert, 'the link reproduces Output tokens');
  assert.equal(await fresh.getByLabel('Horizon', EXACT).inputValue(), '9', 'and Horizon');
  assert.equal(await fresh.getByRole('alert').count(), 0, 'a good link shows no error');

  // A hand-made link, uncompressed, naming only what it changes; opened on the
  // GitHub-Pages-style sub-path when the runner serves one.
  const handMade = withHash(
    subPathUrl ?? baseUrl,
    `json=${encodeURIComponent(JSON.stringify({ v: 1, ui: { tab: 'gate' }, gate: { outputTokens: 23456 } }))}`,
  );
  const other = await newPage();
  await other.goto(handMade);
  await expectOutputTokens(other, '23456', assert, 'a hand-made #json= link opens');
  assert.equal(
    await other.getByLabel('Horizon', EXACT).inputValue(),
    String(DEFAULT_SCENARIO.gate.horizon),
    'the rest is default',
  );
}

async function corruptedLinkShowsMessage(_page, { baseUrl, assert, newPage }) {
  const cases = [
    { hash: 's=AAAA-not-a-real-scenario', message: /This link could not be opened: link:/ },
    {
      hash: `json=${encodeURIComponent('{"v":1,"gate":{"horizon":-1}}')}`,
      message:
        /This link could not be opened: gate\.horizon: must be 0 or more turns\. Showing the defaults instead\./,
    },
    {
      hash: `json=${encodeURIComponent('{"v":99}')}`,
      message: /newer version of the explorer/,
    },
  ];
  for (const { hash, message } of cases) {
    const fresh = await newPage();
    await fresh.goto(withHash(baseUrl, hash));
    const alert = fresh.getByRole('alert').filter({ hasText: 'This link could not be opened' });
    await alert.waitFor();
    assert.match(await alert.innerText(), message, `message for #${hash}`);
    await expectOutputTokens(fresh, DEFAULT_OUTPUT_TOKENS, assert, 'the defaults are shown');
  }
}

async function reloadKeepsWork(page, { assert }) {
  await outputTokens(page).waitFor();
  // Reload at once (inside the save debounce) and after the save.
  await setOutputTokens(page, '7777');
  await page.reload();
  await expectOutputTokens(page, '7777', assert, 'an immediate reload keeps the work');
  // The results agree (the core's reason string), not only the field.
  await page.getByText('below large_offload_threshold (7777 < 10000 tokens)').first().waitFor();
  await setOutputTokens(page, '8888');
  await sharedUrl(page, assert, (data) => data.gate.outputTokens === 8_888);
  await page.reload();
  await expectOutputTokens(page, '8888', assert, 'a reload after the save keeps the work');

  // Reset is one click away and survives a reload too.
  await page.getByRole('button', { name: 'Reset to defaults', ...EXACT }).click();
  await expectOutputTokens(page, DEFAULT_OUTPUT_TOKENS, assert, 'reset restores the defaults');
  await page.reload();
  await expectOutputTokens(page, DEFAULT_OUTPUT_TOKENS, assert, 'and the reset is kept');
  await page.getByText(DEFAULT_REASON, EXACT).first().waitFor();
}

const count = (values) => values.filter((v) => Number.isFinite(v) && v !== 0).length;

/**
 * How many bars each report chart must draw per series, from the core's
 * figures for `data`: a bar for every non-zero value.
 */
function expectedBars(data) {
  const { gate, population, budget, routing } = headlineFigures(data);
  const charts = {};
  if (gate.ok) {
    const d = gate.value.decision;
    charts['Offload gate terms'] = {
      saving: count([d.reprefillSavingUsd, Math.max(0, d.netSavingUsd)]),
      cost: count([d.stubCarryCostUsd, d.expectedRecallHopCostUsd, Math.max(0, -d.netSavingUsd)]),
    };
  }
  if (population.ok) {
    const p = population.value;
    charts['Offload policies over 1,000 outputs'] = {
      cost: count([p.neverOffloadUsd, p.sizeOnlyUsd, p.netSavingGateUsd]),
    };
  }
  if (budget.ok) {
    const rows = budget.value.rows;
    charts['Prompt rows admitted and dropped'] = {
      pinned: count(rows.map((r) => (r.pinned ? r.tokens : 0))),
      admitted: count(rows.map((r) => (!r.pinned && r.admitted ? r.tokens : 0))),
      dropped: count(rows.map((r) => (r.admitted ? 0 : r.tokens))),
    };
  }
  if (routing.ok) {
    const both = [routing.value.totals, routing.value.baseline];
    charts['Routing cost against the baseline'] = {
      read: count(both.map((t) => t.readUsd)),
      write: count(both.map((t) => t.writeUsd)),
      output: count(both.map((t) => t.outputUsd)),
      classifier: count(both.map((t) => t.classifierUsd)),
    };
  }
  return charts;
}

/**
 * Each chart of the open report has a drawn SVG whose series paths hold one
 * visible bar per non-zero figure (so an empty or half-drawn chart fails).
 * Returns the number of bars drawn in all.
 */
async function assertChartsDrawn(report, data, assert) {
  const expected = expectedBars(data);
  let total = 0;
  for (const [title, series] of Object.entries(expected)) {
    const figure = report.getByRole('figure', { name: title, exact: true });
    const drawn = await figure.evaluate((el) => {
      const svg = el.querySelector('svg');
      if (svg === null) return null;
      const box = svg.getBoundingClientRect();
      const paths = {};
      for (const path of svg.querySelectorAll('path[data-series]')) {
        const bbox = path.getBBox();
        paths[path.getAttribute('data-series')] = {
          bars: (path.getAttribute('d') ?? '').split('M').length - 1,
          visible: bbox.width > 0 && bbox.height > 0,
        };
      }
      return { width: box.width, height: box.height, paths };
    });
    assert.ok(drawn !== null, `${title}: the chart has an SVG drawing`);
    assert.ok(drawn.width > 100 && drawn.height > 100, `${title}: the drawing has a size`);
    assert.deepEqual(
      Object.keys(drawn.paths).sort(),
      Object.keys(series).sort(),
      `${title}: one path per series`,
    );
    for (const [id, bars] of Object.entries(series)) {
      assert.equal(drawn.paths[id].bars, bars, `${title}: ${id} draws ${bars} bars`);
      if (bars > 0) assert.ok(drawn.paths[id].visible, `${title}: ${id} bars are visible`);
      total += bars;
    }
  }
  return total;
}

async function reportRenders(page, { assert }) {
  // The defaults: every chart has bars to draw.
  await outputTokens(page).waitFor();
  await page.getByRole('button', { name: 'Report', ...EXACT }).click();
  let report = page.getByRole('dialog', { name: /Design review/ });
  await report.waitFor();
  assert.equal(await report.getByRole('figure').count(), 4, 'four charts');
  for (const title of Object.keys(expectedBars(DEFAULT_SCENARIO))) {
    const figure = report.getByRole('figure', { name: title, ...EXACT });
    assert.ok(
      (await figure.locator('svg path[data-series]:not([d=""])').count()) > 0,
      `${title}: bars are drawn for the defaults`,
    );
  }
  await assertChartsDrawn(report, DEFAULT_SCENARIO, assert);
  await page.getByRole('button', { name: 'Close report', ...EXACT }).click();

  await page.getByLabel('Presets').selectOption({ label: 'Size-only offload that lost money' });
  const presetUrl = await sharedUrl(page, assert, (data) => data.gate.outputTokens === 1_500);
  const preset = await decodeScenarioHash(new URL(presetUrl).hash);
  assert.ok(preset.ok, 'the preset is in the address bar');
  await page.getByRole('button', { name: 'Report', ...EXACT }).click();
  report = page.getByRole('dialog', { name: /Design review/ });
  await report.waitFor();
  const text = await report.innerText();
  for (const part of ['Offload gate', 'Prompt budget', 'Model routing', 'Key figures']) {
    assert.ok(text.includes(part), `the report shows ${part}`);
  }
  assert.match(text, /below large_offload_threshold \(1500 < 10000 tokens\)/, 'the gate reason');
  assert.match(text, /more than never offloading/, 'the size-only loss');
  assert.equal(await report.getByRole('figure').count(), 4, 'four charts');
  assert.ok((await assertChartsDrawn(report, preset.data, assert)) > 0, 'charts are drawn');

  // Each chart downloads as PNG, SVG and CSV (the PNG goes through a blob:
  // image, which the CSP must allow).
  const signatures = { PNG: [0x89, 0x50, 0x4e, 0x47], SVG: [0x3c], CSV: [0x74] };
  for (const [format, signature] of Object.entries(signatures)) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report
        .getByRole('button', { name: `Download Offload gate terms as ${format}`, ...EXACT })
        .click(),
    ]);
    assert.equal(
      download.suggestedFilename(),
      `offload-gate-terms.${format.toLowerCase()}`,
      `${format} file name`,
    );
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    assert.ok(bytes.length > 20, `${format} file is not empty`);
    assert.deepEqual([...bytes.subarray(0, signature.length)], signature, `${format} content`);
  }

  // The report prints alone: the explorer underneath is hidden on paper.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('#root').isVisible(), false, 'the app is hidden in print');
  assert.equal(
    await page.getByRole('button', { name: 'Print report' }).isVisible(),
    false,
    'the toolbar is hidden in print',
  );
  assert.ok(await report.getByText('Key figures').isVisible(), 'the report prints');
  await page.emulateMedia({ media: null });

  await page.getByRole('button', { name: 'Close report', ...EXACT }).click();
  await outputTokens(page).waitFor();
}

/**
 * @param {import('playwright-core').Page} page
 * @param {{ baseUrl: string, assert: typeof import('node:assert/strict'),
 *           newPage: () => Promise<import('playwright-core').Page> }} ctx
 */
export default async function shareJourney(page, ctx) {
  await linkReproducesScenario(page, ctx);
  await corruptedLinkShowsMessage(page, ctx);
  await reloadKeepsWork(page, ctx);
  await reportRenders(page, ctx);
}

export const timeoutMs = 120_000;
