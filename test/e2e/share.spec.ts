// Sharing, keeping and presenting a scenario in a real browser: a link opened
// in a fresh browser context reproduces the scenario (the app's own #s= link
// and a hand-made #json= one), a corrupted link shows the message and the
// defaults, a reload keeps the work, and the report renders (every chart drawn
// with the bars its figures call for) and prints alone. Links are decoded
// with the app's own code.

import type { Locator, Page } from '@playwright/test';
import { DEFAULT_PRICING, evaluateOffloadGate } from '../../src/core/index.ts';
import { headlineFigures } from '../../src/domain/headline-figures.ts';
import { decodeScenarioHash } from '../../src/state/persistence.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const DEFAULT_OUTPUT_TOKENS = String(DEFAULT_SCENARIO.gate.outputTokens);
const DEFAULT_REASON = evaluateOffloadGate(DEFAULT_SCENARIO.gate, DEFAULT_PRICING).reason;
/** Links decode asynchronously, and the hash follows a change after a quiet moment. */
const LINK_TIMEOUT = { timeout: 30_000 };

function withHash(baseUrl: string, hash: string): string {
  const url = new URL(baseUrl);
  url.hash = hash;
  return url.href;
}

const outputTokens = (page: Page) => page.getByLabel('Output tokens', EXACT);

/** Waits until the Output tokens field shows `value`. */
async function expectOutputTokens(page: Page, value: string, why: string) {
  await expect(outputTokens(page), why).toHaveValue(value, LINK_TIMEOUT);
}

async function setOutputTokens(page: Page, value: string) {
  const field = outputTokens(page);
  await field.fill(value);
  await field.press('Tab');
}

/**
 * Waits until the address bar carries a #s= link to a scenario that passes
 * `check`, and returns the URL.
 */
async function sharedUrl(page: Page, check: (data: ScenarioData) => boolean): Promise<string> {
  const carried = async () => {
    const hash = new URL(page.url()).hash;
    if (!hash.startsWith('#s=')) return false;
    const parsed = await decodeScenarioHash(hash);
    return parsed.ok && check(parsed.data);
  };
  await expect
    .poll(carried, {
      ...LINK_TIMEOUT,
      message: `the address bar carries the expected scenario (it shows ${page.url().slice(0, 80)}…)`,
    })
    .toBe(true);
  return page.url();
}

const count = (values: number[]) => values.filter((v) => Number.isFinite(v) && v !== 0).length;

/**
 * How many bars each report chart must draw per series, from the core's
 * figures for `data`: a bar for every non-zero value.
 */
