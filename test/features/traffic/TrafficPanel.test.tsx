import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { readTraceFiles, replayTrace } from '../../../src/core/traces/index.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import {
  resetTrafficSessionForTests,
  useTrafficSession,
} from '../../../src/features/traffic/traffic-session.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatPercent, formatUsd } from '../../../src/ui/format.ts';
import { fixturePaths, sourceOf } from '../../engine/traces/fixture-sources.ts';

const paths = fixturePaths();
const files = () =>
  paths.map((p) => new File([readFileSync(p)], sourceOf(p).name.split('/').pop()!));
const expected = () =>
  readTraceFiles(
    paths.map((p) => ({ name: sourceOf(p).name.split('/').pop()!, text: readFileSync(p, 'utf8') })),
    DEFAULT_PRICING,
  );

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
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

describe('TrafficPanel', () => {
  it('says where the calls are kept and where they never go', () => {
    render(<TrafficPanel />);
    expect(
      screen.getByText(
        'Your calls stay in this browser (IndexedDB). They never go into links, the address bar or exported scenarios.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a folder')).toHaveAttribute('webkitdirectory');
    expect(screen.getByLabelText('Choose trace files')).toHaveAttribute('multiple');
    expect(screen.getByLabelText('Or paste trace lines')).toBeInTheDocument();
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

    const share = replayTrace(want.calls, DEFAULT_PRICING, { kind: 'asRun' }).calibration!.share;
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
    const calls = screen.getByRole('table', { name: /^Calls, by time/ });
    await expect
      .poll(() => within(calls).getAllByRole('row').length)
      .toBe(Math.min(50, expected().calls.length) + 1);
  });

  it('bills a model once a price row is added for it', async () => {
    const user = await importFixtures();
    await user.click(screen.getByRole('button', { name: 'Add a price row for o3-pro' }));
    await user.type(screen.getByLabelText('Input price for o3-pro (USD / M tokens)'), '20');
    await user.type(screen.getByLabelText('Output price for o3-pro (USD / M tokens)'), '80');
    await user.click(screen.getByRole('button', { name: 'Add price row' }));
    expect(useAppStore.getState().prices.rows.some((r) => r.model === 'o3-pro')).toBe(true);
    await expect
      .poll(() => screen.queryByRole('button', { name: 'Add a price row for o3-pro' }))
      .toBeNull();
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
    expect(useTrafficSession.getState().meta?.callCount).toBe(expected().calls.length);
  });

  it('keeps the traffic for a reload and forgets it with one click', async () => {
    const user = await importFixtures();
    resetTrafficSessionForTests();
    render(<TrafficPanel />);
    expect(await screen.findAllByRole('heading', { name: 'As billed' })).not.toHaveLength(0);
    const forget = screen.getAllByRole('button', { name: 'Forget this traffic' })[0]!;
    await user.click(forget);
    expect(await screen.findAllByText(/Forgotten: the calls are deleted/)).not.toHaveLength(0);
    expect(await new TrafficService().load()).toBeUndefined();
  });
});
