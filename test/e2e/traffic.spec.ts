// "Your traffic" in a real browser: the trace fixtures imported through the
// file input (read in the import worker), the summary, the skipped records
// with file and line, the as-billed totals and the calibration share as the
// core computes them; a reload keeps the traffic, Forget clears it; and the
// main thread's longest task while a ~15 MB Claude Code file is imported,
// logged as a measurement (never asserted on time); Cancel during a large
// import keeps the earlier traffic; files dropped on the drop zone are read;
// a binary file, a file in no known format and an empty folder are each
// reported in words, with the file's name.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  billTrace,
  readTraceFiles,
  replayTrace,
  type TraceReadResult,
} from '../../src/core/traces/index.ts';
import { formatPercent, formatPlain, formatUsd } from '../../src/ui/format.ts';
import { fixturePaths, TRACE_FIXTURES } from '../engine/traces/fixture-sources.ts';
import { bookBilling } from '../helpers/book-pricing.ts';
import { generateClaudeCodeTrace } from './support/claude-code-trace.ts';
import { expect, test } from './support/fixtures.ts';
import { openTab } from './support/app.ts';
import { longTasks, watchLongTasks } from './support/long-tasks.ts';

const PATHS = fixturePaths();
const READ = readTraceFiles(
  PATHS.map((p) => ({ name: basename(p), text: readFileSync(p, 'utf8') })),
);
// Billed as the app bills: the dated price book, overridden by the scenario's rows.
let EXPECTED: TraceReadResult;
let SHARE: number;
test.beforeAll(async () => {
  const pricing = await bookBilling(READ.calls);
  EXPECTED = { ...READ, billed: billTrace(READ.calls, pricing) };
  SHARE = replayTrace(READ.calls, pricing, { kind: 'asRun' }).calibration!.share;
});
const IMPORT_TIMEOUT = 60_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const billedLine = () =>
  new RegExp(
    `^${escape(formatUsd(EXPECTED.billed!.totals.totalUsd))} for ${escape(formatPlain(EXPECTED.billed!.pricedCalls))} priced calls`,
  );

/** Forget this traffic, confirmed: the first click only asks. */
async function forget(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Forget this traffic' }).click();
  await page.getByRole('button', { name: /^Delete the [\d,]+ calls?$/ }).click();
}

async function openTraffic(page: Page) {
  const panel = await openTab(page, 'Your traffic');
  await expect(panel.getByText(/No traffic yet|^Summary$/).first()).toBeVisible({
    timeout: 15_000,
  });
  return panel;
}

async function importFixtures(page: Page) {
  await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(PATHS);
  await expect(page.getByText(/^Read \d+ files?:/)).toBeVisible({ timeout: IMPORT_TIMEOUT });
  await expect(page.getByText(billedLine())).toBeVisible({ timeout: IMPORT_TIMEOUT });
}

