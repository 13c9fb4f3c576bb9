/**
 * A sweep of extreme values over every tab: the largest and smallest values
 * the limits allow, and values beyond them. Nothing shows NaN, Infinity,
 * e-notation or text wider than the page, and nothing throws.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { expectReadable, watchErrors } from './helpers.ts';

const TABS = ['Offload gate', 'Prompt budget', 'Model routing', 'Prices'] as const;

function linkTo(value: unknown): string {
  return `./#json=${encodeURIComponent(JSON.stringify(value))}`;
}

function withPrices(price: number, maxInputTokens?: number) {
  return DEFAULT_SCENARIO.prices.rows.map((row) => ({
    ...row,
    input: price,
    output: price,
    ...(row.cacheWrite === undefined ? {} : { cacheWrite: price }),
    ...(row.cacheRead === undefined ? {} : { cacheRead: price }),
    ...(maxInputTokens === undefined ? {} : { maxInputTokens }),
  }));
}

function extreme(price: number, tokens: number, seconds: number) {
  const routing = DEFAULT_SCENARIO.routing;
  return {
    v: 1,
    prices: { rows: withPrices(price, 1_000_000_000) },
    gate: { outputTokens: tokens, horizon: 10_000, recallProbability: 1 },
    budget: {
      maxTotalTokens: 1_000_000_000,
      rows: DEFAULT_SCENARIO.budget.rows.map((row) => ({
        ...row,
        tokens: Math.min(tokens, 100_000_000),
      })),
    },
    routing: {
      ...routing,
      scenario: {
        ...routing.scenario,
        systemTokens: tokens,
        cacheTtlSeconds: seconds,
        turns: routing.scenario.turns.map((turn) => ({
          ...turn,
          gapSeconds: seconds,
          userTokens: tokens,
          hops: turn.hops.map((hop) => ({
            ...hop,
            outputTokens: tokens,
            thinkingTokens: tokens,
            toolResultTokens: tokens,
            latencySeconds: seconds,
          })),
        })),
      },
    },
  };
}

async function sweep(page: Page, label: string): Promise<void> {
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('tabpanel').waitFor();
    await page.waitForTimeout(300);
    await expectReadable(page, `${label}, ${tab}`);
    await page.screenshot({
      path: `test-results/durable/extremes-${label.replace(/\W+/g, '-')}-${tab.replace(/\W+/g, '-')}.png`,
      fullPage: true,
    });
  }
}

const CASES: [string, unknown][] = [
  ['the largest values allowed', extreme(1_000_000, 1_000_000_000, 604_800)],
  ['the smallest values allowed', extreme(0.000000001, 1, 0)],
  ['zero everywhere', extreme(0, 0, 0)],
];

for (const [label, scenario] of CASES) {
  test(`every tab stays readable with ${label}`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(linkTo(scenario));
    await expect(page.getByText('Opened the scenario from the link.')).toBeVisible();
    await sweep(page, label);
    expect(errors).toEqual([]);
  });
}

test('values beyond the limits are refused, naming the field and the limit', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(linkTo(extreme(1e300, 1e308, 1e308)));
  await expect(page.getByRole('alert')).toContainText('at most');
  await sweep(page, 'a refused link');
  expect(errors).toEqual([]);
});

test('a chart not yet measured never widens the page', async ({ page }) => {
  // A loaded machine can hold a resize observer's first report back while
  // the page is read: hold every report back, and the charts, drawn at their
  // fallback width meanwhile, must still fit their columns.
  await page.addInitScript(() => {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    } as unknown as typeof ResizeObserver;
  });
  const errors = watchErrors(page);
  await page.goto(linkTo(extreme(1_000_000, 1_000_000_000, 604_800)));
  await expect(page.getByText('Opened the scenario from the link.')).toBeVisible();
  for (const tab of ['Offload gate', 'Model routing'] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.locator('.chart-plot svg').first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.scroll, `${tab}: the page is wider than the window`).toBeLessThanOrEqual(
      widths.view + 1,
    );
  }
  expect(errors).toEqual([]);
});
