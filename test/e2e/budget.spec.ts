// The prompt-budget explorer in a real browser: drag the budget down until
// the compile fails (the core's BudgetExceededError message appears in the
// status region), then unpin a row and see the compile succeed. At every stop
// the admitted and dropped rows on the page are compared with the core.

import type { Page } from '@playwright/test';
import { admitWithinBudget, BudgetExceededError } from '../../src/core/index.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };

/** The explorer's decision region (the shell has a status region of its own). */
const decision = (page: Page) => page.getByRole('tabpanel').getByRole('status');

async function openBudget(page: Page) {
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  await page.getByRole('slider', { name: 'Budget', ...EXACT }).waitFor();
}

interface ShownRow {
  id: string;
  tokens: number;
  status: string;
}

/** The results table as data: rows in compiled order with tokens and status. */
async function tableRows(page: Page): Promise<ShownRow[]> {
  const table = page.getByRole('table', { name: 'Rows in compiled order' });
  const headers = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const col = (name: string) => headers.indexOf(name);
  const rows: ShownRow[] = [];
  for (const tr of await table.locator('tbody tr').all()) {
    const cells = (await tr.locator('th, td').allInnerTexts()).map((t) => t.trim());
    rows.push({
      id: cells[col('Id')] ?? '',
      tokens: Number((cells[col('Tokens')] ?? '').replace(/[^0-9]/g, '')),
      status: (cells[col('Status')] ?? '').split(/\s+/)[0] ?? '',
    });
  }
  return rows;
}

/** Pinned-ness from the row editor's checkboxes (the table says "Pinned" too, but the editor is the input). */
async function isPinned(page: Page, id: string) {
  return page.getByRole('checkbox', { name: `Pinned: ${id}`, ...EXACT }).isChecked();
}

type Comparison =
  | { ok: true; budget: number; report: ReturnType<typeof admitWithinBudget>['report'] }
  | { ok: false; budget: number; error: BudgetExceededError };

/**
 * Asks the core what the page's rows under the page's budget should give and
 * checks the page shows exactly that.
 */
async function compareWithCore(page: Page): Promise<Comparison> {
  const shown = await tableRows(page);
  const budget = Number(await page.getByLabel('Budget', EXACT).inputValue());
  const rows = [];
  for (const [position, row] of shown.entries()) {
    rows.push({
      contributionId: row.id,
      position,
      tokens: row.tokens,
      pinned: await isPinned(page, row.id),
    });
  }
  const status = await decision(page).innerText();
  try {
    const { report } = admitWithinBudget(rows, { maxTotalTokens: budget });
    expect(status, `budget ${budget}: the page should compile`).toMatch(/Compiles/);
    const dropped = new Set(report.dropped);
    for (const [i, row] of shown.entries()) {
      const expected = rows[i]?.pinned ? 'Pinned' : dropped.has(row.id) ? 'Dropped' : 'Admitted';
      expect(row.status, `budget ${budget}: status of ${row.id}`).toBe(expected);
    }
    return { ok: true, budget, report };
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    expect(
      status.includes(error.message),
      `budget ${budget}: the status should show the core's message:\n${error.message}\ngot:\n${status}`,
    ).toBe(true);
    return { ok: false, budget, error };
  }
}

/**
 * Drags the Budget slider's thumb left a few pixels at a time until `done()`
 * says stop (or the slider's left end is reached).
 */
async function dragBudgetDown(page: Page, done: () => Promise<boolean>) {
  const slider = page.getByRole('slider', { name: 'Budget', ...EXACT });
  const box = await slider.boundingBox();
  if (!box) throw new Error('the Budget slider is not visible');
  // The thumb sits at the slider's data-position (0–1) along its width.
  const position = await slider.evaluate((el) => Number(el.getAttribute('data-position')));
  let x = box.x + position * box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  try {
    while (x > box.x) {
      x -= 6;
      await page.mouse.move(x, y, { steps: 2 });
      if (await done()) return;
    }
  } finally {
    await page.mouse.up();
  }
}

