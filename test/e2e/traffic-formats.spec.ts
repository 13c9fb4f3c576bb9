// "Your traffic" with two people's traffic in the revision-3 formats, in a
// real browser: Ana's Codex `sessions/` tree and Claude Code `projects/` tree
// picked as folders under her label, Ben's stream-json, SSE and Gemini CLI
// files under his; the bill and its breakdowns by source, agent and day as
// the core computes them for the same labelled files; the same folder
// imported again under another label adds nothing; no horizontal overflow
// on a phone.

import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { readTraceFiles, type AsBilledCost } from '../../src/core/traces/index.ts';
import { bookBilling } from '../helpers/book-pricing.ts';
import { formatUsd } from '../../src/ui/format.ts';
import { fixturePaths } from '../engine/traces/fixture-sources.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openTab } from './support/app.ts';

const DIR = resolve(import.meta.dirname, '../fixtures/traffic-formats');
const CODEX_SESSIONS = join(DIR, 'codex/sessions');
const CLAUDE_PROJECTS = join(DIR, 'claude/projects');
const BEN = [
  join(DIR, 'stream-json/mobile-run.stream.jsonl'),
  join(DIR, 'sse/support-bot.sse'),
  ...fixturePaths(join(DIR, 'gemini')),
];
const IMPORT_TIMEOUT = 60_000;

const texts = (paths: readonly string[], source: string) =>
  paths.map((p) => ({ name: relative(DIR, p), text: readFileSync(p, 'utf8'), source }));
const FILES = [
  ...texts([...fixturePaths(CODEX_SESSIONS), ...fixturePaths(CLAUDE_PROJECTS)], 'ana'),
  ...texts(BEN, 'ben'),
];
// Billed as the app bills: the dated price book, overridden by the scenario's rows.
let EXPECTED: AsBilledCost;
test.beforeAll(async () => {
  const { calls } = readTraceFiles(FILES);
  EXPECTED = readTraceFiles(FILES, await bookBilling(calls)).billed!;
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function label(page: Page, text: string) {
  await page.getByLabel('Whose traffic is this? (optional)').fill(text);
}

async function importAndWait(panel: Locator, words: RegExp) {
  await expect(panel.getByText(words)).toBeVisible({ timeout: IMPORT_TIMEOUT });
}

/** The USD cell of a row of the as-billed table (the total column, its first line). */
async function rowTotal(table: Locator, name: string): Promise<string> {
  const row = table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
  return (await row.locator('td').last().innerText()).split('\n')[0]!.trim();
}

test.describe('traffic formats', () => {
  // axe is injected as an inline script, which the app's CSP forbids.
  test.use({ bypassCSP: true });

  test('two people’s folders and files in every format, labelled, billed and broken down', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'load' });
    const panel = await openTab(page, 'Your traffic');
    await expect(
      panel.getByText('No traffic yet: import trace files above to begin.'),
    ).toBeVisible();

    await label(page, 'ana');
    await expect(panel.getByText(/^The next imports are labelled/)).toContainText('ana');
    const folder = panel.getByLabel('Choose a folder', { exact: true });
    await folder.setInputFiles(CODEX_SESSIONS);
    await importAndWait(panel, /^Read 1 file labelled “.ana.”: 2 new calls, nothing skipped\.$/);
    await folder.setInputFiles(CLAUDE_PROJECTS);
    await importAndWait(panel, /^Read 1 file labelled “.ana.”: 2 new calls/);

    await label(page, 'ben');
    await panel.getByLabel('Choose trace files', { exact: true }).setInputFiles(BEN);
    await importAndWait(panel, /^Read 3 files labelled “.ben.”/);

    const total = panel.getByRole('status').filter({ hasText: /priced calls? \(/ });
    await expect(total).toHaveText(
      new RegExp(
        `^${escape(formatUsd(EXPECTED.totals.totalUsd))} for \\d+ priced calls .*1 unpriced call left out, never priced at \\$0$`,
      ),
      { timeout: IMPORT_TIMEOUT },
    );
    await expect(
      panel.getByRole('button', { name: 'Add a price row for in-house-gemini-finetune' }),
    ).toBeVisible();
    await expect(panel.locator('dt', { hasText: /^Tool fees$/ }).locator('+ dd')).toContainText(
      formatUsd(EXPECTED.byKind.toolFeesUsd),
    );

    const group = panel.getByRole('group', { name: 'Break the bill down by' });
    await group.getByRole('radio', { name: 'Source' }).check();
    const bySource = panel.getByRole('table', { name: /^As billed by source/ });
    for (const [source, cost] of EXPECTED.bySource)
      expect(await rowTotal(bySource, source)).toBe(formatUsd(cost.totalUsd));

    await group.getByRole('radio', { name: 'Day (UTC)' }).check();
    const byDay = panel.getByRole('table', { name: /^As billed by day/ });
    expect(await rowTotal(byDay, 'Undated')).toBe(
      formatUsd(EXPECTED.byDay.get('undated')!.totalUsd),
    );

    await group.getByRole('radio', { name: 'Agent' }).check();
    const byAgent = panel.getByRole('table', { name: /^As billed by agent/ });
    await expect(byAgent.getByRole('rowheader', { name: 'Subagents', exact: true })).toBeVisible();

    await group.getByRole('radio', { name: 'Conversation' }).check();
    const byConversation = panel.getByRole('table', { name: /^As billed by conversation/ });
    await expect(
      byConversation.getByRole('rowheader', { name: /^billing · Add a retry with backoff/ }),
    ).toHaveAttribute('title', /\nConversation id: 0a7c2e91-/);

    expect(await axeViolations(page)).toEqual([]);

    // The same tree again under another label: nothing new.
    await label(page, 'ana-backup');
    await folder.setInputFiles(CODEX_SESSIONS);
    await importAndWait(panel, /^Read 1 file labelled “.ana-backup.”: 0 new calls/);
    await expect(total).toHaveText(
      new RegExp(`^${escape(formatUsd(EXPECTED.totals.totalUsd))} for`),
    );

    // On a phone the tab scrolls down, never sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });
});