function expectedBars(data: ScenarioData): Record<string, Record<string, number>> {
  const { gate, population, budget, routing } = headlineFigures(data);
  const charts: Record<string, Record<string, number>> = {};
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
async function assertChartsDrawn(report: Locator, data: ScenarioData): Promise<number> {
  let total = 0;
  for (const [title, series] of Object.entries(expectedBars(data))) {
    const figure = report.getByRole('figure', { name: title, exact: true });
    const drawn = await figure.evaluate((el) => {
      const svg = el.querySelector('svg');
      if (svg === null) return null;
      const box = svg.getBoundingClientRect();
      const paths: Record<string, { bars: number; visible: boolean }> = {};
      for (const path of svg.querySelectorAll<SVGPathElement>('path[data-series]')) {
        const bbox = path.getBBox();
        paths[path.getAttribute('data-series') ?? ''] = {
          bars: (path.getAttribute('d') ?? '').split('M').length - 1,
          visible: bbox.width > 0 && bbox.height > 0,
        };
      }
      return { width: box.width, height: box.height, paths };
    });
    expect(drawn, `${title}: the chart has an SVG drawing`).not.toBeNull();
    if (drawn === null) continue;
    expect(drawn.width > 100 && drawn.height > 100, `${title}: the drawing has a size`).toBe(true);
    expect(Object.keys(drawn.paths).sort(), `${title}: one path per series`).toEqual(
      Object.keys(series).sort(),
    );
    for (const [id, bars] of Object.entries(series)) {
      expect(drawn.paths[id]?.bars, `${title}: ${id} draws ${bars} bars`).toBe(bars);
      if (bars > 0) expect(drawn.paths[id]?.visible, `${title}: ${id} bars are visible`).toBe(true);
      total += bars;
    }
  }
  return total;
}

interface ShareContext {
  baseUrl: string;
  subPathUrl: string;
  newPage: () => Promise<Page>;
}

async function linkReproducesScenario(page: Page, { baseUrl, subPathUrl, newPage }: ShareContext) {
  await setOutputTokens(page, '12345');
  await page.getByLabel('Horizon', EXACT).fill('9');
  await page.getByLabel('Horizon', EXACT).press('Tab');
  const link = await sharedUrl(
    page,
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
  await expectOutputTokens(fresh, '12345', 'the link reproduces Output tokens');
  await expect(fresh.getByLabel('Horizon', EXACT), 'and Horizon').toHaveValue('9');
  await expect(fresh.getByRole('alert'), 'a good link shows no error').toHaveCount(0);

  // A hand-made link, uncompressed, naming only what it changes; opened on
  // the GitHub-Pages-style sub-path.
  const handMade = withHash(
    subPathUrl ?? baseUrl,
    `json=${encodeURIComponent(JSON.stringify({ v: 1, ui: { tab: 'gate' }, gate: { outputTokens: 23456 } }))}`,
  );
  const other = await newPage();
  await other.goto(handMade);
  await expectOutputTokens(other, '23456', 'a hand-made #json= link opens');
  await expect(other.getByLabel('Horizon', EXACT), 'the rest is default').toHaveValue(
    String(DEFAULT_SCENARIO.gate.horizon),
  );
}

async function corruptedLinkShowsMessage({ baseUrl, newPage }: ShareContext) {
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
    await expect(alert, `message for #${hash}`).toContainText(message);
    await expectOutputTokens(fresh, DEFAULT_OUTPUT_TOKENS, 'the defaults are shown');
  }
}

async function reloadKeepsWork(page: Page) {
  await outputTokens(page).waitFor();
  // Reload at once (inside the save debounce) and after the save.
  await setOutputTokens(page, '7777');
  await page.reload();
  await expectOutputTokens(page, '7777', 'an immediate reload keeps the work');
  // The results agree (the core's reason string), not only the field.
  await page.getByText('below large_offload_threshold (7777 < 10000 tokens)').first().waitFor();
  await setOutputTokens(page, '8888');
  await sharedUrl(page, (data) => data.gate.outputTokens === 8_888);
  await page.reload();
  await expectOutputTokens(page, '8888', 'a reload after the save keeps the work');

  // Reset is one click away and survives a reload too.
  await page.getByRole('button', { name: 'Reset to defaults', ...EXACT }).click();
  await expectOutputTokens(page, DEFAULT_OUTPUT_TOKENS, 'reset restores the defaults');
  await page.reload();
  await expectOutputTokens(page, DEFAULT_OUTPUT_TOKENS, 'and the reset is kept');
  await page.getByText(DEFAULT_REASON, EXACT).first().waitFor();
}

async function reportRenders(page: Page) {
  // The defaults: every chart has bars to draw.
  await outputTokens(page).waitFor();
  await page.getByRole('button', { name: 'Report', ...EXACT }).click();
  let report = page.getByRole('dialog', { name: /Design review/ });
  await report.waitFor();
  await expect(report.getByRole('figure'), 'four charts').toHaveCount(4);
  for (const title of Object.keys(expectedBars(DEFAULT_SCENARIO))) {
    const figure = report.getByRole('figure', { name: title, ...EXACT });
    expect(
      await figure.locator('svg path[data-series]:not([d=""])').count(),
      `${title}: bars are drawn for the defaults`,
    ).toBeGreaterThan(0);
  }
  await assertChartsDrawn(report, DEFAULT_SCENARIO);
  await page.getByRole('button', { name: 'Close report', ...EXACT }).click();

  await page.getByLabel('Presets').selectOption({ label: 'Size-only offload that lost money' });
  const presetUrl = await sharedUrl(page, (data) => data.gate.outputTokens === 1_500);
  const preset = await decodeScenarioHash(new URL(presetUrl).hash);
  expect(preset.ok, 'the preset is in the address bar').toBe(true);
  if (!preset.ok) return;
  await page.getByRole('button', { name: 'Report', ...EXACT }).click();
  report = page.getByRole('dialog', { name: /Design review/ });
  await report.waitFor();
  const text = await report.innerText();
  for (const part of ['Offload gate', 'Prompt budget', 'Model routing', 'Key figures']) {
    expect(text, `the report shows ${part}`).toContain(part);
  }
  expect(text, 'the gate reason').toMatch(/below large_offload_threshold \(1500 < 10000 tokens\)/);
  expect(text, 'the size-only loss').toMatch(/more than never offloading/);
  await expect(report.getByRole('figure'), 'four charts').toHaveCount(4);
  expect(await assertChartsDrawn(report, preset.data), 'charts are drawn').toBeGreaterThan(0);

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
    expect(download.suggestedFilename(), `${format} file name`).toBe(
      `offload-gate-terms.${format.toLowerCase()}`,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length, `${format} file is not empty`).toBeGreaterThan(20);
    expect([...bytes.subarray(0, signature.length)], `${format} content`).toEqual(signature);
  }

  // The report prints alone: the explorer underneath is hidden on paper.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root'), 'the app is hidden in print').toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Print report' }),
    'the toolbar is hidden in print',
  ).toBeHidden();
  await expect(report.getByText('Key figures'), 'the report prints').toBeVisible();
  await page.emulateMedia({ media: null });

  await page.getByRole('button', { name: 'Close report', ...EXACT }).click();
  await outputTokens(page).waitFor();
}

test('share: links, reloads and the report', async ({ page, baseUrl, subPathUrl, newPage }) => {
  test.setTimeout(120_000);
  await page.goto('/', { waitUntil: 'load' });
  const ctx = { baseUrl, subPathUrl, newPage: () => newPage() };
  await test.step('a link reproduces the scenario', () => linkReproducesScenario(page, ctx));
  await test.step('a corrupted link shows the message and the defaults', () =>
    corruptedLinkShowsMessage(ctx));
  await test.step('a reload keeps the work, and reset is kept too', () => reloadKeepsWork(page));
  await test.step('the report renders every chart and prints alone', () => reportRenders(page));
});
