// Large inputs, end to end: 2,000 prompt rows stay reachable row by row
// from the keyboard although only a screenful is drawn, and a 2,000-turn
// conversation's totals arrive from the engine and follow an idle-gap step.

import { budgetRowsScenario, routingConversationScenario } from '../../bench/ui-scenarios.mjs';
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

async function importScenario(page: Page, name: string, scenario: object): Promise<void> {
  await page.getByRole('button', { name: 'Import / export', exact: true }).click();
  await page.getByLabel('Import scenario file', { exact: true }).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(page.getByText(/Loaded the scenario from/).first()).toBeVisible({
    timeout: 60_000,
  });
}

test('budget: a long row list draws a screenful and Tab walks on through the rows', async ({
  page,
}) => {
  // 2,000 rows and 120 key presses: generous on a shared, loaded machine.
  test.setTimeout(420_000);
  await page.goto('/', { waitUntil: 'load' });
  await importScenario(page, 'rows.json', budgetRowsScenario(2_000));
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  const editor = page.getByRole('region', { name: 'Prompt rows' });
  const rows = editor.getByRole('listitem');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  expect(await rows.count()).toBeLessThan(60);

  const firstId = editor.getByRole('textbox', { name: /^Id of / }).first();
  const first = await firstId.inputValue();
  await firstId.focus();
  // Each row has about a dozen controls: 120 presses walk well past the first screenful.
  for (let i = 0; i < 120; i += 1) await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  const label = (await focused.getAttribute('aria-label')) ?? '';
  expect(label).not.toContain(first);
  // The focused control is a row's, and it was scrolled into view.
  await expect(focused).toBeInViewport();
  expect(await focused.evaluate((el) => el.closest('li.budget-row') !== null)).toBe(true);
});

test('routing: a 2,000-turn conversation’s totals come from the engine and follow a step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/', { waitUntil: 'load' });
  await importScenario(page, 'turns.json', routingConversationScenario(2_000));
  await page.getByRole('tab', { name: 'Model routing', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Model routing', exact: true });
  const totals = panel.getByRole('status').filter({ hasText: 'Total cost' });
  await expect(totals).toBeVisible({ timeout: 60_000 });
  const total = totals
    .locator('dt', { hasText: 'Total cost' })
    .locator('xpath=following-sibling::dd');
  const before = await total.innerText();
  const slider = panel.getByRole('slider', { name: 'Idle gap between turns', exact: true });
  await slider.focus();
  for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => total.innerText(), { timeout: 30_000 }).not.toBe(before);
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // The timeline describes the very run the totals show.
  await expect(panel.getByText(/^[\d,]+ hops over 2,000 turns: /).first()).toBeAttached();
});
