// The "Your traffic" tab with two people's traffic in every revision-3
// format: the import label, the bill with tokens beside dollars and tool
// fees apart, the breakdowns, undated calls, conversation names and the
// unpriced model offered a price row.
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, type PricingTable } from '../../../src/core/pricing.ts';
import { readTraceFiles } from '../../../src/core/traces/index.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import {
  resetTrafficSessionForTests,
  useTrafficSession,
} from '../../../src/features/traffic/traffic-session.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { fixturePaths } from '../../engine/traces/fixture-sources.ts';
import { bookBilling } from '../../helpers/book-pricing.ts';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/traffic-formats');
const PATHS = fixturePaths(DIR);
const ANA = PATHS.filter((p) => p.includes('/claude/') || p.includes('/codex/'));
const BEN = PATHS.filter((p) => !ANA.includes(p));
const baseName = (p: string) => p.split('/').pop()!;
const filesOf = (paths: readonly string[]) =>
  paths.map((p) => new File([readFileSync(p)], baseName(p)));
const textsOf = (paths: readonly string[], source: string) =>
  paths.map((p) => ({ name: baseName(p), text: readFileSync(p, 'utf8'), source }));

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  await new TrafficService().forget();
});

async function importTwoPeople() {
  const user = userEvent.setup();
  render(<TrafficPanel />);
  await screen.findByText(/No traffic yet/);
  const label = screen.getByLabelText('Whose traffic is this? (optional)');
  await user.type(label, 'ana');
  expect(screen.getByText(/^The next imports are labelled/)).toHaveTextContent(
    /labelled ana \(files, folders, drops and pasted text alike\)/,
  );
  await user.upload(screen.getByLabelText('Choose trace files'), filesOf(ANA));
  expect(await screen.findByText(/^Read 2 files labelled “.ana.”: \d+ new calls/)).toHaveAttribute(
    'role',
    'status',
  );
  // The label stays for the next import until it is changed.
  expect(label).toHaveValue('ana');
  await user.clear(label);
  await user.type(label, 'ben');
  await user.upload(screen.getByLabelText('Choose trace files'), filesOf(BEN));
  await screen.findByText(/^Read 3 files labelled “.ben.”/);
  // The figures follow once Ben's calls are analysed (his Gemini session has an unpriced model).
  await screen.findByText(/1 unpriced call left out/, {}, { timeout: 15_000 });
  // Every figure section drawn (the calls table last), so no slice lands after the test.
  const calls = await screen.findByRole('table', { name: /^Calls, by time/ });
  const rows =
    Math.min(50, readTraceFiles([...textsOf(ANA, 'ana'), ...textsOf(BEN, 'ben')]).calls.length) + 1;
  await waitFor(() => expect(within(calls).getAllByRole('row')).toHaveLength(rows));
  return user;
}

// The panel bills with the dated price book, the scenario's rows first: so does the expectation.
let billing: PricingTable = DEFAULT_PRICING;
beforeAll(async () => {
  const { calls } = readTraceFiles([...textsOf(ANA, 'ana'), ...textsOf(BEN, 'ben')]);
  billing = await bookBilling(calls);
});

const expected = () =>
  readTraceFiles([...textsOf(ANA, 'ana'), ...textsOf(BEN, 'ben')], billing).billed!;

