/** A full storage never makes a reload show older work than the address bar. */
import { expect, test } from '../support/fixtures.ts';
import { outputTokens, setOutputTokens, waitHashFor, waitSaved, watchErrors } from './helpers.ts';

test('with storage full, a reload shows the newest work', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await setOutputTokens(page, '11111');
  await waitSaved(page, 11_111);
  await waitHashFor(page, 11_111);

  // From now on every storage write fails, as when the quota is used up.
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  await expect(outputTokens(page)).toHaveValue('11111');
  await setOutputTokens(page, '22222');
  await expect(page.getByRole('alert')).toContainText('Your work cannot be saved in this browser');
  await waitHashFor(page, 22_222);
  await page.reload();
  await expect(outputTokens(page)).toHaveValue('22222');
  expect(errors).toEqual([]);
});
