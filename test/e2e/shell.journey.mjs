// The shell: title, the four tabs (mouse and keyboard), the theme switch, and
// the built site working from a GitHub-Pages-style sub-path.

import { eventually, TAB_NAMES, waitForPanel } from './runner-expect.mjs';

/** @param {import('playwright-core').Page} page */
function tabs(page) {
  return page.getByRole('tablist', { name: 'Explorers' }).getByRole('tab');
}

/** @param {import('playwright-core').Page} page */
async function selectedTabName(page) {
  return (await page.getByRole('tab', { selected: true }).innerText()).trim();
}

export const journeys = {
  /** @param {import('playwright-core').Page} page */
  'title and tabs switch with clicks': async (page, { assert }) => {
    assert.match(await page.title(), /Context Cost Explorer/);
    assert.equal(
      await page.getByRole('heading', { level: 1 }).innerText(),
      'Context Cost Explorer',
    );
    assert.deepEqual(
      (await tabs(page).allInnerTexts()).map((t) => t.trim()),
      TAB_NAMES,
      'the tab list shows the four explorers in order',
    );
    assert.equal(await selectedTabName(page), 'Offload gate', 'the gate tab opens first');
    await waitForPanel(page, 'Offload gate');

    for (const name of [...TAB_NAMES.slice(1), TAB_NAMES[0]]) {
      await page.getByRole('tab', { name, exact: true }).click();
      await eventually(async () => assert.equal(await selectedTabName(page), name));
      await waitForPanel(page, name);
      await eventually(async () =>
        assert.equal(await page.title(), `${name} · Context Cost Explorer`),
      );
      assert.equal(
        await page.getByRole('tab', { selected: false }).count(),
        3,
        'exactly one tab is selected',
      );
    }
  },

  /** @param {import('playwright-core').Page} page */
  'tabs switch with arrow keys, Home and End': async (page, { assert }) => {
    await page.getByRole('tab', { name: 'Offload gate', exact: true }).focus();
    const expectSelectedAndFocused = async (name) => {
      await eventually(async () => assert.equal(await selectedTabName(page), name));
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
      assert.equal(focused, name, `focus follows the selection to ${name}`);
      await waitForPanel(page, name);
    };
    for (const name of TAB_NAMES.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expectSelectedAndFocused(name);
    }
    await page.keyboard.press('ArrowRight');
    await expectSelectedAndFocused(TAB_NAMES[0]); // wraps around
    await page.keyboard.press('ArrowLeft');
    await expectSelectedAndFocused(TAB_NAMES[3]);
    await page.keyboard.press('Home');
    await expectSelectedAndFocused(TAB_NAMES[0]);
    await page.keyboard.press('End');
    await expectSelectedAndFocused(TAB_NAMES[3]);
    // Only the selected tab is in the Tab order (roving tabindex).
    assert.deepEqual(
      await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute('tabindex'))),
      ['-1', '-1', '-1', '0'],
    );
  },

  /** @param {import('playwright-core').Page} page */
  'theme switch sets html data-theme': async (page, { assert }) => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    // The label wraps the select, so its accessible name is "Theme <choice>".
    const select = page.getByRole('combobox', { name: /^Theme\b/ });
    await select.selectOption({ label: 'Dark' });
    await eventually(async () => assert.equal(await theme(), 'dark'));
    const darkBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    await select.selectOption({ label: 'Light' });
    await eventually(async () => assert.equal(await theme(), 'light'));
    const lightBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    assert.notEqual(darkBackground, lightBackground, 'the page colours change with the theme');
    // "System" follows the operating system's colour scheme.
    await select.selectOption({ label: 'System' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await eventually(async () => assert.equal(await theme(), 'dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(async () => assert.equal(await theme(), 'light'));
  },

  /** @param {import('playwright-core').Page} page */
  'the built site works from a sub-path': async (first, { assert, subPathUrl, newPage }) => {
    await first.close();
    const page = await newPage();
    /** @type {string[]} */
    const failures = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
    await page.goto(subPathUrl, { waitUntil: 'load' });
    assert.match(await page.title(), /Context Cost Explorer/);
    await eventually(async () => assert.equal(await selectedTabName(page), 'Offload gate'));
    await waitForPanel(page, 'Offload gate');
    // Lazy chunks resolve against the sub-path too.
    await page.getByRole('tab', { name: 'Prices', exact: true }).click();
    await waitForPanel(page, 'Prices');
    assert.ok(new URL(page.url()).pathname.startsWith(new URL(subPathUrl).pathname));
    assert.deepEqual(failures, [], 'every file loads from the sub-path');
  },
};
