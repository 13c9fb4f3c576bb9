// The traffic's cross-tab journey in a real browser: a small hand-made trace is
// imported, the traffic tab answers the TTL question from its gaps, the gate
// compares the policies on its tool outputs and takes its fitted priors
// onto the sliders, and every explorer scales its figures to a month at the
// traffic's own rate. Expected figures come from the core on the same file.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';
import { readTraceFiles, replayTrace } from '../../src/core/traces/index.ts';
import { crossTabFigures } from '../../src/engine/traces/traffic-cross.ts';
import { formatNumber, formatPlain, formatUsd } from '../../src/ui/format.ts';
import { TRACE_FIXTURES } from '../engine/traces/fixture-sources.ts';
import { openTab } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

const FIXTURE = resolve(TRACE_FIXTURES, 'claude-code-gaps.jsonl');
const CALLS = readTraceFiles(
  [{ name: 'claude-code-gaps.jsonl', text: readFileSync(FIXTURE, 'utf8') }],
  DEFAULT_PRICING,
).calls;
const FIGURES = crossTabFigures(CALLS, DEFAULT_PRICING);
const EXACT = { exact: true };

/** Every figure of a volume line per 30 days is within the bill, and its note names the part. */
async function withinTheBill(volume: Locator) {
  const bill = FIGURES.rates.asBilledUsdPerDay * 30;
  await expect(
    volume.getByText(/^(Scaled to the part of your bill|Your traffic bills nothing)/),
  ).toBeVisible({
    timeout: 15_000,
  });
  const lines = await volume.getByRole('listitem').allTextContents();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const month = /· \$([\d,.]+)\s*per 30 days/.exec(line);
    expect(month, line).not.toBeNull();
    expect(Number(month![1]!.replace(/,/g, '')), line).toBeLessThanOrEqual(bill + 0.005);
  }
}

async function importFixture(page: Page) {
  const panel = await openTab(page, 'Your traffic');
  await page.getByLabel('Choose trace files', EXACT).setInputFiles([FIXTURE]);
  await expect(page.getByText(/^Read 1 file:/)).toBeVisible({ timeout: 30_000 });
  return panel;
}

