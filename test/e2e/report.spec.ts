// The report as something a reviewer can send: `#report` after a scenario's
// link opens it directly, with a title and a note the user typed (they travel
// in the link), the date it was made, a link back to the live scenario (the
// same link without `#report`), the assumptions behind its figures, and one
// A4 page when printed, in the light and the dark theme.

import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { decodeScenarioHash } from '../../src/state/persistence.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const LINK_TIMEOUT = { timeout: 30_000 };
const SHOTS = 'test-results/report';

function jsonLink(base: string, scenario: unknown, suffix = ''): string {
  const url = new URL(base);
  url.hash = `json=${encodeURIComponent(JSON.stringify(scenario))}${suffix}`;
  return url.href;
}

const reportDialog = (page: Page) => page.getByRole('dialog', { name: /Design review/ });

/** Pages in a PDF: its page objects (`/Type /Page`, not `/Pages`). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

/** The address bar's scenario once it carries `check`, decoded with the app's own code. */
async function addressScenario(page: Page, check: (hash: string) => Promise<boolean>) {
  await expect.poll(async () => check(new URL(page.url()).hash), LINK_TIMEOUT).toBe(true);
  return new URL(page.url()).hash;
}

test.describe('the report as an address', () => {
  test('a #report link opens the report directly, with title, note, date and a link back', async ({
    page,
    baseUrl,
    newPage,
  }) => {
    // The day the report is made, fixed, so the date can be checked.
    await page.clock.setFixedTime(new Date('2026-03-04T10:00:00'));
    await page.goto(
      jsonLink(baseUrl, { v: 1, ui: { tab: 'gate' }, gate: { outputTokens: 23456 } }, '#report'),
    );
    const report = reportDialog(page);
    await expect(report, 'the link opens the report').toBeVisible(LINK_TIMEOUT);
    await expect(report, 'with the scenario of the link').toContainText('23,456-token tool output');
    await expect(report.locator('time')).toHaveAttribute('datetime', '2026-03-04');
    await expect(report).toContainText(/2026-03-04 \(Wednesday,? 4 March 2026\)/);

    // Every figure with its assumptions: prices, TTL, horizon, p_recall.
    const assumptions = report.getByRole('region', { name: 'Assumptions behind every figure' });
    await expect(assumptions).toContainText('p_recall');
    await expect(assumptions).toContainText('cache TTL 300 s');
    await expect(assumptions).toContainText('horizon');
    await expect(
      assumptions.getByRole('table', { name: 'Prices used, USD per million tokens' }),
    ).toBeVisible();

    // Title and note, typed into the report: shown on the page and carried by the link.
    await page.getByLabel('Report title', EXACT).fill('Offload review, March');
    await page.getByLabel('Note for the reader', EXACT).fill('Look at the gate first.');
    await expect(report.getByRole('heading', { level: 2 })).toHaveText('Offload review, March');
    await expect(report).toContainText('Look at the gate first.');
    const hash = await addressScenario(page, async (h) => {
      if (!h.endsWith('#report')) return false;
      const parsed = await decodeScenarioHash(h.slice(0, -'#report'.length));
      return parsed.ok && parsed.data.ui.reportTitle === 'Offload review, March';
    });
    expect(hash.startsWith('#s='), 'the app writes its compressed link, then #report').toBe(true);

    // The link back is the same link without #report: it opens the live scenario.
    const live = report.getByTestId('report-live-link');
    await expect(live).toHaveAttribute('href', /#s=/, LINK_TIMEOUT);
    const href = (await live.getAttribute('href')) ?? '';
    expect(href).not.toContain('report');
    const back = await decodeScenarioHash(new URL(href).hash);
    expect(back.ok && back.data.gate.outputTokens).toBe(23_456);
    expect(back.ok && back.data.ui.reportNote).toBe('Look at the gate first.');

    const reader = await newPage();
    await reader.goto(page.url());
    const sent = reportDialog(reader);
    await expect(sent, 'the sent address opens the report').toBeVisible(LINK_TIMEOUT);
    await expect(sent.getByRole('heading', { level: 2 })).toHaveText('Offload review, March');
    await expect(sent).toContainText('Look at the gate first.');

    const explorer = await newPage();
    await explorer.goto(href);
    await expect(explorer.getByLabel('Output tokens', EXACT)).toHaveValue('23456', LINK_TIMEOUT);
    await expect(reportDialog(explorer), 'the link back opens the explorer').toHaveCount(0);

    // Closing the report takes #report from the address; opening it adds it back.
    await page.getByRole('button', { name: 'Close report', ...EXACT }).click();
    await expect.poll(() => new URL(page.url()).hash.includes('report')).toBe(false);
    await page.getByRole('button', { name: 'Report', ...EXACT }).click();
    await expect.poll(() => new URL(page.url()).hash.endsWith('#report')).toBe(true);
  });

  test('#report alone opens the report of the saved work, also on the sub-path', async ({
    subPathUrl,
    newPage,
  }) => {
    const page = await newPage();
    await page.goto(`${subPathUrl}#report`);
    await expect(reportDialog(page)).toBeVisible(LINK_TIMEOUT);
    await expect(reportDialog(page).getByRole('figure')).toHaveCount(4);
  });
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the report prints on one A4 page (${theme}, ${viewport.width} px)`, async ({
      baseUrl,
      newPage,
    }) => {
      const page = await newPage({ viewport });
      const scenario = {
        v: 1,
        ui: {
          tab: 'gate',
          theme,
          reportTitle: 'Context policies: design review',
          reportNote:
            'Offloading pays here; the size-only policy does not. Prices as listed below, March.',
        },
      };
      await page.goto(jsonLink(baseUrl, scenario, '#report'));
      const report = reportDialog(page);
      await expect(report).toBeVisible(LINK_TIMEOUT);
      await expect(report.getByRole('figure')).toHaveCount(4);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(report.getByTestId('report-live-link')).toBeVisible(LINK_TIMEOUT);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({
        path: `${SHOTS}/screen-${theme}-${viewport.width}.png`,
        fullPage: true,
      });
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('#root'), 'the app is hidden on paper').toBeHidden();
      await expect(report.getByText('Assumptions behind every figure')).toBeVisible();
      await expect(report.getByText('Context policies: design review')).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/print-${theme}-${viewport.width}.png`,
        fullPage: true,
      });
      await page.emulateMedia({ media: null });
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      writeFileSync(`${SHOTS}/report-${theme}-${viewport.width}.pdf`, pdf);
      expect(pdfPages(pdf), 'one A4 page').toBe(1);
    });
  }
}
