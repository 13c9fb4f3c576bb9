// Accessibility: axe-core scans every tab in the light and the dark theme,
// with the charts shown and with their data tables shown, and fails on any
// violation of impact "serious" or "critical".

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { TAB_NAMES, waitForPanel } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string | undefined }>;
}

/** Waits two animation frames so the last render has been laid out and painted. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Runs axe on the whole page and returns the serious and critical violations as readable lines. */
async function scan(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: AXE_SOURCE });
  await settle(page);
  const violations: Violation[] = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- axe is injected untyped
    const axe = (window as any).axe;
    // Every rule axe runs by default, best practices included.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- axe's result is untyped here
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      nodes: v.nodes.map((n: any) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} — ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})\n` +
        v.nodes
          .slice(0, 4)
          .map((n) => `    ${n.target}: ${(n.summary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`)
          .join('\n'),
    );
}

test.describe('a11y', () => {
  // The app's CSP (script-src 'self') would block injecting axe as an inline
  // script, so these pages — and only these — bypass it.
  test.use({ bypassCSP: true });

  for (const theme of ['Light', 'Dark'] as const) {
    test(`${theme.toLowerCase()} theme: no serious or critical axe violation on any tab`, async ({
      page,
      note,
    }) => {
      await page.goto('/', { waitUntil: 'load' });
      await page.getByRole('combobox', { name: /^Theme\b/ }).selectOption({ label: theme });
      const problems: string[] = [];
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
      for (const problem of problems) note(problem);
      expect(
        problems,
        `${problems.length} serious or critical axe violation(s), listed in the notes`,
      ).toEqual([]);
    });
  }
});
