/** A save from a newer version is kept as it was, shown as such, and can be downloaded. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { openHistory, outputTokens, setOutputTokens, waitSaved, watchErrors } from './helpers.ts';

const NEWER = JSON.stringify({ v: 2, gate: { outputTokens: 777 }, futureField: [1, 2, 3] });

test('a newer-version save survives an edit and a reload', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript((text) => {
    if (sessionStorage.getItem('seeded') === null) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cce:scenario:v1', text);
    }
  }, NEWER);
  await page.goto('./');
  await expect(page.getByRole('alert')).toContainText('newer version');
  await expect(page.getByRole('alert')).toContainText('kept as it was in History');
  await page.screenshot({ path: 'test-results/durable/newer-version-message.png' });
  await setOutputTokens(page, '5555');
  await waitSaved(page, 5_555);
  await page.reload();
  await expect(outputTokens(page)).toHaveValue('5555');

  const panel = await openHistory(page);
  const kept = panel.getByRole('listitem').filter({ hasText: 'cannot be opened here' });
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('newer version');
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await kept.getByRole('button', { name: /^Download/ }).click();
  const file = await (await download).path();
  expect(await readFile(file, 'utf8')).toBe(NEWER);
  await page.screenshot({ path: 'test-results/durable/history-panel.png' });
  expect(errors).toEqual([]);
});

test('a newer-version save another tab writes while this one is open is kept, not overwritten', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await setOutputTokens(page, '4444');
  await waitSaved(page, 4_444);
  // A tab of a newer version saves: the shared save changes under this tab
  // (its message, if any, is in a format this version does not know).
  await page.evaluate((text) => localStorage.setItem('cce:scenario:v1', text), NEWER);
  await setOutputTokens(page, '6666');
  await expect(page.getByRole('alert')).toContainText(
    'Another tab saved a scenario this version cannot read',
  );
  const panel = await openHistory(page);
  const kept = panel.getByRole('listitem').filter({ hasText: 'cannot be opened here' });
  await expect(kept).toHaveCount(1);
  const download = page.waitForEvent('download');
  await kept.getByRole('button', { name: /^Download/ }).click();
  expect(await readFile(await (await download).path(), 'utf8')).toBe(NEWER);
  expect(errors).toEqual([]);
});
