import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PricingTable } from '../../../src/core/pricing.ts';
import { billTrace, readTraceFiles, replayTrace } from '../../../src/core/traces/index.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import { resetTrafficSessionForTests } from '../../../src/features/traffic/traffic-session.ts';
import { storedTraffic } from '../../helpers/traffic-figures.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatPercent, formatUsd } from '../../../src/ui/format.ts';
import { fixturePaths, sourceOf } from '../../engine/traces/fixture-sources.ts';
import { bookBilling } from '../../helpers/book-pricing.ts';

const paths = fixturePaths();
const files = () =>
  paths.map((p) => new File([readFileSync(p)], sourceOf(p).name.split('/').pop()!));
const read = () =>
  readTraceFiles(
    paths.map((p) => ({ name: sourceOf(p).name.split('/').pop()!, text: readFileSync(p, 'utf8') })),
  );
// Billed as the app bills: the price book, overridden by the scenario's rows.
let pricing: PricingTable;
beforeAll(async () => {
  pricing = await bookBilling(read().calls);
});
const expected = () => {
  const result = read();
  return { ...result, billed: billTrace(result.calls, pricing) };
};

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

// Unmount first: forgetting the stored calls under a mounted panel would
// update it after the test, outside act().
afterEach(async () => {
  cleanup();
  await new TrafficService().forget();
});

async function importFixtures() {
  const user = userEvent.setup();
  render(<TrafficPanel />);
  await screen.findByText(/No traffic yet/);
  await user.upload(screen.getByLabelText('Choose trace files'), files());
  await screen.findByRole('heading', { name: 'As billed' });
  return user;
}

/**
 * Waits for the sections below the bill, revealed one per frame, and for the
 * first page of calls, drawn in slices: after this nothing more is on its way.
 */
async function allRevealed() {
  await screen.findByRole('heading', { name: 'Calls' });
  const calls = screen.getByRole('table', { name: /^Calls, by time/ });
  const rows = Math.min(50, expected().calls.length) + 1;
  // Testing Library's wait, not expect.poll: a slice drawn while it waits is not outside act().
  await waitFor(() => expect(within(calls).getAllByRole('row')).toHaveLength(rows));
}

