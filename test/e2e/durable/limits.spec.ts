/**
 * Nothing is accepted that a reload would refuse: imports, pasted text and
 * links beyond the limits are refused where they are entered, and parsing
 * never throws, whatever the nesting.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { outputTokens, setOutputTokens, waitSaved, watchErrors } from './helpers.ts';

function priceFile(entries: Record<string, Record<string, unknown>>): Buffer {
  return Buffer.from(JSON.stringify(entries));
}

async function importPrices(page: Page, name: string, body: Buffer): Promise<void> {
  await page.getByRole('tab', { name: 'Prices', exact: true }).click();
  await page.getByLabel('Import LiteLLM price file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: body,
  });
}

/** After a reload nothing says the work could not be opened. */
async function expectCleanReload(page: Page): Promise<void> {
  await page.waitForTimeout(600);
  await page.reload();
  await expect(
    outputTokens(page).or(page.getByRole('tab', { name: 'Prices', exact: true })),
  ).toHaveCount(1);
  await page.waitForTimeout(300);
  await expect(page.getByText(/could not be (opened|restored)/)).toHaveCount(0);
}

test('a price file with a context window of 1e300 is refused where it is imported', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await setOutputTokens(page, '12345');
  await importPrices(
    page,
    'prices.json',
    priceFile({
      'ok-model': {
        input_cost_per_token: 1e-6,
        output_cost_per_token: 2e-6,
        litellm_provider: 'x',
      },
      'huge-model': {
        input_cost_per_token: 1e-6,
        output_cost_per_token: 2e-6,
        max_input_tokens: 1e300,
        litellm_provider: 'x',
      },
    }),
  );
  await expect(page.getByRole('alert')).toContainText(
    'maxInputTokens: at most 1,000,000,000 tokens',
  );
  await expect(page.getByRole('alert')).toContainText('huge-model');
  await expectCleanReload(page);
  await page.getByRole('tab', { name: 'Offload gate', exact: true }).click();
  await expect(outputTokens(page)).toHaveValue('12345');
  expect(errors).toEqual([]);
});

test('6,000 models are refused naming the limit', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  const entries: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < 6_000; i++) {
    entries[`model-${i}`] = { input_cost_per_token: 1e-6, output_cost_per_token: 2e-6 };
  }
  await importPrices(page, 'many.json', priceFile(entries));
  await expect(page.getByRole('alert')).toContainText('at most 5,000 models');
  await expectCleanReload(page);
  expect(errors).toEqual([]);
});

test('megabytes of model names are refused', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  const entries: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < 1_000; i++) {
    entries[`${'m'.repeat(2_800)}-${i}`] = {
      input_cost_per_token: 1e-6,
      output_cost_per_token: 2e-6,
    };
  }
  await importPrices(page, 'names.json', priceFile(entries));
  await expect(page.getByRole('alert')).toContainText('at most 256 characters');
  await expectCleanReload(page);
  expect(errors).toEqual([]);
});

test('pasting 2.24 MB into a row is refused, and so is a link the app could not open', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  const toggle = page.getByRole('checkbox', { name: /^Estimate from text:/ }).first();
  await toggle.check();
  const text = page.getByRole('textbox', { name: /^Text for / }).first();
  await text.fill('x'.repeat(2_240_000));
  await expect(page.getByRole('alert').first()).toContainText('at most 1,000,000 characters');
  await expect(text).toHaveValue('');
  await expectCleanReload(page);

  // Text that compresses badly: a valid scenario, but too long for a link.
  await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
  await page
    .getByRole('checkbox', { name: /^Estimate from text:/ })
    .first()
    .check();
  let noise = '';
  let seed = 7;
  while (noise.length < 700_000) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    noise += String.fromCharCode(97 + ((seed >>> 0) % 26));
  }
  await page
    .getByRole('textbox', { name: /^Text for / })
    .first()
    .fill(noise);
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Share link', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'too large for a link' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export JSON file instead' })).toBeVisible();
  await expect(page.getByText('Link copied')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/durable/share-refused.png' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON file instead' }).click();
  expect((await download).suggestedFilename()).toBe('context-cost-scenario.json');
  expect(errors).toEqual([]);
});

function deepStrategy(depth: number): unknown {
  let strategy: unknown = { kind: 'none' };
  for (let i = 0; i < depth; i++) strategy = { kind: 'sticky', inner: strategy, ttlSeconds: 60 };
  return strategy;
}

test('a strategy nested 2,000 levels deep is refused with a message, never thrown', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await page.getByRole('button', { name: 'Import / export', exact: true }).click();
  const deep = JSON.stringify({ v: 1, routing: { scenario: { strategy: deepStrategy(2_000) } } });
  await page.getByLabel('Paste scenario JSON').fill(deep);
  await page.getByRole('button', { name: 'Load pasted scenario' }).click();
  await expect(page.getByRole('alert')).toContainText('nested too deeply');
  expect(errors).toEqual([]);
});

test('a deep value in the pinned-A slot never stops the main save from loading', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const deep = JSON.stringify({ v: 1, routing: { scenario: { strategy: deepStrategy(2_000) } } });
  const saved = JSON.stringify({ v: 1, gate: { outputTokens: 4_321 } });
  await page.addInitScript(
    ([pinned, main]) => {
      if (sessionStorage.getItem('seeded') === null) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('cce:compare-a:v1', pinned!);
        localStorage.setItem('cce:scenario:v1', main!);
      }
    },
    [deep, saved],
  );
  await page.goto('./');
  await expect(outputTokens(page)).toHaveValue('4321');
  await setOutputTokens(page, '4322');
  await waitSaved(page, 4_322);
  expect(errors).toEqual([]);
});
