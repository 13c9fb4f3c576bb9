// The report with traffic loaded: after a trace is imported on the "Your
// traffic" tab, the report opens with the traffic's bill and the Overview's
// decisions, and it still prints
// on one A4 page in the light and the dark theme, with that section, every
// chart and the assumptions on the paper.

import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { TRACE_FIXTURES } from '../engine/traces/fixture-sources.ts';
import { openTab } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const FIXTURE = resolve(TRACE_FIXTURES, 'claude-code-gaps.jsonl');
const EXACT = { exact: true };
const LINK_TIMEOUT = { timeout: 30_000 };
const SHOTS = 'test-results/report';

function jsonLink(base: string, scenario: unknown): string {
  const url = new URL(base);
  url.hash = `json=${encodeURIComponent(JSON.stringify(scenario))}`;
  return url.href;
}

/** Pages in a PDF: its page objects (`/Type /Page`, not `/Pages`). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

async function importFixture(page: Page) {
  await openTab(page, 'Your traffic');
  await page.getByLabel('Choose trace files', EXACT).setInputFiles([FIXTURE]);
  await expect(page.getByText(/^Read 1 file:/)).toBeVisible({ timeout: 30_000 });
}

for (const [theme, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['dark', 390],
] as const) {
  test(`with traffic loaded the report prints on one A4 page (${theme}, ${width} px)`, async ({
    baseUrl,
    newPage,
  }) => {
    const page = await newPage({ viewport: { width, height: width > 800 ? 900 : 844 } });
    await page.goto(
      jsonLink(baseUrl, {
        v: 1,
        ui: {
          tab: 'gate',
          theme,
          reportTitle: 'Context policies: design review',
          reportNote:
            'Offloading pays here; the size-only policy does not. Prices as listed below, March.',
        },
      }),
    );
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await importFixture(page);
    await page.getByRole('button', { name: 'Report', ...EXACT }).click();
    const report = page.getByRole('dialog', { name: /Design review/ });
    await expect(report).toBeVisible(LINK_TIMEOUT);
    const traffic = report.getByRole('region', { name: 'Your traffic', exact: true });
    await expect(traffic, 'the report names the imported traffic').toContainText('As billed');
    // It opens with the Overview's decisions, each against the bill and how sure.
    const decisions = traffic.getByRole('table', { name: /^Decisions on this traffic/ });
    await expect(decisions.getByRole('rowheader', { name: 'Which models?' })).toBeVisible(
      LINK_TIMEOUT,
    );
    await expect(decisions).toContainText('Exact on this traffic');
    await expect(report.getByRole('figure')).toHaveCount(4);
    // The prices table lists the rows the traffic is billed on, not only the scenario's.
    const prices = report.getByRole('table', { name: 'Prices used, USD per million tokens' });
    await expect(prices.getByRole('row', { name: /^claude-sonnet-4-5 / })).toContainText(
      'your traffic: 5 calls',
      LINK_TIMEOUT,
    );
    await expect(report.getByTestId('report-live-link')).toBeVisible(LINK_TIMEOUT);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({
      path: `${SHOTS}/screen-traffic-${theme}-${width}.png`,
      fullPage: true,
    });

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('#root'), 'the app is hidden on paper').toBeHidden();
    await expect(traffic, 'the traffic section is on paper').toBeVisible();
    await expect(traffic.getByText('As billed, per 30 days')).toBeVisible();
    await expect(report.getByRole('figure')).toHaveCount(4);
    for (const figure of await report.getByRole('figure').all()) {
      await expect(figure.locator('svg').first(), 'every chart is drawn on paper').toBeVisible();
    }
    await expect(report.getByText('Assumptions behind every figure')).toBeVisible();
    await expect(
      report.getByRole('table', { name: 'Prices used, USD per million tokens' }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/print-traffic-${theme}-${width}.png`, fullPage: true });
    // The A4 sheet's printable width at 96 px per inch (210 mm less two 10 mm margins).
    await page.setViewportSize({ width: 718, height: 1047 });
    await page.screenshot({
      path: `${SHOTS}/print-a4-traffic-${theme}-${width}.png`,
      fullPage: true,
    });
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    writeFileSync(`${SHOTS}/report-traffic-${theme}-${width}.pdf`, pdf);
    expect(pdfPages(pdf), 'one A4 page').toBe(1);
  });
}
