// A/B with traffic stored: A pinned with the replay as billed, B moving
// every sonnet call to haiku on the traffic tab. The comparison replays both
// choices over every conversation, each under its own prices, says so in its
// status, and its B − A column is read on screen at 1,280 and 390 px. Each
// tab's monthly figure at the traffic's rates is set beside the other's.

import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { TRACE_FIXTURES } from '../engine/traces/fixture-sources.ts';
import { openTab } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const FIXTURE = resolve(TRACE_FIXTURES, 'claude-code-gaps.jsonl');
const EXACT = { exact: true };
const TIMEOUT = { timeout: 30_000 };
const SHOTS = 'test-results/compare';
const COMPARE = 'Compare A (pinned) with B (current)';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`A/B compares two replays of the stored traffic (${viewport.width} px)`, async ({
    newPage,
    baseUrl,
  }) => {
    test.setTimeout(90_000);
    const page = await newPage({ viewport });
    await page.goto(baseUrl, { waitUntil: 'load' });
    const traffic = await openTab(page, 'Your traffic');
    await page.getByLabel('Choose trace files', EXACT).setInputFiles([FIXTURE]);
    await expect(page.getByText(/^Read 1 file:/)).toBeVisible(TIMEOUT);

    // A: the traffic as billed (the default choice).
    await page.getByRole('button', { name: 'Pin as A', ...EXACT }).click();
    // B: every sonnet call on haiku.
    await traffic.getByLabel('claude-sonnet-4-5 runs on', EXACT).selectOption('claude-haiku-4-5');
    const replayTable = traffic.getByRole('table', { name: /^As billed, as run and the replay/ });
    const totals = replayTable.getByRole('row', { name: /^Total/ }).getByRole('cell');
    await expect(totals).toHaveCount(3, TIMEOUT);
    await expect(totals.nth(2)).not.toHaveText(await totals.nth(1).innerText(), TIMEOUT);
    const [billed, asRun, replayed] = await totals.allInnerTexts();

    await page.getByRole('button', { name: 'Compare', ...EXACT }).click();
    const panel = page.getByRole('complementary', { name: COMPARE });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('status').first()).toContainText(
      /On your traffic, \d+ of \d+ figures differ\./,
      TIMEOUT,
    );
    const region = panel.getByRole('region', { name: 'Your traffic replayed under A and B' });
    const row = (name: RegExp) => region.getByRole('row', { name });
    // A's replay is the traffic as run, B's the traffic tab's replay; both billed the same.
    await expect(row(/^Replayed cost/).getByRole('cell')).toHaveText([
      asRun!,
      replayed!,
      /^[−-]\$/,
    ]);
    await expect(row(/^Your traffic as billed/).getByRole('cell')).toHaveText([
      billed!,
      billed!,
      'same',
    ]);
    await expect(
      row(/^Replay choice/)
        .getByRole('cell')
        .nth(1),
    ).toContainText('claude-sonnet-4-5 → claude-haiku-4-5');

    // B − A is readable: on screen once the row is scrolled to, and the page never scrolls sideways.
    const diff = row(/^Replay vs as billed, per 30 days/)
      .getByRole('cell')
      .nth(2);
    await diff.scrollIntoViewIfNeeded();
    await expect(diff).toBeInViewport({ ratio: 0.95 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the page does not scroll sideways',
    ).toBe(true);
    // Each tab's monthly figure, at the traffic's rates: B changed only the replay.
    const months = panel.getByRole('region', {
      name: 'Each tab per 30 days of your traffic, A and B',
    });
    for (const tab of [/^Offload gate/, /^Model routing/, /^Prompt budget/]) {
      await expect(months.getByRole('row', { name: tab }).getByRole('cell')).toHaveText(
        [/^\$/, /^\$/, 'same'],
        TIMEOUT,
      );
    }
    mkdirSync(SHOTS, { recursive: true });
    await region.evaluate((el) => el.scrollTo({ left: 0 }));
    await region.screenshot({ path: `${SHOTS}/compare-traffic-${viewport.width}.png` });
    await months.scrollIntoViewIfNeeded();
    await months.screenshot({ path: `${SHOTS}/compare-months-${viewport.width}.png` });
  });
}

test("A/B's gate row prices B's population of the traffic's own outputs as the gate tab does", async ({
  newPage,
  baseUrl,
}) => {
  test.setTimeout(90_000);
  const page = await newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(baseUrl, { waitUntil: 'load' });
  await openTab(page, 'Your traffic');
  await page.getByLabel('Choose trace files', EXACT).setInputFiles([FIXTURE]);
  await expect(page.getByText(/^Read 1 file:/)).toBeVisible(TIMEOUT);
  // A: the log-normal population; B: the traffic's own tool outputs.
  await page.getByRole('button', { name: 'Pin as A', ...EXACT }).click();
  const gate = await openTab(page, 'Offload gate');
  await gate.getByRole('button', { name: "My traffic's tool outputs" }).click();
  await expect(gate.getByText(/tool outputs from your traffic/).first()).toBeVisible(TIMEOUT);
  const line = gate
    .getByRole('region', { name: 'Scale to a month' })
    .getByText(/^Net-saving gate: \$.* a day · \$.* per 30 days$/);
  await expect(line).toBeVisible(TIMEOUT);
  const onTab = /· (\$[\d,.]+) per 30 days$/.exec(await line.innerText())![1]!;

  await page.getByRole('button', { name: 'Compare', ...EXACT }).click();
  const months = page
    .getByRole('complementary', { name: COMPARE })
    .getByRole('region', { name: 'Each tab per 30 days of your traffic, A and B' });
  const cells = months.getByRole('row', { name: /^Offload gate/ }).getByRole('cell');
  // B's figure is the gate tab's own line; A's is its log-normal population's, so they differ.
  await expect(cells).toHaveText([/^\$/, onTab, /^[+−-]\$/], TIMEOUT);
  await expect(cells.nth(0)).not.toHaveText(onTab);
});
