// Small helpers for journey modules in the older format (see journey-modules.spec.ts);
// the specs use Playwright's `expect` and test/e2e/support/app.ts instead.

/**
 * Retries an async check until it stops throwing, then returns its result;
 * after `timeoutMs` (15 s, as long as the specs' expect waits) rethrows the
 * last failure. For assertions on a page that is still updating:
 * `await eventually(async () => assert.equal(await x(), 1))`.
 * @template T
 * @param {() => Promise<T> | T} check
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function eventually(check, { timeoutMs = 15_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/**
 * Waits until the tab panel labelled by `tabName` has finished lazy-loading
 * (no "Loading …" fallback) and did not crash into its error boundary.
 * @param {import('playwright-core').Page} page
 * @param {string} tabName
 */
export async function waitForPanel(page, tabName) {
  const panel = page.getByRole('tabpanel', { name: tabName, exact: true });
  await panel.waitFor({ state: 'visible' });
  await panel.locator('.loading').waitFor({ state: 'detached' });
  const crashed = panel.locator('.panel-error');
  if ((await crashed.count()) > 0) {
    throw new Error(`the ${tabName} panel crashed: ${await crashed.innerText()}`);
  }
  return panel;
}

/** The explorer tabs, in order, as the tab list names them. */
export const TAB_NAMES = [
  'Overview',
  'Offload gate',
  'Prompt budget',
  'Model routing',
  'Your traffic',
  'Prices',
];
