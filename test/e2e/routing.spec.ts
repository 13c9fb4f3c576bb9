// The model-routing lab, end to end: a support chat on fixed Opus becomes a
// sticky complexity router that saves money, until the idle gap between
// turns outgrows the cache TTL and the saving disappears.

import { expect, test } from './support/fixtures.ts';

/** Reads a USD amount as the lab prints it ("$0.0678", "−$0.1131"). */
function usd(text: string): number {
  const match = /(\u2212|-)?\$([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no USD amount in ${JSON.stringify(text)}`);
  const value = Number((match[2] ?? '').replace(/,/g, ''));
  return match[1] ? -value : value;
}

test('routing: a sticky router saves money until the idle gap outgrows the cache TTL', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('tab', { name: 'Model routing', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Model routing', exact: true });
  const totals = panel.getByRole('status').filter({ hasText: 'Total cost' });
  await totals.waitFor();

  /** The amount shown beside a term of the totals. */
  const amount = async (label: string) => {
    const dd = totals.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    return usd(await dd.innerText());
  };

  // The support-chat preset: fixed Opus, Opus by default.
  const preset = panel.getByRole('combobox', { name: 'Conversation preset', exact: true });
  const supportChat = await preset
    .locator('option', { hasText: 'Support chat' })
    .getAttribute('value');
  await preset.selectOption(supportChat ?? 'support');
  const strategy = panel.getByRole('combobox', { name: 'Strategy', exact: true });
  await strategy.selectOption({ label: 'Fixed' });
  await panel
    .getByRole('combobox', { name: 'Fixed model', exact: true })
    .selectOption('claude-opus-4-6');
  await expect(panel.getByRole('combobox', { name: 'Default model', exact: true })).toHaveValue(
    'claude-opus-4-6',
  );
  await expect(totals).toContainText(/Baseline: every hop on claude-opus-4-6/);
  const fixedSaving = await amount('Saving vs. baseline');

  // Switch to a sticky complexity router: Opus for complex turns, Haiku for simple ones.
  await strategy.selectOption({ label: 'Complexity classifier' });
  await expect(
    panel.getByRole('combobox', { name: 'Model for complex turns', exact: true }),
  ).toHaveValue('claude-opus-4-6');
  await expect(
    panel.getByRole('combobox', { name: 'Model for simple turns', exact: true }),
  ).toHaveValue('claude-haiku-4-5');
  await panel.getByRole('checkbox', { name: 'Sticky with TTL', exact: true }).check();
  await expect(panel.getByLabel('Sticky TTL', { exact: true })).toHaveValue('300');
  await expect(panel.getByRole('combobox', { name: 'Cache TTL', exact: true })).toHaveValue(
    'fiveMinutes',
  );

  const saving = () => amount('Saving vs. baseline');
  await expect
    .poll(saving, { message: "the sticky router saves money at the preset's gaps" })
    .toBeGreaterThan(0);
  await expect
    .poll(saving, { message: 'and saves more than fixed Opus with its one policy' })
    .toBeGreaterThan(fixedSaving);
  const routedSaving = await saving();
  await expect(totals).toContainText(/Routing saves/);
  const total = await amount('Total cost');
  const baseline = await amount('Baseline: every hop on claude-opus-4-6');
  expect(
    Math.abs(baseline - total - routedSaving),
    `saving = baseline − total (${baseline} − ${total} vs ${routedSaving})`,
  ).toBeLessThan(0.0002);

  // Widen every idle gap past the 5-minute TTL: the stamps go stale, the
  // router abstains to Opus, and every turn starts cold.
  const gap = panel.getByLabel('Idle gap between turns', { exact: true });
  await gap.fill('600');
  await gap.press('Tab');
  await expect
    .poll(saving, { message: 'past the TTL the saving disappears' })
    .toBeLessThanOrEqual(0);
  const widenedSaving = await saving();
  expect(widenedSaving).toBeLessThan(routedSaving);
  await expect(totals).toContainText(/the saving is gone/);
  expect(
    await amount('Total cost'),
    'a cold cache on every turn costs more in total',
  ).toBeGreaterThan(total);

  // The gap sweep tells the same story in its table.
  const sweep = panel.getByRole('figure', { name: /idle gap/ });
  await sweep.getByRole('button', { name: 'Show data table' }).click();
  const firstRow = sweep.getByRole('row').nth(1);
  const lastRow = sweep.getByRole('row').last();
  const lastCellUsd = async (row: typeof firstRow) =>
    usd((await row.locator('td').last().innerText()) || '');
  await expect
    .poll(() => lastCellUsd(firstRow), { message: 'the sweep shows a saving at short gaps' })
    .toBeGreaterThan(0);
  await expect
    .poll(() => lastCellUsd(lastRow), { message: 'and none at gaps past twice the TTL' })
    .toBeLessThanOrEqual(0);
});
