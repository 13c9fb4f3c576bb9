// The shell: title, the tabs (mouse and keyboard), the theme switch, and
// the built site working from a GitHub-Pages-style sub-path.

import type { Page } from '@playwright/test';
import { TAB_NAMES, waitForPanel } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Explorers' }).getByRole('tab');
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

test.describe('shell', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('title and tabs switch with clicks', async ({ page }) => {
    await expect(page).toHaveTitle(/Context Cost Explorer/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Context Cost Explorer');
    expect(
      (await tabs(page).allInnerTexts()).map((t) => t.trim()),
      'the tab list shows the explorers in order',
    ).toEqual(TAB_NAMES);
    await expect(selectedTab(page), 'the gate tab opens first').toHaveText('Offload gate');
    await waitForPanel(page, 'Offload gate');

    // A first visit opens on the worked example; then every tab, back to the first.
    for (const name of [...TAB_NAMES.filter((t) => t !== 'Offload gate'), 'Offload gate']) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(selectedTab(page)).toHaveText(name);
      await waitForPanel(page, name);
      await expect(page).toHaveTitle(`${name} · Context Cost Explorer`);
      await expect(
        page.getByRole('tab', { selected: false }),
        'exactly one tab is selected',
      ).toHaveCount(TAB_NAMES.length - 1);
    }
  });

  test('every tab fits a phone’s width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of TAB_NAMES) {
      await page.getByRole('tab', { name, exact: true }).click();
      await waitForPanel(page, name);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        view: window.innerWidth,
      }));
      expect(widths.scroll, `${name}: the page is wider than a 390 px window`).toBeLessThanOrEqual(
        widths.view,
      );
    }
  });

  test('tabs switch with arrow keys, Home and End', async ({ page }) => {
    await page.getByRole('tab', { name: 'Overview', exact: true }).click();
    await page.getByRole('tab', { name: 'Overview', exact: true }).focus();
    const expectSelectedAndFocused = async (name: string) => {
      await expect(selectedTab(page)).toHaveText(name);
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      expect(focused, `focus follows the selection to ${name}`).toBe(name);
      await waitForPanel(page, name);
    };
    for (const name of TAB_NAMES.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expectSelectedAndFocused(name);
    }
    await page.keyboard.press('ArrowRight');
    await expectSelectedAndFocused(TAB_NAMES[0]); // wraps around
    await page.keyboard.press('ArrowLeft');
    await expectSelectedAndFocused(TAB_NAMES[TAB_NAMES.length - 1]!);
    await page.keyboard.press('Home');
    await expectSelectedAndFocused(TAB_NAMES[0]);
    await page.keyboard.press('End');
    await expectSelectedAndFocused(TAB_NAMES[TAB_NAMES.length - 1]!);
    // Only the selected tab is in the Tab order (roving tabindex).
    expect(
      await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute('tabindex'))),
    ).toEqual([...TAB_NAMES.slice(1).map(() => '-1'), '0']);
  });

  test('theme switch sets html data-theme', async ({ page }) => {
    const html = page.locator('html');
    // The label wraps the select, so its accessible name is "Theme <choice>".
    const select = page.getByRole('combobox', { name: /^Theme\b/ });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await select.selectOption({ label: 'Dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const darkBackground = await background();
    await select.selectOption({ label: 'Light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    const lightBackground = await background();
    expect(darkBackground, 'the page colours change with the theme').not.toBe(lightBackground);
    // "System" follows the operating system's colour scheme.
    await select.selectOption({ label: 'System' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('shell', () => {
  test('the built site works from a sub-path', async ({ page, subPathUrl }) => {
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
    await page.goto(subPathUrl, { waitUntil: 'load' });
    await expect(page).toHaveTitle(/Context Cost Explorer/);
    await expect(selectedTab(page)).toHaveText('Offload gate');
    await waitForPanel(page, 'Offload gate');
    // Lazy chunks resolve against the sub-path too.
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await waitForPanel(page, 'Prices');
    expect(new URL(page.url()).pathname.startsWith(new URL(subPathUrl).pathname)).toBe(true);
    expect(failures, 'every file loads from the sub-path').toEqual([]);
  });
});
