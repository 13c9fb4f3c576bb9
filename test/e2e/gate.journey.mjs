// The offload-gate explorer in a real browser: the page shows what the core
// computes, the decision flips across T*, the model select and the price-file
// import change the numbers, and everything works from the keyboard.
// Runs under tsx (npm run test:e2e), so it can ask the core itself.

import { resolve } from 'node:path';
import {
  DEFAULT_PRICING,
  evaluateOffloadGate,
  importLiteLlmPrices,
  breakEven,
  resolveGateInputs,
} from '../../src/core/index.ts';
import { readFileSync } from 'node:fs';

const EXACT = { exact: true };

/** @param {import('playwright-core').Page} page */
async function openGate(page) {
  await page.getByRole('tab', { name: 'Offload gate', exact: true }).click();
  await page.getByRole('slider', { name: 'Output tokens', ...EXACT }).waitFor();
}

/** @param {import('playwright-core').Page} page */
async function setNumber(page, label, value) {
  const field = page.getByLabel(label, EXACT);
  await field.fill(String(value));
  await field.press('Tab');
}

/** @param {import('playwright-core').Page} page */
async function numberValue(page, label) {
  return Number(await page.getByLabel(label, EXACT).inputValue());
}

/** @param {import('playwright-core').Page} page */
async function pageInputs(page) {
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

/** @param {import('playwright-core').Page} page */
async function reason(page) {
  return (await page.getByTestId('gate-reason').innerText()).trim();
}

/** @param {import('playwright-core').Page} page */
async function verdict(page) {
  return (await page.locator('.verdict-label').innerText()).trim();
}

export const journeys = {
  'gate: the page shows what the core computes': async (page, { assert }) => {
    await openGate(page);
    await setNumber(page, 'Output tokens', 40000);
    await setNumber(page, 'Horizon', 6);
    await setNumber(page, 'Recall probability', 0.3);
    const expected = evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING);
    assert.equal(await reason(page), expected.reason);
    assert.equal(await verdict(page), expected.fire ? 'Offload' : 'Keep inline');
  },

  'gate: dragging the output size across T* flips the decision': async (page, { assert }) => {
    await openGate(page);
    // Make T* the deciding boundary: no pre-filter, short horizon, certain recall.
    await setNumber(page, 'Large offload threshold', 0);
    await setNumber(page, 'Horizon', 1);
    await setNumber(page, 'Recall probability', 1);
    await setNumber(page, 'Output tokens', 20000);
    const inputs = await pageInputs(page);
    const tStar = breakEven(resolveGateInputs(inputs), DEFAULT_PRICING).sizeTokens;
    assert.ok(tStar !== null && tStar > 1000 && tStar < 20000, `T* = ${tStar}`);
    assert.equal(await verdict(page), 'Offload');

    const slider = page.getByRole('slider', { name: 'Output tokens', exact: true });
    const box = await slider.boundingBox();
    assert.ok(box);
    const y = box.y + box.height / 2;
    const current = await slider.evaluate((el) => Number(el.getAttribute('data-position')));
    await page.mouse.move(box.x + box.width * current, y);
    await page.mouse.down();
    let flipped = false;
    for (let f = current; f >= 0.05; f -= 0.02) {
      await page.mouse.move(box.x + box.width * f, y, { steps: 2 });
      const tokens = await numberValue(page, 'Output tokens');
      const shown = await verdict(page);
      const core = evaluateOffloadGate({ ...inputs, outputTokens: tokens }, DEFAULT_PRICING);
      assert.equal(shown, core.fire ? 'Offload' : 'Keep inline', `at ${tokens} tokens`);
      assert.equal(await reason(page), core.reason);
      if (tokens < tStar) {
        assert.equal(
          shown,
          'Keep inline',
          `below T* (${tStar}) the gate keeps ${tokens} tokens inline`,
        );
        flipped = true;
        break;
      }
    }
    await page.mouse.up();
    assert.ok(flipped, 'the drag crossed T*');
  },

  'gate: changing the model changes the numbers': async (page, { assert }) => {
    await openGate(page);
    const before = await reason(page);
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('gpt-4.1-nano');
    const after = await reason(page);
    assert.notEqual(after, before);
    assert.equal(after, evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason);
    assert.match(after, /model=gpt-4\.1-nano$/);
  },

  'gate: a LiteLLM price file import reprices the gate': async (page, { assert }) => {
    const path = resolve('test/fixtures/litellm-sample.json');
    const imported = importLiteLlmPrices(JSON.parse(readFileSync(path, 'utf8')));
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await page.getByLabel('Import LiteLLM price file', EXACT).setInputFiles(path);
    await page.getByRole('status').filter({ hasText: 'Imported 2 models' }).waitFor();
    assert.match(
      await page.getByRole('status').filter({ hasText: 'Imported' }).innerText(),
      /skipped 3/,
    );
    await openGate(page);
    const pricing = { ...DEFAULT_PRICING, ...imported.rows };
    assert.equal(await reason(page), evaluateOffloadGate(await pageInputs(page), pricing).reason);
    // A malformed file is refused and the table is kept.
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await page.getByLabel('Import LiteLLM price file', EXACT).setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"oops": '),
    });
    await page.getByRole('alert').filter({ hasText: 'broken.json' }).waitFor();
    assert.equal(await page.getByLabel('Input price of claude-opus-4-6', EXACT).inputValue(), '4');
  },

  'gate: everything works from the keyboard': async (page, { assert }) => {
    await page.getByRole('tab', { name: 'Offload gate', exact: true }).focus();
    await page.keyboard.press('Enter');
    // Tab into the controls: the Output tokens field comes first.
    const field = page.getByLabel('Output tokens', EXACT);
    for (
      let i = 0;
      i < 10 && !(await field.evaluate((el) => el === document.activeElement));
      i += 1
    ) {
      await page.keyboard.press('Tab');
    }
    assert.ok(
      await field.evaluate((el) => el === document.activeElement),
      'Output tokens is reachable with Tab',
    );
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5000');
    assert.equal(await verdict(page), 'Keep inline');
    // The slider is next in the tab order; arrow keys move it.
    await page.keyboard.press('Tab');
    const slider = page.getByRole('slider', { name: 'Output tokens', exact: true });
    assert.ok(
      await slider.evaluate((el) => el === document.activeElement),
      'the slider follows the field',
    );
    for (let i = 0; i < 200 && (await verdict(page)) === 'Keep inline'; i += 1)
      await page.keyboard.press('ArrowRight');
    assert.equal(await verdict(page), 'Offload');
    const tokens = await numberValue(page, 'Output tokens');
    assert.ok(tokens >= 10000, `offloads from the threshold on (${tokens})`);
    assert.equal(
      await reason(page),
      evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason,
    );
    // Model select from the keyboard.
    const model = page.getByRole('combobox', { name: 'Model', exact: true });
    await model.focus();
    await page.keyboard.press('ArrowDown');
    assert.notEqual(await model.inputValue(), 'claude-opus-4-6');
    assert.equal(
      await reason(page),
      evaluateOffloadGate(await pageInputs(page), DEFAULT_PRICING).reason,
    );
  },
};
