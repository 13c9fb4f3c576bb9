// The explorer beside the open comparison at 1,280 × 900: the comparison
// column narrows the explorer, and its wide tables (the budget's rows in
// compiled order above all) stay inside their cards, scrolling there with a
// visible cue rather than being clipped or widening the page.

import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { openTab, waitForPanel } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const SHOTS = 'test-results/compare';
const COMPARE = 'Compare A (pinned) with B (current)';

/** The right edges of a table's scroller and of the card around it, and whether it scrolls. */
function fit(wrap: Locator) {
  return wrap.evaluate((el) => {
    const card = el.closest('.card') ?? el.parentElement!;
    const box = el.getBoundingClientRect();
    const cardBox = card.getBoundingClientRect();
    return {
      wrapRight: box.right,
      cardRight: cardBox.right,
      pageWide: document.documentElement.scrollWidth > window.innerWidth,
      scrolls: el.scrollWidth > el.clientWidth,
      cue: getComputedStyle(el).backgroundImage.includes('radial-gradient'),
    };
  });
}

async function openCompare(page: Page) {
  await page.getByRole('button', { name: 'Pin as A', ...EXACT }).click();
  const field = page.getByLabel('Output tokens', EXACT);
  await field.fill('3000');
  await field.press('Tab');
  await page.getByRole('button', { name: 'Compare', ...EXACT }).click();
  await expect(page.getByRole('complementary', { name: COMPARE })).toBeVisible();
}

function jsonLink(base: string, scenario: unknown): string {
  const url = new URL(base);
  url.hash = `json=${encodeURIComponent(JSON.stringify(scenario))}`;
  return url.href;
}

for (const theme of ['light', 'dark'] as const) {
  test(`with the comparison open the explorer's tables fit or scroll inside their cards (${theme}, 1280 px)`, async ({
    newPage,
    baseUrl,
  }) => {
    test.setTimeout(90_000);
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(jsonLink(baseUrl, { v: 1, ui: { tab: 'gate', theme } }), { waitUntil: 'load' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await waitForPanel(page, 'Offload gate');
    await openCompare(page);
    const panel = await openTab(page, 'Prompt budget');
    const wrap = panel.getByRole('region', { name: 'Rows in compiled order: table' });
    await expect(wrap).toBeVisible();
    await wrap.scrollIntoViewIfNeeded();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/compare-budget-1280-${theme}.png` });
    await wrap.screenshot({ path: `${SHOTS}/compare-budget-table-start-${theme}.png` });
    await wrap.evaluate((el) => el.scrollBy({ left: 120 }));
    await wrap.screenshot({ path: `${SHOTS}/compare-budget-table-middle-${theme}.png` });
    await wrap.evaluate((el) => el.scrollTo({ left: 0 }));
    const f = await fit(wrap);
    expect(f.pageWide, 'the page does not scroll sideways').toBe(false);
    expect(f.wrapRight, 'the table ends inside its card').toBeLessThanOrEqual(f.cardRight + 0.5);
    expect(f.scrolls, 'at this width the nine columns scroll').toBe(true);
    expect(f.cue, 'a table that scrolls shows a shadow at its edge').toBe(true);

    // Every other tab's tables stay inside their cards too.
    for (const tab of ['Model routing', 'Prices', 'Offload gate']) {
      const other = await openTab(page, tab);
      for (const w of await other.locator('.table-wrap:visible').all()) {
        const g = await fit(w);
        expect(g.pageWide, `${tab}: the page does not scroll sideways`).toBe(false);
        expect(g.wrapRight, `${tab}: a table ends inside its card`).toBeLessThanOrEqual(
          g.cardRight + 0.5,
        );
        if (g.scrolls) expect(g.cue, `${tab}: a table that scrolls shows it`).toBe(true);
      }
    }
  });
}
