/**
 * Two tabs of one browser (two pages of one context): each keeps its own
 * work across a reload, hears the other, and both are in the history.
 */
import { expect, test } from '../support/fixtures.ts';
import {
  openHistory,
  outputTokens,
  setOutputTokens,
  waitHashFor,
  waitSaved,
  watchErrors,
} from './helpers.ts';

test('two tabs never overwrite each other', async ({ context }) => {
  const a = await context.newPage();
  const errorsA = watchErrors(a);
  await a.goto('./');
  await setOutputTokens(a, '11111');
  await waitSaved(a, 11_111);

  // A second tab opened on the site shows the latest shared work.
  const b = await context.newPage();
  const errorsB = watchErrors(b);
  await b.goto('./');
  await expect(outputTokens(b)).toHaveValue('11111');
  await setOutputTokens(b, '22222');
  await waitSaved(b, 22_222);
  const hashB = await waitHashFor(b, 22_222);

  // Tab A hears it.
  await expect(a.getByText('Another tab changed the shared save.')).toBeVisible();
  await a.screenshot({ path: 'test-results/durable/other-tab-note.png' });
  await setOutputTokens(a, '33333');
  await waitSaved(a, 33_333);
  await waitHashFor(a, 33_333);

  // A reload of each shows what that tab showed, and B's link is its own.
  await b.reload();
  await expect(outputTokens(b)).toHaveValue('22222');
  await b.waitForTimeout(500);
  expect(new URL(b.url()).hash).toBe(hashB);
  await a.reload();
  await expect(outputTokens(a)).toHaveValue('33333');

  // B's history holds A's work too, one click away.
  const panel = await openHistory(b);
  await expect(panel.getByText('another tab').first()).toBeVisible();
  await panel
    .getByRole('button', { name: /^Restore the state of .*: gate: 33,333 tokens/ })
    .click();
  await expect(outputTokens(b)).toHaveValue('33333');
  await b.getByRole('button', { name: 'Undo restore' }).click();
  await expect(outputTokens(b)).toHaveValue('22222');
  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
});

test('a tab opened before the other edits keeps its own first change', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  const errors = [...watchErrors(a), ...watchErrors(b)];
  await a.goto('./');
  await b.goto('./');
  await expect(outputTokens(b)).toHaveValue('40000');
  await setOutputTokens(a, '11111');
  await waitSaved(a, 11_111);
  await expect(b.getByText('Another tab changed the shared save.')).toBeVisible();
  // B's first change is B's work: A's save does not replace it.
  await setOutputTokens(b, '22222');
  await waitSaved(b, 22_222);
  await expect(outputTokens(b)).toHaveValue('22222');
  await b.reload();
  await expect(outputTokens(b)).toHaveValue('22222');
  await a.reload();
  await expect(outputTokens(a)).toHaveValue('11111');
  expect(errors).toEqual([]);
});
