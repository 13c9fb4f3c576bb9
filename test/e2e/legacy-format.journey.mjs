// A journey module in the older format, kept to prove that such modules
// still run (through journey-modules.spec.ts): a default export and named
// journeys, `contextOptions` and `timeoutMs`, `ctx` as README documents it,
// the helpers of runner-expect.mjs, and an import of the TypeScript core.

import { DEFAULT_PRICING, evaluateOffloadGate } from '../../src/core/index.ts';
import { eventually, waitForPanel } from './runner-expect.mjs';

/** Extra browser-context options for this module's pages. */
export const contextOptions = { reducedMotion: 'reduce' };
export const timeoutMs = 90_000;

const EXACT = { exact: true };

/** @param {import('playwright-core').Page} page */
async function gateInputs(page) {
  const number = async (label) => Number(await page.getByLabel(label, EXACT).inputValue());
  return {
    outputTokens: await number('Output tokens'),
    horizon: await number('Horizon'),
    recallProbability: await number('Recall probability'),
    modelName: await page.getByRole('combobox', { name: 'Model', exact: true }).inputValue(),
    largeOffloadThresholdTokens: await number('Large offload threshold'),
    stubTokens: await number('Stub tokens'),
    recallInputTokens: await number('Recall input tokens'),
    recallOutputTokens: await number('Recall output tokens'),
  };
}

/**
 * @param {import('playwright-core').Page} page
 * @param {any} ctx
 */
export default async function legacyFormat(page, ctx) {
  const { assert, baseUrl, subPathUrl, distDir, projectRoot, browser, log } = ctx;
  assert.ok(page.url().startsWith(baseUrl), 'the page is already open at ctx.baseUrl');
  assert.match(subPathUrl, /\/context-cost-explorer\/$/);
  assert.ok(distDir.length > 0 && projectRoot.length > 0);
  assert.ok(browser.isConnected(), 'ctx.browser is the running browser');
  assert.equal(
    await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
    true,
    'contextOptions apply to the page',
  );
  await waitForPanel(page, 'Offload gate');
  // The journey asks the TypeScript core and compares it with the page.
  const field = page.getByLabel('Output tokens', EXACT);
  await field.fill('25000');
  await field.press('Tab');
  const expected = evaluateOffloadGate(await gateInputs(page), DEFAULT_PRICING).reason;
  const reason = await eventually(async () => {
    const shown = (await page.getByTestId('gate-reason').innerText()).trim();
    assert.equal(shown, expected);
    return shown;
  });
  log(`the gate says: ${reason}`);
  assert.deepEqual(ctx.consoleErrors(), [], 'no console error so far');
}

export const journeys = {
  /** ctx.newPage opens a fresh context (no storage), here on the sub-path. */
  'newPage and screenshot': async (_page, { assert, newPage, subPathUrl, screenshot }) => {
    const page = await newPage({ viewport: { width: 800, height: 600 } });
    assert.deepEqual(page.viewportSize(), { width: 800, height: 600 });
    assert.equal(
      await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches),
      true,
      "the module's contextOptions apply to new pages too",
    );
    await page.goto(subPathUrl);
    await waitForPanel(page, 'Offload gate');
    const path = await screenshot('legacy-format-sub-path', page);
    assert.match(path, /test-results\/legacy-format-sub-path\.png$/);
  },
};
