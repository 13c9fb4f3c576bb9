// The design review of the gate, the words and the layout, in a real
// browser at 1,280 × 900 and 390 × 844: the fire map opens on both regions
// and draws what its legend says, p* reads as a probability or in words,
// signed figures use one minus sign, legends keep swatch and label together,
// the price table fits, full-page captures and print show every card, and
// the gate's decision stays in view while editing.

import type { Locator, Page } from '@playwright/test';
import { openTab, TAB_NAMES } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const PHONE = { width: 390, height: 844 };

async function setNumber(page: Page, label: string, value: number) {
  const field = page.getByLabel(label, EXACT);
  await field.fill(String(value));
  await field.press('Tab');
}

/** Waits two animation frames so the last render has been laid out and painted. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

const fireMap = (page: Page) => page.getByRole('figure', { name: /^Where the gate fires/ });

/** The fire map's data table, as rows of cell texts. */
async function fireTable(card: Locator): Promise<string[][]> {
  await card.getByRole('button', { name: 'Show data table' }).click();
  const rows = await card
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );
  await card.getByRole('button', { name: 'Show chart' }).click();
  return rows;
}

/**
 * How many distinct colours a region of a full-page capture has, decoded by
 * the browser itself: a card skipped as off screen is captured as one flat
 * colour.
 */
async function coloursInCapture(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  const png = await page.screenshot({ fullPage: true, clip: box });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7)
      seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  }, png.toString('base64'));
}

/** Legend entries whose swatch is not beside the first line of their label, or that overflow. */
async function partedLegendEntries(page: Page): Promise<string[]> {
  return page.locator('.chart-legend li[data-legend]').evaluateAll((items) =>
    items
      .filter((li) => (li as HTMLElement).offsetParent !== null)
      .filter((li) => {
        const swatch = li.querySelector('.legend-swatch')?.getBoundingClientRect();
        const label = li.querySelector('.legend-label');
        if (!swatch || !label) return true;
        const range = document.createRange();
        range.selectNodeContents(label);
        const first = range.getClientRects()[0];
        if (!first) return true;
        const middle = swatch.top + swatch.height / 2;
        const besideFirstLine = middle >= first.top - 2 && middle <= first.bottom + 2;
        const leftOfLabel = swatch.right <= first.left + 1;
        // Nor does an entry run out of its legend (a label too long to wrap).
        const list = li.closest('.chart-legend')!.getBoundingClientRect();
        const inside = li.getBoundingClientRect().right <= list.right + 1;
        return !(besideFirstLine && leftOfLabel && inside);
      })
      .map((li) => li.textContent ?? ''),
  );
}

