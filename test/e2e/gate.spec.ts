// The offload-gate explorer in a real browser: the page shows what the core
// computes, the decision flips across T*, the model select and the price-file
// import change the numbers, and everything works from the keyboard.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  breakEven,
  DEFAULT_PRICING,
  evaluateOffloadGate,
  importLiteLlmPrices,
  resolveGateInputs,
} from '../../src/core/index.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };

async function openGate(page: Page) {
  await page.getByRole('tab', { name: 'Offload gate', exact: true }).click();
  await page.getByRole('slider', { name: 'Output tokens', ...EXACT }).waitFor();
}

async function setNumber(page: Page, label: string, value: number) {
  const field = page.getByLabel(label, EXACT);
  await field.fill(String(value));
  await field.press('Tab');
}

async function numberValue(page: Page, label: string) {
  return Number(await page.getByLabel(label, EXACT).inputValue());
}

async function pageInputs(page: Page) {
  return {
    outputTokens: await numberValue(page, 'Output tokens'),
    horizon: await numberValue(page, 'Horizon'),
    recallProbability: await numberValue(page, 'Recall probability'),
    modelName: await page.getByRole('combobox', { name: 'Model', exact: true }).inputValue(),
    largeOffloadThresholdTokens: await numberValue(page, 'Large offload threshold'),
    stubTokens: await numberValue(page, 'Stub tokens'),
    recallInputTokens: await numberValue(page, 'Recall input tokens'),
    recallOutputTokens: await numberValue(page, 'Recall output tokens'),
  };
}

const reasonOf = (page: Page) => page.getByTestId('gate-reason');
const verdictOf = (page: Page) => page.locator('.verdict-label');
const reason = async (page: Page) => (await reasonOf(page).innerText()).trim();
const verdict = async (page: Page) => (await verdictOf(page).innerText()).trim();

test.describe('gate', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('gate: the page shows what the core computes', async ({ page }) => {
    await openGate(page);
    await setNumber(page, 'Output tokens', 40000);
    await setNumber(page, 'Horizon', 6);
    await setNumber(page, 'Recall probability', 0.3);
    const expected = evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING);
    await expect(reasonOf(page)).toHaveText(expected.reason);
    await expect(verdictOf(page)).toHaveText(expected.fire ? 'Offload' : 'Keep inline');
  });

  test('gate: dragging the output size across T* flips the decision', async ({ page }) => {
    await openGate(page);
    // Make T* the deciding boundary: no pre-filter, short horizon, certain recall.
    await setNumber(page, 'Large offload threshold', 0);
    await setNumber(page, 'Horizon', 1);
    await setNumber(page, 'Recall probability', 1);
    await setNumber(page, 'Output tokens', 20000);
    const inputs = await pageInputs(page);
    const tStar = breakEven(resolveGateInputs(inputs), DEFAULT_PRICING).sizeTokens;
    expect(tStar !== null && tStar > 1000 && tStar < 20000, `T* = ${tStar}`).toBe(true);
    await expect(verdictOf(page)).toHaveText('Offload');

    const slider = page.getByRole('slider', { name: 'Output tokens', exact: true });
    const box = await slider.boundingBox();
    expect(box).not.toBeNull();
    if (box === null) return;
    const y = box.y + box.height / 2;
    const current = await slider.evaluate((el) => Number(el.getAttribute('data-position')));
    await page.mouse.move(box.x + box.width * current, y);
    await page.mouse.down();
    let flipped = false;
    for (let f = current; f >= 0.05; f -= 0.02) {
      await page.mouse.move(box.x + box.width * f, y, { steps: 2 });
      const tokens = await numberValue(page, 'Output tokens');
      const core = evaluateOffloadGate({ ...inputs, outputTokens: tokens }, DEFAULT_PRICING);
      await expect(verdictOf(page), `at ${tokens} tokens`).toHaveText(
        core.fire ? 'Offload' : 'Keep inline',
      );
      await expect(reasonOf(page)).toHaveText(core.reason);
      if (tStar !== null && tokens < tStar) {
        expect(
          await verdict(page),
          `below T* (${tStar}) the gate keeps ${tokens} tokens inline`,
        ).toBe('Keep inline');
        flipped = true;
        break;
      }
    }
    await page.mouse.up();
    expect(flipped, 'the drag crossed T*').toBe(true);
  });

  test('gate: changing the model changes the numbers', async ({ page }) => {
    await openGate(page);
    const before = await reason(page);
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('gpt-4.1-nano');
    await expect(reasonOf(page)).not.toHaveText(before);
    await expect(reasonOf(page)).toHaveText(
      evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason,
    );
    expect(await reason(page)).toMatch(/model=gpt-4\.1-nano$/);
  });

  test('gate: a LiteLLM price file import reprices the gate', async ({ page, projectRoot }) => {
    const path = resolve(projectRoot, 'test/fixtures/litellm-sample.json');
    const imported = importLiteLlmPrices(JSON.parse(readFileSync(path, 'utf8')));
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await page.getByLabel('Import LiteLLM price file', EXACT).setInputFiles(path);
    await page.getByRole('status').filter({ hasText: 'Imported 2 models' }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
      /skipped 3/,
    );
    await openGate(page);
    const pricing = { ...DEFAULT_PRICING, ...imported.rows };
    await expect(reasonOf(page)).toHaveText(
      evaluateOffloadGate(await pageInputs(page), pricing).reason,
    );
    // A malformed file is refused and the table is kept.
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await page.getByLabel('Import LiteLLM price file', EXACT).setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"oops": '),
    });
    await page.getByRole('alert').filter({ hasText: 'broken.json' }).waitFor();
    await expect(page.getByLabel('Input price of claude-opus-4-6', EXACT)).toHaveValue('4');
  });

  test('gate: everything works from the keyboard', async ({ page }) => {
    await page.getByRole('tab', { name: 'Offload gate', exact: true }).focus();
    await page.keyboard.press('Enter');
    // Tab into the controls: the Output tokens field comes first.
    const field = page.getByLabel('Output tokens', EXACT);
    const isFocused = () => field.evaluate((el) => el === document.activeElement);
    for (let i = 0; i < 10 && !(await isFocused()); i += 1) await page.keyboard.press('Tab');
    expect(await isFocused(), 'Output tokens is reachable with Tab').toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5000');
    await expect(verdictOf(page)).toHaveText('Keep inline');
    // The slider is next in the tab order; arrow keys move it.
    await page.keyboard.press('Tab');
    const slider = page.getByRole('slider', { name: 'Output tokens', exact: true });
    await expect(slider, 'the slider follows the field').toBeFocused();
    for (let i = 0; i < 200 && (await verdict(page)) === 'Keep inline'; i += 1)
      await page.keyboard.press('ArrowRight');
    await expect(verdictOf(page)).toHaveText('Offload');
    const tokens = await numberValue(page, 'Output tokens');
    expect(tokens, `offloads from the threshold on (${tokens})`).toBeGreaterThanOrEqual(10000);
    await expect(reasonOf(page)).toHaveText(
      evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason,
    );
    // Model select from the keyboard.
    const model = page.getByRole('combobox', { name: 'Model', exact: true });
    await model.focus();
    await page.keyboard.press('ArrowDown');
    expect(await model.inputValue()).not.toBe('claude-opus-4-6');
    await expect(reasonOf(page)).toHaveText(
      evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason,
    );
  });
});
