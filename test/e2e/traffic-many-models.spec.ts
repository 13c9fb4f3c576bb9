// A trace naming 100,000 distinct models (a fine-tune per customer, say),
// imported in a real browser: the traffic tab lists the 20 models with the
// most calls and counts the rest, the replay's mapping has a select for the
// 12 busiest, and a filter finds any other. The main thread's longest task
// and the page's JavaScript heap are logged as measurements, never asserted.

import { writeFileSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';
import { openTab } from './support/app.ts';
import { longTasks, watchLongTasks } from './support/long-tasks.ts';

const MODELS = 100_000;

function manyModelsTrace(models: number): string {
  const lines: string[] = [];
  const line = (i: number, model: string) =>
    JSON.stringify({
      type: 'assistant',
      sessionId: `many-${Math.floor(i / 50)}`,
      timestamp: new Date(Date.UTC(2026, 4, 4) + i * 1000).toISOString(),
      requestId: `req_${i}`,
      message: { model, id: `msg_${i}`, usage: { input_tokens: 10, output_tokens: 20 } },
    });
  for (let i = 0; i < 5; i++) lines.push(line(i, 'claude-sonnet-4-5'));
  for (let i = 0; i < models; i++) lines.push(line(5 + i, `ft:acme-${i}`));
  return lines.join('\n') + '\n';
}

test('traffic: 100,000 distinct models are listed by the busiest, counted, and found', async ({
  page,
  note,
}) => {
  test.setTimeout(240_000);
  await page.goto('/', { waitUntil: 'load' });
  const panel = await openTab(page, 'Your traffic');
  await expect(panel.getByText(/No traffic yet/)).toBeVisible({ timeout: 15_000 });
  const file = test.info().outputPath('many-models.jsonl');
  writeFileSync(file, manyModelsTrace(MODELS));
  await watchLongTasks(page);
  await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(file);
  const table = panel.getByRole('table', { name: 'Models in the traffic' });
  await expect(table).toBeVisible({ timeout: 180_000 });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(
    panel.getByText(
      'Showing the 20 models with the most calls of 100,001. The other 99,981 models (99,981 calls) are in every figure.',
    ),
  ).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Replay under other choices' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel.getByRole('combobox', { name: / runs on$/ })).toHaveCount(12);
  const tasks = await longTasks(page);
  const settled = await page.evaluate(() => {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return {
      heapMB: memory === undefined ? null : memory.usedJSHeapSize / 1e6,
      nodes: document.getElementsByTagName('*').length,
    };
  });
  // Any model of the 100,000 is one filter away.
  await panel.getByRole('searchbox', { name: 'Find a model', exact: true }).fill('acme-99999');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('rowheader')).toHaveText('ft:acme-99999');
  await expect(
    panel.getByRole('button', { name: 'Add a price row for ft:acme-99999' }),
  ).toBeVisible();
  const longest = Math.max(0, ...tasks);
  note(
    `${MODELS.toLocaleString('en-US')} models: longest main-thread task ${longest.toFixed(0)} ms ` +
      `(${tasks.length} over 50 ms); JS heap ${settled.heapMB?.toFixed(0) ?? 'n/a'} MB; ${settled.nodes} elements`,
  );
  test.info().annotations.push({
    type: 'measurement',
    description: `100,000 models: longest task ${longest.toFixed(0)} ms, heap ${settled.heapMB?.toFixed(0) ?? 'n/a'} MB, ${settled.nodes} elements`,
  });
});
