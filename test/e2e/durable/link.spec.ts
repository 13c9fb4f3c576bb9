/** Opening a link never replaces saved work: the previous state stays in the history. */
import { expect, test } from '../support/fixtures.ts';
import { openHistory, outputTokens, setOutputTokens, waitSaved, watchErrors } from './helpers.ts';

const link = (value: unknown) => `./#json=${encodeURIComponent(JSON.stringify(value))}`;

test('a link opened in another tab keeps the saved work one click away', async ({ context }) => {
  const first = await context.newPage();
  const errors = watchErrors(first);
  await first.goto('./');
  await setOutputTokens(first, '4321');
  await waitSaved(first, 4_321);

  const second = await context.newPage();
  watchErrors(second);
  await second.goto(link({ v: 1, gate: { outputTokens: 9_876 } }));
  await expect(outputTokens(second)).toHaveValue('9876');
  await expect(second.getByText('Your previous work is kept in History.')).toBeVisible();

  // After a reload (the message is gone) the previous work is still in the history.
  await second.waitForTimeout(600);
  await second.reload();
  await expect(outputTokens(second)).toHaveValue('9876');
  const panel = await openHistory(second);
  await panel.getByRole('button', { name: /^Restore the state of .*: gate: 4,321 tokens/ }).click();
  await expect(outputTokens(second)).toHaveValue('4321');
  await second.getByRole('button', { name: 'Undo restore' }).click();
  await expect(outputTokens(second)).toHaveValue('9876');
  expect(errors).toEqual([]);
});
