import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../../src/core/pricing.ts';
import { billTrace, readTraceFiles, replayTrace } from '../../../../src/core/traces/index.ts';
import { TrafficService } from '../../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../../src/features/traffic/TrafficPanel.tsx';
import { resetTrafficSessionForTests } from '../../../../src/features/traffic/traffic-session.ts';
import { useAppStore } from '../../../../src/state/store.ts';
import { resetReplayScopeForTests } from '../../../../src/state/replay-scope.ts';
import { formatUsd } from '../../../../src/ui/format.ts';
import { fixturePaths } from '../../../engine/traces/fixture-sources.ts';
import { bookBilling } from '../../../helpers/book-pricing.ts';
import { watchTrafficFigures } from '../../../helpers/traffic-figures.ts';

// The hand-made Claude Code session and its subagent: opus-4-6, haiku-4-5 and sonnet-4-5 calls.
const paths = fixturePaths().filter((p) => p.includes('/projects/'));
const files = () => paths.map((p) => new File([readFileSync(p)], p.split('/').pop()!));
const calls = () =>
  readTraceFiles(
    paths.map((p) => ({ name: p.split('/').pop()!, text: readFileSync(p, 'utf8') })),
    DEFAULT_PRICING,
  ).calls;

beforeEach(() => {
  resetTrafficSessionForTests();
  resetReplayScopeForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  await new TrafficService().forget();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('ReplaySection', () => {
  it('shows the choice of a link without traffic and says traffic is needed', async () => {
    act(() =>
      useAppStore.getState().setReplayChoice({
        mapping: [{ from: 'claude-opus-4-6', to: 'claude-haiku-4-5' }],
        ttl: 'oneHour',
      }),
    );
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    expect(screen.getByText('claude-opus-4-6 → claude-haiku-4-5, 1-hour TTL')).toBeInTheDocument();
    expect(screen.getByText(/^Replaying needs your traffic/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find the cheapest setting' })).toBeNull();
  });

  it('replays under a mapping beside as billed and as run, and ranks the cheapest settings', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), files());
    await screen.findByRole('heading', { name: 'Replay under other choices' });

    await user.selectOptions(
      await screen.findByLabelText('claude-opus-4-6 runs on'),
      'claude-sonnet-4-5',
    );
    expect(useAppStore.getState().traffic.replay.mapping).toEqual([
      { from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' },
    ]);
    const all = calls();
    // Billed as the app bills: the price book, overridden by the scenario's rows.
    const pricing = await bookBilling(all);
    // The default TTL is each conversation's own: 1 hour where it wrote 1-hour cache.
    const oneHour = new Set(
      all.filter((c) => c.cacheWrite1hTokens > 0).map((c) => c.conversationId),
    );
    const moved = new Map([['claude-opus-4-6', 'claude-sonnet-4-5']]);
    const part = (long: boolean) =>
      replayTrace(
        all.filter((c) => oneHour.has(c.conversationId) === long),
        pricing,
        { kind: 'whatIf', model: moved, ttlSeconds: long ? 3600 : 300 },
      ).totals.totalUsd;
    const want = part(true) + part(false);
    const billed = billTrace(all, pricing).totals.totalUsd;
    const asRun = replayTrace(all, pricing, { kind: 'asRun' }).totals.totalUsd;
    const status = await screen.findByText(new RegExp(`^Replay: ${escape(formatUsd(want))}, `));
    expect(status.textContent).toMatch(want < billed ? /, −\$/ : /, \+\$/);

    const table = screen.getByRole('table', { name: /^As billed, as run and the replay/ });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Cost', 'As billed', 'As run', 'Replay']);
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatUsd(billed), formatUsd(asRun), formatUsd(want)]);
    for (const row of ['Plain input', 'Cache reads', 'Cache writes', 'Output', 'Cache-hit rate'])
      expect(within(table).getByRole('row', { name: new RegExp(`^${row}`) })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^A different model would have written different outputs; the replay keeps the logged ones/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^moves the \d+ % of calls that ran on claude-opus-4-6 to claude-sonnet-4-5$/,
      ),
    ).toBeInTheDocument();

    // The as-run column's plain input differs from the bill for a known reason, and says so.
    expect(
      screen.getByText(
        /^Plain input, as run and replay: .* sends none as plain input \(SPEC §11\)/,
      ),
    ).toBeInTheDocument();

    // Published for the routing tab and the report.
    const figures = watchTrafficFigures();
    await expect.poll(() => figures.current.replay?.replayUsd).toBeCloseTo(want, 12);
    expect(figures.current.replayTimeline?.hops).toHaveLength(all.length);

    const ranked = await screen.findByRole('list', { name: 'Cheapest settings, ranked' });
    const items = within(ranked)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === ranked);
    expect(items.length).toBeGreaterThan(1);
    expect(screen.getByText(/^Cheapest: /)).toBeInTheDocument();
    // Picking a ranked setting makes it the replay's choice.
    await user.click(within(items[0]!).getByRole('button', { name: 'Replay this setting (1)' }));
    const cheapestText = within(items[0]!).getByText(/TTL$/, { selector: 'strong' }).textContent!;
    // It takes the user to the replay and says so.
    expect(screen.getByRole('heading', { name: 'Replay under other choices' })).toHaveFocus();
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === `Replaying setting 1: ${cheapestText}.`),
    ).toBe(true);
    expect(
      await screen.findByText(cheapestText, { selector: '.replay-choice strong' }),
    ).toBeInTheDocument();
  });

  it('searches within each provider by default, and takes a wider search and exclusions', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), files());
    const settings = () => {
      const ranked = screen.getByRole('list', { name: 'Cheapest settings, ranked' });
      return within(ranked)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === ranked)
        .map((li) => li.querySelector('strong')!.textContent!);
    };
    const targets = () =>
      settings().flatMap((text) => [...text.matchAll(/→ ([^,\s]+)/g)].map((m) => m[1]!));
    await screen.findByRole('list', { name: 'Cheapest settings, ranked' });
    // Every model seen is a Claude model: by default every target is one too.
    await waitFor(() => expect(targets().length).toBeGreaterThan(0));
    expect(targets().every((t) => t.startsWith('claude-'))).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Allow a move to any provider' }));
    await waitFor(() => expect(targets().some((t) => !t.startsWith('claude-'))).toBe(true));
    const other = targets().find((t) => !t.startsWith('claude-'))!;

    // A name not in the price table is refused by name, and the text is kept.
    const exclude = screen.getByLabelText('Never move to these models');
    await user.type(exclude, 'no-such-model{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Never move to these models: no-such-model is not in the price table.',
    );
    expect(exclude).toHaveValue('no-such-model');

    await user.clear(exclude);
    await user.type(exclude, `${other}{Enter}`);
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(targets()).not.toContain(other));
  });

  it('offers no TTL for a target that caches automatically, and says why', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), files());
    await screen.findByRole('heading', { name: 'Replay under other choices' });
    const opus = await screen.findByLabelText('claude-opus-4-6 runs on');
    const ttl = () => screen.getByRole('group', { name: 'Cache TTL' });
    expect(ttl()).toBeEnabled();
    // One Claude model mapped to gpt-5: the TTL still applies to the others.
    await user.selectOptions(opus, 'gpt-5');
    expect(ttl()).toBeEnabled();
    expect(
      within(ttl()).getByText(
        /^The TTL applies to .*claude.* only; gpt-5 \(its cache lives 5 minutes\) caches automatically/,
      ),
    ).toBeInTheDocument();
    // Every call on gpt-5: nothing takes a TTL.
    await user.click(screen.getByRole('radio', { name: 'Every call on one model' }));
    await user.selectOptions(
      screen.getByLabelText(/^Every call on/, { selector: 'select' }),
      'gpt-5',
    );
    expect(ttl()).toBeDisabled();
    expect(
      within(ttl()).getByText(
        'gpt-5 (its cache lives 5 minutes) caches automatically: there is no TTL to choose, and writes cost plain input.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(
      screen.getByLabelText(/^Every call on/, { selector: 'select' }),
      'claude-haiku-4-5',
    );
    expect(ttl()).toBeEnabled();
    expect(within(ttl()).queryByText(/automatically/)).toBeNull();
  });

  it('replays one conversation', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(screen.getByLabelText('Choose trace files'), files());
    await screen.findByLabelText('claude-opus-4-6 runs on');
    await user.click(screen.getByRole('radio', { name: 'One conversation' }));
    const id = (screen.getByRole('combobox', { name: /^Conversation/ }) as HTMLSelectElement).value;
    const inScope = calls().filter((c) => c.conversationId === id);
    // The default choice changes nothing: the replay is the traffic as run.
    const want = replayTrace(inScope, await bookBilling(calls()), { kind: 'asRun' }).totals
      .totalUsd;
    expect(
      await screen.findByText(new RegExp(`^Replay: ${escape(formatUsd(want))}, `)),
    ).toBeInTheDocument();
    // And it says so: the gap to the bill is the simulator's, not a choice's.
    expect(
      screen.getByText(/^This choice changes nothing, so the replay is the traffic as run/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', {
        name: new RegExp(`of ${inScope.length} calls in 1 conversation$`),
      }),
    ).toBeInTheDocument();
  });
});