test.describe('traffic across the tabs', () => {
  // axe is injected as an inline script, which the app's CSP forbids.
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('the TTL question, the gate on real tool outputs and the volume lines', async ({ page }) => {
    const traffic = await importFixture(page);
    const ttl = traffic.getByRole('region', { name: 'The TTL question: 5 minutes or 1 hour?' });
    const costs = ttl.getByRole('table', { name: 'What each TTL costs on this traffic' });
    const five = replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 300 });
    const hour = replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 3600 });
    await expect(costs.getByRole('row', { name: /^5 minutes/ })).toContainText(
      formatUsd(five.totals.totalUsd),
      { timeout: 15_000 },
    );
    await expect(costs.getByRole('row', { name: /^1 hour/ })).toContainText(
      formatUsd(hour.totals.totalUsd),
    );
    const gaps = ttl.getByRole('figure', { name: 'Idle gaps between calls, by model' });
    await expect(gaps.locator('svg').first()).toBeVisible();
    await expect(gaps.getByText('5-minute TTL').first()).toBeVisible();
    await expect(
      ttl.getByRole('table', { name: /Calls whose cache expired/ }).getByRole('row'),
    ).toHaveCount(1 + FIGURES.ttl.expired.length);
    await ttl.screenshot({ path: 'test-results/e2e/traffic-cross-ttl.png' });
    await gaps.getByRole('button', { name: 'Show data table' }).click();
    expect(await axeViolations(page)).toEqual([]);

    // The gate: the traffic's tool outputs as the population, then its priors on the sliders.
    const gate = await openTab(page, 'Offload gate');
    await gate.getByRole('button', { name: "My traffic's tool outputs" }).click();
    await expect(
      gate.getByText(`${formatPlain(FIGURES.population.length)} tool outputs from your traffic`),
    ).toBeVisible();
    const verdict = gate.getByRole('figure', {
      name: 'Which policy is cheapest as the recall prior moves',
    });
    await expect(verdict.getByText(/^On this population the cheapest policy/)).toBeVisible();
    const priors = FIGURES.priors!;
    await expect(gate.getByText(`${formatNumber(priors.sigma, 2)}`, EXACT)).toBeVisible();
    await gate.screenshot({ path: 'test-results/e2e/traffic-cross-gate.png' });
    expect(await axeViolations(page)).toEqual([]);
    await gate.getByRole('button', { name: "Use my traffic's priors" }).click();
    await expect(gate.getByLabel('Median output size', EXACT)).toHaveValue(
      String(Math.round(priors.medianTokens)),
    );
    await expect(gate.getByLabel('Spread (σ of ln size)', EXACT)).toHaveValue(
      String(Math.round(priors.sigma * 100) / 100),
    );
    await expect(page.getByLabel('Horizon', EXACT)).toHaveValue(
      String(Math.round(priors.medianHorizon)),
    );
    await expect(page.getByRole('slider', { name: 'Median output size', ...EXACT })).toBeVisible();

    // Volume lines at the traffic's own rates.
    const gateVolume = gate.getByRole('region', { name: 'Scale to a month' });
    await expect(gateVolume.getByLabel('Tool outputs per day', EXACT)).toHaveValue(
      String(FIGURES.rates.toolOutputsPerDay),
    );
    await expect(gateVolume.getByText('from your traffic')).toBeVisible();
    await withinTheBill(gateVolume);
    await gateVolume.getByLabel('Tool outputs per day', EXACT).fill('2000');
    await gateVolume.getByLabel('Tool outputs per day', EXACT).press('Tab');
    await expect(gateVolume.getByText('typed', EXACT)).toBeVisible();
    await expect(gateVolume.getByRole('button', { name: "Use my traffic's rate" })).toBeVisible();

    const routing = await openTab(page, 'Model routing');
    const routingVolume = routing.getByRole('region', { name: 'Scale to a month' });
    await expect(routingVolume.getByLabel('Conversations per day', EXACT)).toHaveValue(
      String(FIGURES.rates.conversationsPerDay),
    );
    await expect(routingVolume.getByText('from your traffic')).toBeVisible();
    await withinTheBill(routingVolume);
    await expect(
      routingVolume.getByText(/^This routing: \$.* a day · \$.* per 30 days$/),
    ).toBeVisible();

    const budget = await openTab(page, 'Prompt budget');
    const budgetVolume = budget.getByRole('region', { name: 'Scale to a month' });
    await expect(budgetVolume.getByLabel('Prompts per day', EXACT)).toHaveValue(
      String(FIGURES.rates.callsPerDay),
    );
    await expect(budgetVolume.getByText('from your traffic')).toBeVisible();
    await expect(budgetVolume.getByText(/^The admitted prompt/)).toBeVisible();
    await withinTheBill(budgetVolume);
    await budgetVolume.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/e2e/traffic-cross-budget-volume.png' });
  });

  test('traffic kept from an earlier visit sets the rates before its tab is opened', async ({
    page,
  }) => {
    await importFixture(page);
    await openTab(page, 'Offload gate');
    await page.reload({ waitUntil: 'load' });
    const gate = await openTab(page, 'Offload gate');
    const volume = gate.getByRole('region', { name: 'Scale to a month' });
    await expect(volume.getByText('from your traffic')).toBeVisible({ timeout: 15_000 });
    await expect(volume.getByLabel('Tool outputs per day', EXACT)).toHaveValue(
      String(FIGURES.rates.toolOutputsPerDay),
    );
  });

  test('a link with the traffic population opened without traffic says so and falls back', async ({
    page,
  }) => {
    const gate = await openTab(page, 'Offload gate');
    await gate.getByRole('button', { name: "My traffic's tool outputs" }).click();
    await expect(gate.getByText(/^No traffic is loaded in this browser/)).toBeVisible();
    await expect(gate.getByRole('slider', { name: 'Median output size', ...EXACT })).toBeVisible();
    await expect(
      gate.getByRole('region', { name: 'Scale to a month' }).getByText(/a stated default/),
    ).toBeVisible();
  });
});
