// Accessibility: axe-core scans every tab in the light and the dark theme,
// with the charts shown and with their data tables shown, and fails on any
// violation of impact "serious" or "critical".

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TAB_NAMES, waitForPanel } from './runner-expect.mjs';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const FAILING_IMPACTS = new Set(['serious', 'critical']);

// The app's CSP (script-src 'self') would block injecting axe as an inline
// script, so this file's pages — and only these — bypass it.
export const contextOptions = { bypassCSP: true };

/** Waits two animation frames so the last render has been laid out and painted. */
async function settle(page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Runs axe on the whole page and returns the serious and critical violations
 * as readable lines.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function scan(page, where) {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: AXE_SOURCE });
  await settle(page);
  const violations = await page.evaluate(async () => {
    const axe = /** @type {any} */ (window).axe;
    // Every rule axe runs by default, best practices included.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact))
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} — ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})\n` +
        v.nodes
          .slice(0, 4)
          .map((n) => `    ${n.target}: ${(n.summary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`)
          .join('\n'),
    );
}

/**
 * Scans each tab in one theme: as loaded, then with every data table shown.
 * @param {'Light' | 'Dark'} theme
 */
function scanEveryTab(theme) {
  /** @param {import('playwright-core').Page} page */
  return async (page, { assert, log }) => {
    await page.getByRole('combobox', { name: /^Theme\b/ }).selectOption({ label: theme });
    /** @type {string[]} */
    const problems = [];
    for (const name of TAB_NAMES) {
      await page.getByRole('tab', { name, exact: true }).click();
      const panel = await waitForPanel(page, name);
      problems.push(...(await scan(page, `${name} (${theme.toLowerCase()})`)));
      const toggles = panel.getByRole('button', { name: 'Show data table' });
      const count = await toggles.count();
      if (count === 0) continue;
      for (let i = 0; i < count; i += 1) await toggles.first().click();
      problems.push(...(await scan(page, `${name} (${theme.toLowerCase()}, data tables)`)));
    }
    for (const problem of problems) log(problem);
    assert.equal(
      problems.length,
      0,
      `${problems.length} serious or critical axe violation(s), listed above`,
    );
  };
}

export const journeys = {
  'light theme: no serious or critical axe violation on any tab': scanEveryTab('Light'),
  'dark theme: no serious or critical axe violation on any tab': scanEveryTab('Dark'),
};
