// Replaying your own traffic in a real browser: the hand-made
// Claude Code session (opus-4-6 and haiku-4-5 calls, a sonnet-4-5 subagent)
// imported through the file input, opus mapped to sonnet, the three columns
// as the core computes them, the ranked cheapest settings, the routing tab's
// timeline switched to the replayed calls, and a share link that carries the
// choice but no calls.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import { billTrace, readTraceFiles, replayTrace } from '../../src/core/traces/index.ts';
import { decodeScenarioHash } from '../../src/state/persistence.ts';
import { formatUsd } from '../../src/ui/format.ts';
import { fixturePaths } from '../engine/traces/fixture-sources.ts';
import { bookBilling } from '../helpers/book-pricing.ts';
import { openTab } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const PATHS = fixturePaths().filter((p) => p.includes('/projects/'));
const CALLS = readTraceFiles(
  PATHS.map((p) => ({ name: basename(p), text: readFileSync(p, 'utf8') })),
).calls;
// Billed and replayed as the app does: the dated price book, the scenario's rows first.
let BILLED: number;
let AS_RUN: number;
let REPLAY: number;
test.beforeAll(async () => {
  const pricing = await bookBilling(CALLS);
  BILLED = billTrace(CALLS, pricing).totals.totalUsd;
  AS_RUN = replayTrace(CALLS, pricing, { kind: 'asRun' }).totals.totalUsd;
  // The default TTL is each conversation's own: 1 hour where it wrote 1-hour cache, replayed apart.
  const oneHour = new Set(
    CALLS.filter((c) => c.cacheWrite1hTokens > 0).map((c) => c.conversationId),
  );
  const part = (long: boolean) =>
    replayTrace(
      CALLS.filter((c) => oneHour.has(c.conversationId) === long),
      pricing,
      {
        kind: 'whatIf',
        model: new Map([['claude-opus-4-6', 'claude-sonnet-4-5']]),
        ttlSeconds: long ? 3600 : 300,
      },
    ).totals.totalUsd;
  REPLAY = part(true) + part(false);
});
const TIMEOUT = { timeout: 30_000 };

async function importSession(page: Page) {
  const panel = await openTab(page, 'Your traffic');
  await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(PATHS);
  await expect(page.getByText(/^Read 2 files:/)).toBeVisible(TIMEOUT);
  return panel;
}

test.describe('traffic replay', () => {
  test('replay: a mapping beside as billed and as run, the cheapest settings, the routing timeline and the link', async ({
    page,
    newPage,
  }) => {
    await page.goto('/', { waitUntil: 'load' });
    const panel = await importSession(page);
    await panel
      .getByLabel('claude-opus-4-6 runs on', { exact: true })
      .selectOption('claude-sonnet-4-5');

    const table = panel.getByRole('table', { name: /^As billed, as run and the replay/ });
    const total = table.getByRole('row', { name: /^Total/ });
    await expect(total.getByRole('cell')).toHaveText(
      [formatUsd(BILLED), formatUsd(AS_RUN), formatUsd(REPLAY)],
      TIMEOUT,
    );
    await expect(table.getByRole('columnheader')).toHaveText([
      'Cost',
      'As billed',
      'As run',
      'Replay',
    ]);
    await expect(
      panel.getByText(
        /^moves the \d+ % of calls that ran on claude-opus-4-6 to claude-sonnet-4-5$/,
      ),
    ).toBeVisible();
    await expect(
      panel.getByText(/^A different model would have written different outputs/),
    ).toBeVisible();

    const ranked = panel.getByRole('list', { name: 'Cheapest settings, ranked' });
    await expect(ranked.locator(':scope > li').first()).toBeVisible(TIMEOUT);
    expect(await ranked.locator(':scope > li').count()).toBeGreaterThan(1);
    await expect(panel.getByText(/^Cheapest: .+ TTL at \$/)).toBeVisible();

    // The routing tab's timeline can draw the replayed calls.
    const routing = await openTab(page, 'Model routing');
    await routing.getByRole('button', { name: 'replayed traffic' }).click();
    const figure = routing.getByRole('figure', { name: 'Timeline: replayed traffic' });
    await expect(figure).toBeVisible();
    await expect(figure).toContainText(`${CALLS.length} hops over 1 turns`);
    await routing.getByRole('button', { name: 'this scenario' }).click();
    await expect(routing.getByRole('figure', { name: 'Timeline: every hop' })).toBeVisible();

    // The address bar carries the choice, never the calls.
    await expect
      .poll(async () => {
        const parsed = await decodeScenarioHash(new URL(page.url()).hash);
        return parsed.ok ? parsed.data.traffic.replay.mapping : null;
      }, TIMEOUT)
      .toEqual([{ from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' }]);
    const decoded = await decodeScenarioHash(new URL(page.url()).hash);
    const json = JSON.stringify(decoded.ok ? decoded.data : {});
    for (const call of CALLS) expect(json).not.toContain(call.callId);

    const fresh = await newPage();
    await fresh.goto(page.url());
    const elsewhere = await openTab(fresh, 'Your traffic');
    await expect(
      elsewhere.getByText("claude-opus-4-6 → claude-sonnet-4-5, each conversation's TTL as it ran"),
    ).toBeVisible(TIMEOUT);
    await expect(elsewhere.getByText(/^Replaying needs your traffic/)).toBeVisible();
  });
});