describe('TrafficPanel', () => {
  it('says where the calls are kept and where they never go', async () => {
    render(<TrafficPanel />);
    expect(
      screen.getByText(
        'Your calls stay in this browser (IndexedDB). They never go into links, the address bar or exported scenarios.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a folder')).toHaveAttribute('webkitdirectory');
    expect(screen.getByLabelText('Choose trace files')).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Or paste trace lines')).toBeInTheDocument();
    // The look for stored traffic ends in the empty state.
    await screen.findByText(/No traffic yet/);
  });

  it('imports files and shows the summary, the skipped records, the bill and the calibration', async () => {
    await importFixtures();
    const want = expected();
    const calls = screen.getAllByText('Calls', { selector: 'dt' })[0]!;
    expect(calls.nextSibling).toHaveTextContent(new RegExp(`^${want.calls.length}$`));
    const conversations = new Set(want.calls.map((c) => c.conversationId)).size;
    expect(screen.getByText('Conversations', { selector: 'dt' }).nextSibling).toHaveTextContent(
      new RegExp(`^${conversations}$`),
    );

    const skipped = screen.getByRole('table', { name: 'Records skipped' });
    const rows = within(skipped).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(want.skipped.length);
    const messy = want.skipped.find((s) => s.file === 'messy.jsonl')!;
    expect(
      rows.some(
        (r) =>
          r.textContent?.includes('messy.jsonl') &&
          r.textContent.includes(String(messy.line)) &&
          r.textContent.includes(messy.reason),
      ),
    ).toBe(true);
    expect(
      screen.getByText(/^not a usage trace|a binary file, not text/, { selector: 'td' }),
    ).toBeInTheDocument();

    for (const model of want.billed!.unpriced.keys()) {
      expect(
        screen.getByRole('button', { name: `Add a price row for ${model}` }),
      ).toBeInTheDocument();
    }
    expect(
      screen.getByText(
        new RegExp(
          `^${formatUsd(want.billed!.totals.totalUsd).replace('$', '\\$')} for ${want.billed!.pricedCalls} priced calls`,
        ),
      ),
    ).toBeInTheDocument();

    // The summary leads with the same bill, so the answer is on the first screen.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent(
      `As billed${formatUsd(want.billed!.totals.totalUsd)}, in detail under “As billed”`,
    );

    const share = replayTrace(want.calls, pricing, { kind: 'asRun' }).calibration!.share;
    // The sections below the bill are revealed one per frame.
    expect(
      await screen.findByText(
        new RegExp(`^${formatPercent(share, 1)} of calls predicted within 2\\s%`),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Predicted against logged cache reads/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/started warm from an earlier one/).length).toBeGreaterThan(0);
    await allRevealed();
  });

  it('reveals every figure section after the bill: calibration, the TTL question and the calls', async () => {
    await importFixtures();
    const headings = [
      'Is the simulator right for this traffic?',
      'The TTL question: 5 minutes or 1 hour?',
      'Calls',
    ];
    for (const name of headings)
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    await allRevealed();
  });

  it('bills a model the price book does not know once a price row is added for it', async () => {
    // Claude Code's "<synthetic>" messages name no real model: the book has no row for them.
    const model = '<synthetic>';
    expect(expected().billed.unpriced.has(model)).toBe(true);
    const user = await importFixtures();
    await user.click(screen.getByRole('button', { name: `Add a price row for ${model}` }));
    await user.type(screen.getByLabelText(`Input price for ${model} (USD / M tokens)`), '20');
    await user.type(screen.getByLabelText(`Output price for ${model} (USD / M tokens)`), '80');
    await user.click(screen.getByRole('button', { name: 'Add price row' }));
    expect(useAppStore.getState().prices.rows.some((r) => r.model === model)).toBe(true);
    await expect
      .poll(() => screen.queryByRole('button', { name: `Add a price row for ${model}` }))
      .toBeNull();
    await allRevealed();
  });

  it('bills with the price book: the models the SPEC table lacks are priced', async () => {
    await importFixtures();
    expect(
      screen.getByRole('button', { name: 'Add a price row for <synthetic>' }),
    ).toBeInTheDocument();
    for (const model of ['o3-pro', 'claude-2.1']) {
      expect(screen.queryByRole('button', { name: `Add a price row for ${model}` })).toBeNull();
    }
  });

  it('switches the totals between conversation, model and day', async () => {
    const user = await importFixtures();
    await user.click(screen.getByRole('radio', { name: 'Day (UTC)' }));
    const want = expected();
    const table = screen.getByRole('table', { name: /^As billed by day/ });
    for (const day of want.billed!.byDay.keys())
      expect(within(table).getByText(day)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Model' }));
    const byModel = screen.getByRole('table', { name: /^As billed by model/ });
    for (const model of want.billed!.byModel.keys())
      expect(within(byModel).getByText(model)).toBeInTheDocument();
    await allRevealed();
  });

  it('reports an empty folder and a pasted non-trace in words, and keeps what was imported', async () => {
    const user = await importFixtures();
    fireEvent.change(screen.getByLabelText('Choose a folder'), { target: { files: [] } });
    expect(await screen.findByText(/^The folder holds no files/)).toHaveAttribute('role', 'alert');
    await user.type(screen.getByLabelText('Or paste trace lines'), 'hello world');
    await user.click(screen.getByRole('button', { name: 'Read pasted text' }));
    await screen.findByText(/^Read 1 file: 0 new calls, 1 record skipped/);
    expect(
      screen.getByText(/^not a usage trace this explorer can read: expected/),
    ).toBeInTheDocument();
    expect(storedTraffic()?.meta?.callCount).toBe(expected().calls.length);
    await allRevealed();
  });

  it('keeps the traffic for a reload and forgets it only once the deletion is confirmed', async () => {
    const user = await importFixtures();
    // The session is reset under the mounted panel: an update like any other.
    act(() => resetTrafficSessionForTests());
    render(<TrafficPanel />);
    expect(await screen.findAllByRole('heading', { name: 'As billed' })).not.toHaveLength(0);
    const count = expected().calls.length;
    const forget = () => screen.getAllByRole('button', { name: 'Forget this traffic' })[0]!;

    // Asked, then kept (by the button, then by Escape): nothing is deleted.
    await user.click(forget());
    const question = screen.getByRole('group', { name: /^Delete the .* imported/ });
    expect(question).toHaveTextContent(`Delete the ${count} calls imported into this browser`);
    expect(screen.getByRole('button', { name: 'Keep the calls' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep the calls' }));
    expect(forget()).toHaveFocus();
    await user.click(forget());
    await user.keyboard('{Escape}');
    expect(forget()).toHaveFocus();
    expect((await new TrafficService().load())?.callCount).toBe(count);

    await user.click(forget());
    await user.click(screen.getByRole('button', { name: `Delete the ${count} calls` }));
    expect(await screen.findAllByText(/Forgotten: the calls are deleted/)).not.toHaveLength(0);
    expect(await new TrafficService().load()).toBeUndefined();
  });
});
