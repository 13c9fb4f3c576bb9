// Helpers for driving the explorer in the specs.

import { expect, type Locator, type Page } from '@playwright/test';

/** The explorer tabs, in order, as the tab list names them. */
export const TAB_NAMES = [
  'Overview',
  'Offload gate',
  'Prompt budget',
  'Model routing',
  'Your traffic',
  'Prices',
] as const;

/** Lazy tab chunks may take a while on a loaded machine. */
const PANEL_TIMEOUT_MS = 15_000;

/**
 * Waits until the tab panel labelled by `tabName` has finished lazy-loading
 * (no "Loading …" fallback) and did not crash into its error boundary.
 */
export async function waitForPanel(page: Page, tabName: string): Promise<Locator> {
  const panel = page.getByRole('tabpanel', { name: tabName, exact: true });
  await expect(panel).toBeVisible({ timeout: PANEL_TIMEOUT_MS });
  await expect(panel.locator('.loading')).toHaveCount(0, { timeout: PANEL_TIMEOUT_MS });
  const crashed = panel.locator('.panel-error');
  if ((await crashed.count()) > 0) {
    throw new Error(`the ${tabName} panel crashed: ${await crashed.innerText()}`);
  }
  return panel;
}

/**
 * Opens `tabName` by clicking its tab and waits for its panel. A note that
 * appears above the tab strip as the click lands (another tab's save, say)
 * moves the strip from under the pointer: the click is made again until
 * the tab is selected.
 */
export async function openTab(page: Page, tabName: string): Promise<Locator> {
  const tab = page.getByRole('tab', { name: tabName, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: PANEL_TIMEOUT_MS });
  return waitForPanel(page, tabName);
}

/**
 * Waits (as long as an expectation) until a service worker controls the
 * page, and gives its registration's scope. Production builds register one.
 */
export async function controlledBy(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      message: 'a service worker controls the page (a production build registers one)',
    })
    .toBe(true);
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}