test.describe('traffic', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
  });

  test('traffic: the fixtures are read, summarised, billed and calibrated', async ({ page }) => {
    const panel = await openTraffic(page);
    await expect(
      panel.getByText(
        'Your calls stay in this browser (IndexedDB). They never go into links, the address bar or exported scenarios.',
      ),
    ).toBeVisible();
    await importFixtures(page);

    await expect(panel.locator('dt', { hasText: /^Calls$/ }).locator('+ dd')).toHaveText(
      formatPlain(EXPECTED.calls.length),
    );
    const conversations = new Set(EXPECTED.calls.map((c) => c.conversationId)).size;
    await expect(panel.locator('dt', { hasText: /^Conversations$/ }).locator('+ dd')).toHaveText(
      formatPlain(conversations),
    );

    const skipped = panel.getByRole('table', { name: 'Records skipped' });
    await expect(skipped.getByRole('row')).toHaveCount(EXPECTED.skipped.length + 1);
    for (const record of EXPECTED.skipped.filter((s) => s.line > 0).slice(0, 5)) {
      await expect(
        skipped
          .getByRole('row')
          .filter({ hasText: record.file })
          .filter({ hasText: record.reason }),
      ).toHaveCount(1);
    }
    await expect(skipped.getByRole('row').filter({ hasText: 'binary.bin' })).toContainText(
      'a binary file, not text',
    );

    for (const model of EXPECTED.billed!.unpriced.keys()) {
      await expect(
        page.getByRole('button', { name: `Add a price row for ${model}` }),
      ).toBeVisible();
    }
    await expect(page.getByText(billedLine())).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(`^${escape(formatPercent(SHARE, 1))} of calls predicted within 2\\s%`),
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Predicted against logged cache reads/ }),
    ).toBeVisible();

    // Nothing of the traffic is in the address bar.
    expect(decodeURIComponent(page.url())).not.toContain('msg_');
  });

  test('traffic: a Claude Code projects folder is read with its subagent files', async ({
    page,
  }) => {
    const panel = await openTraffic(page);
    const folder = resolve(TRACE_FIXTURES, 'claude-code/projects');
    await page.getByLabel('Choose a folder', { exact: true }).setInputFiles(folder);
    await expect(page.getByText(/^Read 2 files:/)).toBeVisible({ timeout: IMPORT_TIMEOUT });
    const files = panel.getByRole('table', { name: 'Files read' });
    await expect(files).toContainText('/subagents/agent-a1b2.jsonl');
    await expect(files.getByRole('row').filter({ hasText: 'subagents' })).toContainText(
      'Claude Code transcript',
    );
  });

  test('traffic: a reload keeps the traffic and Forget clears it', async ({ page }) => {
    await openTraffic(page);
    await importFixtures(page);
    await page.reload({ waitUntil: 'load' });
    await openTraffic(page);
    await expect(page.getByText(billedLine())).toBeVisible({ timeout: IMPORT_TIMEOUT });
    await forget(page);
    await expect(page.getByText(/No traffic yet/)).toBeVisible();
    await page.reload({ waitUntil: 'load' });
    await openTraffic(page);
    await expect(page.getByText(/No traffic yet/)).toBeVisible({ timeout: 15_000 });
  });

  test('traffic: the main thread stays free while a 15 MB transcript is imported', async ({
    page,
    note,
  }) => {
    test.setTimeout(180_000);
    await openTraffic(page);
    const text = generateClaudeCodeTrace(15 * 1024 * 1024);
    const file = test.info().outputPath('generated-session.jsonl');
    writeFileSync(file, text);
    await watchLongTasks(page);
    const started = await page.evaluate(() => performance.now());
    // A file on disk, as a user picks it: a buffer would be handed over through the page's main thread.
    await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(file);
    await expect(page.getByText(/^Read 1 file:/)).toBeVisible({ timeout: 150_000 });
    const readAt = await page.evaluate(() => performance.now());
    await expect(page.getByText(/priced calls/).first()).toBeVisible({ timeout: 60_000 });
    const tasks = await longTasks(page);
    const longest = Math.max(0, ...tasks);
    const megabytes = text.length / (1024 * 1024);
    const seconds = (readAt - started) / 1000;
    note(
      `15 MB import: longest main-thread task ${longest.toFixed(0)} ms (${tasks.length} tasks over 50 ms); ` +
        `${megabytes.toFixed(1)} MB read in ${seconds.toFixed(1)} s in the worker (${(megabytes / seconds).toFixed(1)} MB/s, file hand-over included)`,
    );
    test.info().annotations.push({
      type: 'measurement',
      description: `longest main-thread task during a ${megabytes.toFixed(1)} MB import: ${longest.toFixed(0)} ms; throughput ${(megabytes / seconds).toFixed(1)} MB/s`,
    });
    await forget(page);
    await expect(page.getByText(/No traffic yet/)).toBeVisible();
  });

  test('traffic: Cancel during a large import keeps the traffic imported before', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const panel = await openTraffic(page);
    await importFixtures(page);
    const calls = panel.locator('dt', { hasText: /^Calls$/ }).locator('+ dd');
    await expect(calls).toHaveText(formatPlain(EXPECTED.calls.length));
    // Large enough that the import is still reading when Cancel is pressed.
    const file = test.info().outputPath('large-session.jsonl');
    writeFileSync(file, generateClaudeCodeTrace(120 * 1024 * 1024));
    await page.getByLabel('Choose trace files', { exact: true }).setInputFiles(file);
    const progress = page.getByRole('region', { name: 'Import progress' });
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await progress.getByRole('button', { name: 'Cancel import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Import cancelled/ })).toHaveText(
      'Import cancelled: nothing from it was kept. The traffic imported before is unchanged.',
      { timeout: IMPORT_TIMEOUT },
    );
    await expect(progress).toHaveCount(0);
    await expect(calls).toHaveText(formatPlain(EXPECTED.calls.length));
    await expect(page.getByText(billedLine())).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Files read' })).not.toContainText(
      'large-session.jsonl',
    );
    // And a reload still finds the earlier traffic, not the cancelled one.
    await page.reload({ waitUntil: 'load' });
    await openTraffic(page);
    await expect(page.getByText(billedLine())).toBeVisible({ timeout: IMPORT_TIMEOUT });
  });

  test('traffic: files dropped on the drop zone are read', async ({ page }) => {
    const panel = await openTraffic(page);
    const files = PATHS.map((p) => ({
      name: basename(p),
      path: relative(TRACE_FIXTURES, p),
      bytes: [...readFileSync(p)],
    }));
    const dataTransfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name));
      return data;
    }, files);
    const zone = page.locator('.drop-zone');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText(/^Read \d+ files:/)).toBeVisible({ timeout: IMPORT_TIMEOUT });
    await expect(page.getByText(billedLine())).toBeVisible({ timeout: IMPORT_TIMEOUT });
    const table = panel.getByRole('table', { name: 'Files read' });
    for (const f of files.slice(0, 4)) await expect(table).toContainText(f.name);
  });

  test('traffic: a binary file, a file in no known format and an empty folder are reported in words', async ({
    page,
  }) => {
    const panel = await openTraffic(page);
    const notes = test.info().outputPath('meeting-notes.txt');
    writeFileSync(notes, 'Agenda\n- look at the cache hit rate\n- ship on Friday\n');
    await page
      .getByLabel('Choose trace files', { exact: true })
      .setInputFiles([resolve(TRACE_FIXTURES, 'binary.bin'), notes]);
    await expect(page.getByText(/^Read 2 files: 0 new calls, 2 records skipped/)).toBeVisible({
      timeout: IMPORT_TIMEOUT,
    });
    const skipped = panel.getByRole('table', { name: 'Records skipped' });
    await expect(skipped.getByRole('row').filter({ hasText: 'binary.bin' })).toContainText(
      'a binary file, not text',
    );
    await expect(skipped.getByRole('row').filter({ hasText: 'meeting-notes.txt' })).toContainText(
      'not a usage trace this explorer can read: expected',
    );
    await expect(panel.getByRole('table', { name: 'Files read' })).toContainText(
      'meeting-notes.txt',
    );

    const empty = test.info().outputPath('empty-folder');
    mkdirSync(empty, { recursive: true });
    await page.getByLabel('Choose a folder', { exact: true }).setInputFiles(empty);
    await expect(page.getByRole('alert').filter({ hasText: /holds no files/ })).toHaveText(
      'The folder holds no files: there was nothing to read.',
    );
    // What was read before is still there.
    await expect(panel.getByRole('table', { name: 'Files read' })).toContainText('binary.bin');
  });
});
