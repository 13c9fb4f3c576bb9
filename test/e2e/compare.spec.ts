// Compare A with B in a real browser: Pin as A and Compare are separate
// actions (pinning never opens the comparison; Compare is disabled with its
// reason until A is pinned); the comparison sits beside the explorer (above it
// on a phone), never over it, and names every input that differs and every
// outcome that differs. Also: the toolbar's preset control is named for what
// it sets, and its message never pushes the tabs down.

import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { headlineFigures } from '../../src/domain/headline-figures.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';
import { openTab, waitForPanel } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const SHOTS = 'test-results/compare';
const COMPARE = 'Compare A (pinned) with B (current)';

async function setField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, EXACT);
  await field.fill(value);
  await field.press('Tab');
}

/** The tab list's top edge, px from the top of the page. */
const tabsTop = (page: Page) =>
  page
    .getByRole('tablist', { name: 'Explorers' })
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`compare names the inputs and outcomes that differ (${viewport.width} px)`, async ({
    newPage,
    baseUrl,
  }) => {
    test.setTimeout(90_000);
    const page = await newPage({ viewport });
    await page.goto(baseUrl, { waitUntil: 'load' });
    await waitForPanel(page, 'Offload gate');

    const compare = page.getByRole('button', { name: 'Compare', ...EXACT });
    await expect(compare, 'nothing to compare yet').toBeDisabled();
    await expect(compare).toHaveAccessibleDescription(/Pin a scenario as A first/);

    await page.getByRole('button', { name: 'Pin as A', ...EXACT }).click();
    await expect(compare).toBeEnabled();
    await expect(
      page.getByRole('complementary', { name: COMPARE }),
      'pinning opens nothing',
    ).toHaveCount(0);

    // B: a smaller output (the gate stops firing), an unbounded budget (the
    // dropped rows come back) and the routing on one model.
    await setField(page, 'Output tokens', '3000');
    await openTab(page, 'Prompt budget');
    await page.getByLabel(/Unbounded/).check();
    await compare.click();
    await expect(compare).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByRole('complementary', { name: COMPARE });
    await expect(panel).toBeVisible();

    const gateInputs = panel.getByRole('table', { name: 'Offload gate inputs' });
    await expect(gateInputs.getByRole('row', { name: /Output tokens/ })).toContainText(
      `${DEFAULT_SCENARIO.gate.outputTokens.toLocaleString('en-US')}3,000`,
    );
    await expect(
      panel.getByRole('table', { name: 'Prompt budget inputs' }).getByRole('row', {
        name: /Unbounded/,
      }),
    ).toContainText('noyes');
    await expect(panel.getByRole('row', { name: /Gate verdict/ })).toContainText(
      'OffloadKeep inline',
    );
    // Every row the defaults drop is named, kept in B.
    const budget = headlineFigures(DEFAULT_SCENARIO).budget;
    const dropped = budget.ok ? budget.value.report.dropped : [];
    expect(dropped.length).toBeGreaterThan(0);
    const outcomes = panel.getByRole('table', { name: 'Prompt budget outcomes' });
    for (const name of dropped) {
      await expect(outcomes.getByRole('row', { name: `Row “${name}”` })).toContainText(
        'droppedkept',
      );
    }

    // The comparison is beside (or above) the explorer, never over it.
    const panelBox = await panel.boundingBox();
    const mainBox = await page.locator('#main').boundingBox();
    expect(panelBox && mainBox).toBeTruthy();
    if (panelBox && mainBox) {
      const overlaps =
        panelBox.x < mainBox.x + mainBox.width &&
        mainBox.x < panelBox.x + panelBox.width &&
        panelBox.y < mainBox.y + mainBox.height &&
        mainBox.y < panelBox.y + panelBox.height;
      expect(overlaps, 'the comparison covers no part of the explorer').toBe(false);
    }
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/compare-${viewport.width}.png` });

    // Routing: another strategy names the hops that change model.
    await openTab(page, 'Model routing');
    await page.getByLabel('Scenario presets').selectOption({ label: 'Hop-aware thinking' });
    await expect(panel.getByRole('table', { name: 'Model routing outcomes' })).toBeVisible();
    await expect(
      panel.getByRole('table', { name: 'Model routing outcomes' }).getByRole('row', {
        name: /^Turn \d+ hop \d+/,
      }),
    ).not.toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/compare-routing-${viewport.width}.png` });

    // Hide, then Unpin: Compare is disabled again.
    await panel.getByRole('button', { name: 'Hide comparison', ...EXACT }).click();
    await expect(panel).toHaveCount(0);
    await compare.click();
    await page
      .getByRole('complementary', { name: COMPARE })
      .getByRole('button', { name: 'Unpin A' })
      .click();
    await expect(compare).toBeDisabled();
  });

  test(`the preset message does not move the tabs (${viewport.width} px)`, async ({
    newPage,
    baseUrl,
  }) => {
    const page = await newPage({ viewport });
    await page.goto(baseUrl, { waitUntil: 'load' });
    await waitForPanel(page, 'Offload gate');
    const before = await tabsTop(page);
    const picker = page.getByLabel('Scenario presets');
    await expect(picker, 'named for what it sets').toHaveAccessibleName('Scenario presets');
    await picker.selectOption({ label: 'Size-only offload that lost money' });
    await expect(page.getByTestId('scenario-status')).toContainText('Loaded the preset');
    expect(await tabsTop(page), 'the tabs stay where they were').toBe(before);
    await page.getByRole('button', { name: 'Reset to defaults', ...EXACT }).click();
    await expect(page.getByTestId('scenario-status')).toContainText('Reset to defaults.');
    expect(await tabsTop(page)).toBe(before);
  });
}