describe('TrafficPanel with several formats and people', () => {
  it('shows the total with its tokens, the unpriced calls and the tool fees apart', async () => {
    await importTwoPeople();
    const want = expected();
    const total = await screen.findByText(
      new RegExp(`^${formatUsd(want.totals.totalUsd).replace('$', '\\$')} for \\d+ priced calls`),
    );
    expect(total).toHaveAttribute('role', 'status');
    expect(total).toHaveTextContent(/tokens\); 1 unpriced call left out, never priced at \$0$/);
    expect(screen.getByRole('button', { name: 'Add a price row for in-house-gemini-finetune' }));
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'SPAN' &&
          el.textContent === 'in-house-gemini-finetune: 1 call, 7,720 tokens.',
      ),
    ).toBeInTheDocument();
    const fees = screen.getByText('Tool fees', { selector: 'dt' }).nextSibling as HTMLElement;
    expect(fees).toHaveTextContent(`${formatUsd(want.byKind.toolFeesUsd)}5 requests`);
    expect(screen.getByText(/^Server-tool requests of priced calls: 5 web_search requests\./));
    expect(screen.getByText(/^Claude Code itself reported \$0\.07/)).toHaveTextContent(
      /for 1 stream-json run \(total_cost_usd\)/,
    );
    const table = screen.getByRole('table', { name: /^As billed by conversation/ });
    expect(within(table).getByRole('columnheader', { name: 'Tool fees' })).toBeInTheDocument();
  });

  it('breaks the bill down by source, agent, branch, project and day, undated last', async () => {
    const user = await importTwoPeople();
    const group = screen.getByRole('group', { name: 'Break the bill down by' });
    const views: [string, RegExp, string[]][] = [
      ['Source', /^As billed by source/, ['ana', 'ben']],
      ['Agent', /^As billed by agent/, ['Main agent', 'Subagents']],
      ['Branch', /^As billed by git branch/, ['fix/retry', 'No branch']],
      ['Project', /^As billed by project/, ['/home/ana/work/billing', '/home/ben/src/mobile-app']],
      ['Day (UTC)', /^As billed by day/, ['2026-11-20', '2026-11-21', 'Undated']],
    ];
    for (const [radio, caption, names] of views) {
      await user.click(within(group).getByRole('radio', { name: radio }));
      expect(within(group).getByRole('radio', { name: radio })).toBeChecked();
      const table = screen.getByRole('table', { name: caption });
      const heads = within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent);
      for (const name of names) expect(heads).toContain(name);
      expect(heads.at(-1)).toBe('All priced calls');
    }
    const days = screen.getByRole('table', { name: /^As billed by day/ });
    const dayHeads = within(days)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(dayHeads.at(-2)).toBe('Undated');
  });

  it('names conversations by project folder and first prompt, the id on hover, isolated', async () => {
    const user = await importTwoPeople();
    const table = screen.getByRole('table', { name: /^As billed by conversation/ });
    const claude = within(table).getByText(/^billing · Why is the/);
    expect(claude.tagName).toBe('BDI');
    expect(claude.closest('th')).toHaveAttribute(
      'title',
      `${claude.textContent}\nConversation id: 9b1f3c5e-2d4a-4e6b-8c7d-0f1e2a3b4c5d`,
    );
    expect(
      within(table).getByText(
        'billing · Add a retry with backoff to the invoice sync job and log each attempt',
      ),
    );
    // Without a prompt or project the id itself is shown.
    expect(within(table).getByText('support-bot.sse')).toBeInTheDocument();
    // The chart's text equivalent lists the ids beside the names.
    await user.click(screen.getAllByRole('button', { name: 'Show data table' })[0]!);
    const equivalent = screen.getByRole('table', { name: /^Cost by conversation/ });
    expect(
      within(equivalent).getByText('9b1f3c5e-2d4a-4e6b-8c7d-0f1e2a3b4c5d'),
    ).toBeInTheDocument();
  });

  it('lists the sources of the files and shows undated calls as undated', async () => {
    await importTwoPeople();
    const files = screen.getByRole('table', { name: 'Files read' });
    expect(within(files).getByRole('columnheader', { name: 'Source' })).toBeInTheDocument();
    expect(within(files).getAllByText('ben')).toHaveLength(3);
    const calls = await screen.findByRole('table', { name: /^Calls, by time/ });
    await expect.poll(() => within(calls).queryAllByText('undated').length).toBeGreaterThan(0);
    expect(useTrafficSession.getState().label).toBe('ben');
  });
});