test.describe('gate review: the words, the layout and the legends', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('the fire map opens on both regions and draws H = 0 as its legend says', async ({
    page,
  }) => {
    await openTab(page, 'Offload gate');
    const card = fireMap(page);
    await expect(card).toContainText('output size × recall probability');
    const summary = await card.locator('figcaption').innerText();
    const [, fires, total] = /fires in ([\d,]+) of ([\d,]+)/.exec(summary) ?? [];
    const share = Number(fires?.replace(/,/g, '')) / Number(total?.replace(/,/g, ''));
    // Neither nearly all nor nearly none of the cells fire (was 630 of 651).
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.8);
    await expect(
      card.getByText(/^Not priced \(hatched\): below the 10,000-token threshold/),
    ).toBeVisible();
    await expect(
      card.getByText('Offload: from 10,000 tokens at every recall probability.'),
    ).toBeVisible();
    const bySize = (await fireTable(card)).flat();
    expect(bySize).toContain('offload');
    expect(bySize).toContain('keep (not priced)');

    // Lowering the threshold shows where offloading would lose money.
    await setNumber(page, 'Large offload threshold', 0);
    await expect(card.getByText(/^Would lose money: up to the break-even size T\*/)).toBeVisible();
    expect((await fireTable(card)).flat()).toContain('keep (loses)');

    // The horizon view: H = 0 is not priced (hatched), never "would lose money".
    await setNumber(page, 'Large offload threshold', 10000);
    await card.getByRole('button', { name: 'Horizon × recall' }).click();
    await expect(card).toContainText('horizon × recall probability');
    const byHorizon = await fireTable(card);
    for (const row of byHorizon) expect(row[0]).toBe('keep (not priced)');
    await expect(card.locator('.legend-swatch.hatch')).toHaveCount(1);
  });

  test('p* reads in words at or above 1 and as a probability below', async ({ page }) => {
    await openTab(page, 'Offload gate');
    const decision = page.locator('section.decision');
    await expect(
      decision.getByText('Offloading pays even if the output is always recalled.', EXACT),
    ).toBeVisible();
    await expect(decision).not.toContainText('≥ 1');
    await expect(decision).not.toContainText('p* =');

    // 500 tokens, no threshold, 1 turn: p* = 350 · $5/M / $0.0175 = 0.1.
    await setNumber(page, 'Large offload threshold', 0);
    await setNumber(page, 'Output tokens', 500);
    await setNumber(page, 'Horizon', 1);
    await expect(
      decision.getByText(
        'Offloading pays while the recall probability stays below 10.0% (the break-even p*).',
        EXACT,
      ),
    ).toBeVisible();
  });

  test('signed figures use the true minus sign on every tab', async ({ page }) => {
    for (const tab of TAB_NAMES) {
      const panel = await openTab(page, tab);
      await settle(page);
      const text = await panel.innerText();
      // A hyphen-minus before a figure ("-10%", "-$0.11") is a second minus sign.
      expect(text.match(/(?:^|[\s(:=])-\$?\d[\d.,]*%?/gm) ?? [], tab).toEqual([]);
    }
  });

  test('full-page captures and print show every card; editing still skips off-screen ones', async ({
    page,
  }) => {
    const panel = await openTab(page, 'Prompt budget');
    const ladder = panel.locator('section, .card, figure').filter({
      has: page.getByRole('heading', { name: 'Admission ladder', exact: true }),
    });
    await expect(ladder.first()).toBeAttached();
    await settle(page);
    const chart = page.getByRole('figure', { name: 'Admitted tokens by budget' });
    const box = await chart.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
    });
    expect(box.y).toBeGreaterThan(900);
    // Drawn: axes, steps, labels (about 670 colours) — a card skipped as off
    // screen is its background and the antialiased border (about 20).
    expect(await coloursInCapture(page, box)).toBeGreaterThan(100);
    const sections = page.getByRole('heading', { name: 'Section budgets', exact: true });
    await expect(sections).toBeAttached();
    const visibility = () => chart.evaluate((el) => getComputedStyle(el).contentVisibility);
    expect(await visibility()).toBe('visible');

    // While a field has focus (a drag, typing) off-screen cards are skipped again.
    await page.getByLabel('Budget', EXACT).focus();
    expect(await visibility()).toBe('auto');
    await page.emulateMedia({ media: 'print' });
    expect(await visibility()).toBe('visible');
    await page.emulateMedia({ media: 'screen' });
  });

  test('the gate decision stays in view while editing further down the page', async ({ page }) => {
    await openTab(page, 'Offload gate');
    const summary = page.locator('.wide-verdict > div');
    await expect(summary).toBeHidden();
    // Typing in each gate input (the page scrolls to it): the verdict is in
    // view, in the decision card or in the summary.
    const verdictInView = () =>
      page.evaluate(() => {
        const card = document.querySelector('.verdict-label')!.getBoundingClientRect();
        const bar = document.querySelector('.wide-verdict > div')!;
        const barRect = bar.getBoundingClientRect();
        const inView = (r: DOMRect) => r.top >= 0 && r.bottom <= innerHeight;
        return inView(card) || (getComputedStyle(bar).visibility === 'visible' && inView(barRect));
      });
    for (const label of ['Output tokens', 'Horizon', 'Stub tokens', 'Recall output tokens']) {
      await page.getByLabel(label, EXACT).focus();
      await expect.poll(verdictInView, label).toBe(true);
    }
    await page.getByRole('figure', { name: /^Where the gate fires/ }).scrollIntoViewIfNeeded();
    await expect(page.locator('section.decision')).not.toBeInViewport();
    await expect(summary).toBeVisible();
    await expect(summary).toBeInViewport();
    await expect(summary).toContainText('Offload');
    // Editing an input while the card is out of view updates the summary in view.
    await setNumber(page, 'Recall output tokens', 300000);
    await page.getByRole('figure', { name: /^Where the gate fires/ }).scrollIntoViewIfNeeded();
    await expect(summary).toContainText('Keep inline');
    await expect(summary).toBeInViewport();
  });

  test('the price table fits at 1,280 px and wraps long model names', async ({ page }) => {
    await openTab(page, 'Prices');
    const name = 'anthropic.claude-3-5-sonnet-20241022-v2:0';
    await page.getByLabel('Model name', EXACT).fill(name);
    await page.getByLabel('Input price', EXACT).fill('3');
    await page.getByLabel('Output price', EXACT).fill('15');
    await page.getByRole('button', { name: 'Add model' }).click();
    const field = page.getByLabel(`Model name of ${name}`, EXACT);
    await expect(field).toHaveValue(name);
    // The whole name is shown: nothing scrolls inside the field.
    expect(
      await field.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
      ),
    ).toBe(true);
    const table = page.locator('.prices-table');
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const card = await table.boundingBox();
    const remove = await page.getByRole('button', { name: `Remove ${name}` }).boundingBox();
    expect(remove!.x + remove!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await expect(page.getByText(/scroll it sideways/)).toHaveCount(0);

    // A phone: the table scrolls inside its card, and says so.
    await page.setViewportSize(PHONE);
    await expect(page.getByText(/scroll it sideways for every column/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Model prices table' })).toBeVisible();
  });

  test('on a phone every legend swatch stays beside its label', async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const tab of ['Offload gate', 'Prompt budget', 'Model routing'] as const) {
      await openTab(page, tab);
      await settle(page);
      expect(await partedLegendEntries(page), tab).toEqual([]);
    }
    // The fire map's long "not priced" entry wraps beside its swatch.
    await openTab(page, 'Offload gate');
    const entry = fireMap(page).locator('li[data-legend]', { hasText: 'not priced' });
    await expect(entry).toBeVisible();
  });
});