test.describe('budget', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('budget: dragging the budget down fails the compile, unpinning a row fixes it', async ({
    page,
    note,
  }) => {
    // Dragging step by step on a loaded machine takes a while.
    test.setTimeout(120_000);
    await openBudget(page);
    // A known starting point, whatever a previous visit left behind.
    await page.getByRole('button', { name: 'Start from a typical agent prompt' }).click();
    const unbounded = page.getByRole('checkbox', { name: 'Unbounded', ...EXACT });
    if (await unbounded.isChecked()) await unbounded.uncheck();
    await page.getByLabel('Budget', EXACT).fill('10000');

    const start = await compareWithCore(page);
    expect(start.ok, 'the typical prompt compiles at 10,000 tokens').toBe(true);
    if (start.ok)
      expect(start.report.dropped.length, 'something is dropped at 10,000 tokens').toBeGreaterThan(
        0,
      );

    // Drag the budget down until the compile fails, checking the page on the way.
    let stops = 0;
    await dragBudgetDown(page, async () => {
      stops += 1;
      const status = await decision(page).innerText();
      if (stops % 5 === 0 || status.includes('pinned contributions')) await compareWithCore(page);
      return status.includes('pinned contributions');
    });
    note(`dragged the budget down in ${stops} steps`);
    const failed = await compareWithCore(page);
    expect(failed.ok, 'dragging the budget down makes the compile fail').toBe(false);
    const status = decision(page);
    await status.getByText('Compile fails').waitFor();
    await expect(status).toContainText(/raise the budget by [\d,]+ tokens/);

    // The pinned rows are highlighted in the table.
    const table = page.getByRole('table', { name: 'Rows in compiled order' });
    if (!failed.ok) {
      for (const id of failed.error.pinnedIds) {
        await table.getByRole('row').filter({ hasText: id }).getByText('over budget').waitFor();
      }
    }

    // Unpin the row the page offers and see the compile succeed.
    const wayOut = (await status.innerText()).match(/Two ways out: .*, or unpin ([^ ,.]+)/)?.[1];
    expect(wayOut, 'the page names a row to unpin').toBeTruthy();
    await page.getByRole('checkbox', { name: `Pinned: ${wayOut}`, ...EXACT }).uncheck();
    await status.getByText('Compiles').waitFor();
    const after = await compareWithCore(page);
    expect(after.ok, `unpinning ${wayOut} lets the prompt compile`).toBe(true);
  });

  /** Reorder, duplicate and remove rows from the keyboard, and drag one within its tier. */
  test('budget: rowEditor', async ({ page }) => {
    await openBudget(page);
    await page.getByRole('button', { name: 'Start from a typical agent prompt' }).click();
    const order = async () => (await tableRows(page)).map((r) => r.id);
    expect((await order()).slice(3, 6)).toEqual(['memory', 'retrieved-docs', 'history']);

    // Keyboard: Move history up twice; the focus follows the row.
    await page.getByRole('button', { name: 'Move history up', ...EXACT }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await order()).slice(3, 6))
      .toEqual(['history', 'memory', 'retrieved-docs']);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Move history up');

    // Duplicate, then remove the copy.
    await page.getByRole('button', { name: 'Duplicate memory', ...EXACT }).click();
    await expect.poll(order).toContain('memory-copy');
    await page.getByRole('button', { name: 'Remove memory-copy', ...EXACT }).click();
    await expect.poll(order).not.toContain('memory-copy');

    // A duplicate id is refused with a message; the row keeps its id.
    const idField = page.getByLabel('Id of persona', EXACT);
    await idField.fill('memory');
    await page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    expect(await order()).toContain('persona');
    await page.getByLabel('Id of persona', EXACT).fill('persona');

    // Drag retrieved-docs onto history (same tier): it moves above it.
    const handle = (id: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Remove ${id}`, ...EXACT }) });
    await handle('retrieved-docs').locator('.drag-handle').dragTo(handle('history'));
    await expect
      .poll(async () => (await order()).slice(3, 6))
      .toEqual(['retrieved-docs', 'history', 'memory']);
  });
});
