// The Overview in a real browser: a first visit's two ways in, then the
// hand-made Claude Code session imported, and on the next visit the app
// opening on its Overview with the bill as the core bills it, where it
// goes, and the decisions against the bill; no horizontal overflow on a phone.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { billTrace, readTraceFiles } from '../../src/core/traces/index.ts';
import { formatMoney } from '../../src/format/number-format.ts';
import { fixturePaths } from '../engine/traces/fixture-sources.ts';
import { bookBilling } from '../helpers/book-pricing.ts';
import { waitForPanel } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const PATHS = fixturePaths().filter((p) => p.includes('/projects/'));
const CALLS = readTraceFiles(
  PATHS.map((p) => ({ name: basename(p), text: readFileSync(p, 'utf8') })),
).calls;
let BILLED: number;
test.beforeAll(async () => {
  BILLED = billTrace(CALLS, await bookBilling(CALLS)).totals.totalUsd;
});
const TIMEOUT = { timeout: 30_000 };

test.describe('overview', () => {
  // axe is injected as an inline script, which the site's CSP refuses.
  test.use({ bypassCSP: true });
  test('overview: two ways in, then the bill and its decisions on the next visit', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'load' });
    // A first visit: the worked example, with the way to start from your own traffic.
    await waitForPanel(page, 'Offload gate');
    await page.getByRole('button', { name: 'Start from your own traffic' }).click();
    const traffic = await waitForPanel(page, 'Your traffic');
    await traffic.getByLabel('Choose trace files', { exact: true }).setInputFiles(PATHS);
    await expect(page.getByText(/^Read 2 files:/)).toBeVisible(TIMEOUT);

    // The next visit opens on the Overview.
    await page.goto('/', { waitUntil: 'load' });
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Overview', TIMEOUT);
    const panel = await waitForPanel(page, 'Overview');
    const bill = panel.getByRole('region', { name: 'Your bill' });
    await expect(bill.getByRole('definition').first()).toHaveText(formatMoney(BILLED), TIMEOUT);
    const parts = bill.getByRole('table', { name: 'Where the bill goes' });
    await expect(parts.getByRole('row', { name: /^The bill/ })).toContainText(formatMoney(BILLED));

    const decisions = panel.getByRole('region', { name: 'Decisions' });
    const models = decisions.getByRole('listitem', { name: 'Which models?' });
    await expect(models).toContainText('Compared with', TIMEOUT);
    await expect(models).toContainText(formatMoney(BILLED));
    await expect(models).toContainText('How sure');
    // Same provider by default: an Anthropic session is never moved to another provider.
    await expect(models.locator('.overview-sentence')).not.toContainText(/gpt|gemini/);
    await expect(
      decisions.getByRole('listitem', { name: 'How long to keep the prompt cache?' }),
    ).toBeVisible();
    // The offload decision, from the gate's region over the session's own tool outputs.
    const offload = decisions.getByRole('listitem', { name: 'Offload large tool outputs?' });
    await expect(offload).toContainText('Depends on an assumption', TIMEOUT);
    await expect(offload).toContainText('never offloading, as your traffic ran');
    expect(await axeViolations(page), 'the Overview is axe clean').toEqual([]);
    await offload.getByRole('button', { name: /Offload gate/ }).click();
    const gate = await waitForPanel(page, 'Offload gate');
    const region = gate.getByRole('figure', { name: 'Where offloading pays on your traffic' });
    await expect(region).toBeVisible(TIMEOUT);
    expect(await axeViolations(page), 'the gate with its region is axe clean').toEqual([]);
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await waitForPanel(page, 'Overview');

    await page.setViewportSize({ width: 390, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no horizontal overflow at 390 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/overview-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/overview-1280.png', fullPage: true });
  });
});
