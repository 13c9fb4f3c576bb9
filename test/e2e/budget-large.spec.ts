// Thousands of prompt rows, end to end: the decision names how many rows are
// dropped and opens every id from the keyboard; the compiled bar draws a
// bounded number of shapes; a budget step made just before a reload is
// kept (the slow save waits for idle time, and leaving the page saves at once).

import { admitWithinBudget } from '../../src/core/index.ts';
import { budgetRowsScenario } from '../../bench/ui-scenarios.mjs';
import { expect, test } from './support/fixtures.ts';

const ROWS = 3_000;

test('budget: thousands of rows, every dropped id one Show all away, and a step survives a reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const scenario = budgetRowsScenario(ROWS) as {
    budget: {
      rows: { contributionId: string; tokens: number; pinned: boolean; tier: string }[];
      maxTotalTokens: number;
    };
  };
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Import / export', exact: true }).click();
  await page.getByLabel('Import scenario file', { exact: true }).setInputFiles({
    name: 'rows.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(page.getByText(/Loaded the scenario from/).first()).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prompt budget', exact: true });
  const decision = panel.getByRole('region', { name: 'Decision' });
  await expect(decision.getByRole('status')).toContainText('Compiles', { timeout: 60_000 });
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });

  // The page's table is in compiled order; the core's report on the page's budget.
  const count = Number(
    (await panel.getByRole('status').filter({ hasText: 'admitted:' }).innerText())
      .match(/of ([\d,]+) rows/)?.[1]
      ?.replace(/,/g, ''),
  );
  expect(count).toBe(ROWS);
  const shown = await decision.getByRole('status').innerText();
  const dropped = shown.match(/Dropped: (.*?), … and ([\d,]+) more/);
  expect(dropped, 'the decision cuts the list of dropped ids').not.toBeNull();
  const more = Number(dropped?.[2]?.replace(/,/g, ''));
  const first = (dropped?.[1] ?? '').split(', ');
  const total = first.length + more;
  expect(total).toBeGreaterThan(first.length);

  // Show all, from the keyboard: every dropped id in a focusable box.
  const show = decision.getByRole('button', {
    name: `Show all ${total.toLocaleString('en-US')} dropped rows`,
  });
  await show.focus();
  await page.keyboard.press('Enter');
  const all = decision.getByRole('region', {
    name: `All ${total.toLocaleString('en-US')} dropped rows`,
  });
  await expect(all).toBeVisible();
  const ids = (await all.innerText()).split(', ');
  expect(ids).toHaveLength(total);
  expect(ids.slice(0, first.length)).toEqual(first);
  await page.keyboard.press('Tab');
  await expect(all).toBeFocused();

  // The core agrees on how many rows are dropped at this budget (rows in compiled order).
  const order = ['stable', 'session', 'perTurn'];
  const compiled = [...scenario.budget.rows]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order.indexOf(a.r.tier) - order.indexOf(b.r.tier) || a.i - b.i)
    .map(({ r }, position) => ({
      contributionId: r.contributionId,
      position,
      tokens: r.tokens,
      pinned: r.pinned,
    }));
  const report = admitWithinBudget(compiled, {
    maxTotalTokens: scenario.budget.maxTotalTokens,
  }).report;
  expect(ids).toEqual(report.dropped);

  // The compiled bar: a bounded number of shapes for thousands of rows.
  const bar = panel.getByRole('figure', { name: 'Compiled prompt against the budget' });
  const shapes = await bar.locator('.chart-seg').count();
  expect(shapes).toBeGreaterThan(0);
  expect(shapes).toBeLessThan(ROWS / 2);

  // A step, then a reload at once: the step is kept.
  const slider = panel.getByRole('slider', { name: 'Budget', exact: true });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  const budget = await panel.getByLabel('Budget', { exact: true }).inputValue();
  expect(Number(budget)).not.toBe(scenario.budget.maxTotalTokens);
  await page.reload();
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  await expect(page.getByLabel('Budget', { exact: true })).toHaveValue(budget, {
    timeout: 60_000,
  });
});
