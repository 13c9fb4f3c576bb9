// The model-routing lab, end to end: a support chat on fixed Opus becomes a
// sticky complexity router that saves money, until the idle gap between
// turns outgrows the cache TTL and the saving disappears.

/**
 * Reads a USD amount as the lab prints it ("$0.0678", "−$0.1131").
 * @param {string} text
 */
function usd(text) {
  const match = /(\u2212|-)?\$([\d,]+(?:\.\d+)?)/.exec(text);
  if (!match) throw new Error(`no USD amount in ${JSON.stringify(text)}`);
  const value = Number(match[2].replace(/,/g, ''));
  return match[1] ? -value : value;
}

/**
 * Retries a check until it passes (the page updates after each input).
 * @template T
 * @param {() => Promise<T>} check
 */
async function eventually(check, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** @param {import('playwright-core').Page} page @param {{ baseUrl: string, assert: typeof import('node:assert/strict') }} ctx */
export default async function routingJourney(page, { baseUrl, assert }) {
  if (!page.url().startsWith(baseUrl)) await page.goto(baseUrl);
  await page.getByRole('tab', { name: 'Model routing', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Model routing', exact: true });
  const totals = panel.getByRole('status').filter({ hasText: 'Total cost' });
  await totals.waitFor();

  /** The amount shown beside a term of the totals. */
  const amount = async (/** @type {string} */ label) => {
    const dd = totals.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    return usd(await dd.innerText());
  };

  // The support-chat preset: fixed Opus, Opus by default.
  const preset = panel.getByRole('combobox', { name: 'Preset', exact: true });
  const supportChat = await preset
    .locator('option', { hasText: 'Support chat' })
    .getAttribute('value');
  await preset.selectOption(supportChat ?? 'support');
  const strategy = panel.getByRole('combobox', { name: 'Strategy', exact: true });
  await strategy.selectOption({ label: 'Fixed' });
  await panel
    .getByRole('combobox', { name: 'Fixed model', exact: true })
    .selectOption('claude-opus-4-6');
  assert.equal(
    await panel.getByRole('combobox', { name: 'Default model', exact: true }).inputValue(),
    'claude-opus-4-6',
  );
  await eventually(async () =>
    assert.match(await totals.innerText(), /Baseline: every hop on claude-opus-4-6/),
  );
  const fixedSaving = await amount('Saving vs. baseline');

  // Switch to a sticky complexity router: Opus for complex turns, Haiku for simple ones.
  await strategy.selectOption({ label: 'Complexity classifier' });
  assert.equal(
    await panel
      .getByRole('combobox', { name: 'Model for complex turns', exact: true })
      .inputValue(),
    'claude-opus-4-6',
  );
  assert.equal(
    await panel.getByRole('combobox', { name: 'Model for simple turns', exact: true }).inputValue(),
    'claude-haiku-4-5',
  );
  await panel.getByRole('checkbox', { name: 'Sticky with TTL', exact: true }).check();
  assert.equal(await panel.getByLabel('Sticky TTL', { exact: true }).inputValue(), '300');
  assert.equal(
    await panel.getByRole('combobox', { name: 'Cache TTL', exact: true }).inputValue(),
    'fiveMinutes',
  );

  const routedSaving = await eventually(async () => {
    const saving = await amount('Saving vs. baseline');
    assert.ok(saving > 0, `the sticky router saves money at the preset's gaps (saving ${saving})`);
    assert.ok(saving > fixedSaving, 'and saves more than fixed Opus with its one policy');
    return saving;
  });
  assert.match(await totals.innerText(), /Routing saves/);
  const total = await amount('Total cost');
  const baseline = await amount('Baseline: every hop on claude-opus-4-6');
  assert.ok(
    Math.abs(baseline - total - routedSaving) < 0.0002,
    `saving = baseline − total (${baseline} − ${total} vs ${routedSaving})`,
  );

  // Widen every idle gap past the 5-minute TTL: the stamps go stale, the
  // router abstains to Opus, and every turn starts cold.
  const gap = panel.getByLabel('Idle gap between turns', { exact: true });
  await gap.fill('600');
  await gap.press('Tab');
  const widenedSaving = await eventually(async () => {
    const saving = await amount('Saving vs. baseline');
    assert.ok(saving <= 0, `past the TTL the saving disappears (saving ${saving})`);
    return saving;
  });
  assert.ok(widenedSaving < routedSaving);
  assert.match(await totals.innerText(), /the saving is gone/);
  assert.ok((await amount('Total cost')) > total, 'a cold cache on every turn costs more in total');

  // The gap sweep tells the same story in its table.
  const sweep = panel.getByRole('figure', { name: /idle gap/ });
  await sweep.getByRole('button', { name: 'Show data table' }).click();
  const firstRow = sweep.getByRole('row').nth(1);
  const lastRow = sweep.getByRole('row').last();
  await eventually(async () => {
    const shortGapSaving = usd((await firstRow.locator('td').last().innerText()) || '');
    const longGapSaving = usd((await lastRow.locator('td').last().innerText()) || '');
    assert.ok(shortGapSaving > 0, 'the sweep shows a saving at short gaps');
    assert.ok(longGapSaving <= 0, 'and none at gaps past twice the TTL');
  });
}
