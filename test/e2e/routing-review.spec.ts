// The design review of the routing and budget tabs, end to end: the results
// stay in view while the conversation or the rows are edited (a sticky line
// on a wide screen, a bar on a phone), long editors fold, a bulk edit of the
// conversation can be undone, the strategies are compared on the current
// conversation, the TTL cliff is placed between two sampled seconds, and the
// lab's preset select drops its name when the scenario bar loads another.

import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function openRouting(page: Page) {
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('tab', { name: 'Model routing', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Model routing', exact: true });
  await panel.getByRole('status').filter({ hasText: 'Total cost' }).waitFor();
  return panel;
}

/** The "Total cost" the Totals card shows. */
async function totalCost(page: Page): Promise<string> {
  const totals = page.getByRole('status').filter({ hasText: 'Total cost' });
  return totals
    .locator('dt', { hasText: 'Total cost' })
    .locator('xpath=following-sibling::dd')
    .innerText();
}

for (const [name, viewport] of [
  ['wide', WIDE],
  ['phone', PHONE],
] as const) {
  test(`routing (${name}): the totals stay in view while a hop is edited`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const panel = await openRouting(page);
    const summary = panel.getByRole('region', { name: 'Routing summary' });
    // Hop 1 of the first turn, far down the editor.
    const hop = panel.getByRole('group', { name: 'Hop 1' });
    const output = hop.getByLabel('Output tokens', { exact: true });
    await output.scrollIntoViewIfNeeded();
    await expect(panel.getByRole('heading', { name: 'Totals' })).not.toBeInViewport();
    await expect(summary).toBeInViewport();
    const box = await summary.boundingBox();
    await output.fill('4000');
    await output.press('Tab');
    await expect(summary).toContainText(`Total ${await totalCost(page)}`);
    await expect(summary).toBeInViewport();
    // The line did not move or grow when the figures changed.
    expect(await summary.boundingBox()).toEqual(box);
    await page.screenshot({ path: test.info().outputPath(`routing-editing-${name}.png`) });
  });
}

test('routing: setting every idle gap can be undone, and long editors fold', async ({ page }) => {
  await page.setViewportSize(WIDE);
  const panel = await openRouting(page);
  const turnSelect = panel.getByRole('combobox', { name: 'Turn to edit', exact: true });
  const labels = async () => (await turnSelect.locator('option').allInnerTexts()).join(' | ');
  const before = await labels();
  expect(before).toContain('gap 45 s');
  expect(before).toContain('gap 240 s');
  const gap = panel.getByRole('spinbutton', { name: 'Idle gap between turns', exact: true });
  await gap.fill('319');
  await gap.press('Tab');
  const note = panel.getByRole('status').filter({ hasText: "Set every turn's idle gap to 319 s." });
  await expect(note).toBeVisible();
  await expect.poll(labels).not.toContain('gap 45 s');
  await note.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(labels).toBe(before);

  const toggle = panel.getByRole('button', { name: 'Conversation', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(gap).toBeHidden();
  await toggle.click();
  await expect(gap).toBeVisible();
});

test('routing: the sticky preset compares strategies and places the TTL cliff between two seconds', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const panel = await openRouting(page);
  const preset = panel.getByRole('combobox', { name: 'Conversation preset', exact: true });
  await expect(preset).toHaveValue('support');
  await page
    .getByRole('combobox', { name: 'Presets' })
    .selectOption({ label: 'Sticky router (around a complexity classifier)' });
  // The scenario bar loaded another routing: the lab's select no longer names the support chat.
  await expect(preset).toHaveValue('');

  const card = panel.getByRole('region', { name: /Does sticky save money/ });
  await expect(card).toContainText(
    /No: on this conversation the sticky classifier costs \$[\d.]+, \$[\d.]+ \([\d.]+%\) more than the plain classifier/,
  );
  await expect(card.getByRole('row', { name: /Sticky classifier/ })).toContainText('your routing');

  const sentence = panel.getByText(/the cliff lies between/);
  await expect(sentence).toContainText('every second between', { timeout: 15_000 });
  const text = await sentence.innerText();
  const match =
    /up to (\d+) s and costs more from (\d+) s: the cliff lies between \1 s and \2 s/.exec(text);
  expect(match, text).not.toBeNull();
  expect(Number(match?.[2]) - Number(match?.[1])).toBe(1);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('routing-strategies.png') });
});

for (const [name, viewport] of [
  ['wide', WIDE],
  ['phone', PHONE],
] as const) {
  test(`budget (${name}): the decision stays in view while a row is edited`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
    const panel = page.getByRole('tabpanel', { name: 'Prompt budget', exact: true });
    const summary = panel.getByRole('region', { name: 'Budget summary' });
    const tokens = panel.getByLabel('Tokens for history', { exact: true });
    await tokens.scrollIntoViewIfNeeded();
    await expect(summary).toBeInViewport();
    await tokens.fill('200');
    await tokens.press('Tab');
    await expect(summary).toContainText('tokens');
    await expect(summary).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath(`budget-editing-${name}.png`) });
  });
}
