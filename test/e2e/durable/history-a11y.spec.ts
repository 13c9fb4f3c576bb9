/** The History panel and the messages pass axe (serious and critical rules), in both themes. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '../support/fixtures.ts';
import { openHistory, setOutputTokens, waitSaved } from './helpers.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The app's CSP forbids injected scripts; this page alone bypasses it, to run axe.
test.use({ bypassCSP: true });

for (const theme of ['Light', 'Dark']) {
  test(`History panel, ${theme.toLowerCase()} theme: no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded') === null) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('cce:scenario:v1', '{"v":2}');
      }
    });
    await page.goto('./');
    await page.getByLabel('Theme').selectOption(theme.toLowerCase());
    await setOutputTokens(page, '1234');
    await waitSaved(page, 1_234);
    const panel = await openHistory(page);
    // The kept newer-version save, the state the page opened with and the edit; a
    // theme switch saved on its own before the edit can add one more.
    await expect.poll(() => panel.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expect(panel.getByRole('listitem').filter({ hasText: '1,234' }).first()).toBeVisible();
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              d: Document,
              o: object,
            ) => Promise<{
              violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    await page.screenshot({ path: `test-results/durable/history-${theme.toLowerCase()}.png` });
    expect(violations).toEqual([]);
  });
}
