import 'fake-indexeddb/auto';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { readTraceFiles, replayTrace } from '../../../src/core/traces/index.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import { analyseTtl } from '../../../src/engine/traces/traffic-ttl.ts';
import { dateRangeText } from '../../../src/engine/traces/traffic-figures.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import {
  forgetTraffic,
  resetTrafficSessionForTests,
} from '../../../src/features/traffic/traffic-session.ts';
import { changeText } from '../../../src/features/traffic/replay/change-text.ts';
import { TtlSection } from '../../../src/features/traffic/TtlSection.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { watchTrafficFigures } from '../../helpers/traffic-figures.ts';
import { formatUsd } from '../../../src/ui/format.ts';

const PATH = 'test/fixtures/traces/claude-code-gaps.jsonl';
const CALLS = readTraceFiles(
  [{ name: 'gaps', text: readFileSync(PATH, 'utf8') }],
  DEFAULT_PRICING,
).calls;

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  await new TrafficService().forget();
});

describe('TtlSection', () => {
  it('shows what each TTL costs, the gaps against both TTLs and the calls that went cold', async () => {
    const ttl = analyseTtl(CALLS, DEFAULT_PRICING);
    render(<TtlSection asBilledUsd={0.2} ttl={ttl} />);
    expect(
      screen.getByRole('heading', { name: 'The TTL question: 5 minutes or 1 hour?' }),
    ).toBeInTheDocument();
    const costs = screen.getByRole('table', { name: 'What each TTL costs on this traffic' });
    const five = replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 300 });
    const hour = replayTrace(CALLS, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds: 3600 });
    expect(within(costs).getByRole('row', { name: /^5 minutes/ })).toHaveTextContent(
      formatUsd(five.totals.totalUsd),
    );
    expect(within(costs).getByRole('row', { name: /^1 hour/ })).toHaveTextContent(
      formatUsd(hour.totals.totalUsd),
    );
    // The 1-hour writes cost twice the input; on this fixture they cost more than the re-writes they save.
    // Stated against as billed first, then the two TTLs against each other.
    expect(screen.getByRole('status')).toHaveTextContent(
      `As billed these calls cost ${formatUsd(0.2)}; every call at the 5-minute TTL would cost ${formatUsd(five.totals.totalUsd)} (${changeText(0.2, five.totals.totalUsd)})`,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/\. The 5-minute TTL is cheaper/);
    const cold = screen.getByRole('table', { name: /Calls whose cache expired/ });
    expect(within(cold).getAllByRole('row')).toHaveLength(1 + ttl.expired.length);
    expect(within(cold).getAllByRole('row')[1]).toHaveTextContent('expired too');

    const figure = screen.getByRole('figure', { name: 'Idle gaps between calls, by model' });
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toMatch(/6 gaps, 3 of them/);
    await userEvent.click(within(figure).getByRole('button', { name: 'Show data table' }));
    const table = within(figure).getByRole('table');
    expect(
      within(table).getByRole('columnheader', { name: 'claude-haiku-4-5' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^5 min – 11 min/ })).toHaveTextContent(/1\s*0$/);
  });

  it('is published for the other tabs after an import, and forgotten with the traffic', async () => {
    const user = userEvent.setup();
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);
    await user.upload(
      screen.getByLabelText('Choose trace files'),
      new File([readFileSync(PATH)], 'claude-code-gaps.jsonl'),
    );
    // The tab reveals its sections a frame at a time after an import: wait as long as that takes.
    await screen.findByRole('heading', { name: 'The TTL question: 5 minutes or 1 hour?' });
    await screen.findByRole('table', { name: 'What each TTL costs on this traffic' });
    const watched = watchTrafficFigures();
    await expect.poll(() => watched.current.source).toBeDefined();
    const figures = watched.current;
    expect(figures.source).toBe('8 calls in 2 conversations, 4 May 2026');
    expect(figures.population).toHaveLength(4);
    expect(figures.priors?.medianTokens).toBe(1_600);
    expect(figures.rates?.toolOutputsPerDay).toBe(4);
    await act(() => forgetTraffic());
    expect(watched.current.source).toBeUndefined();
    expect(watched.current.population).toBeUndefined();
  });

  it('words a span of days', () => {
    const day = (iso: string) => Date.parse(iso) / 1000;
    expect(dateRangeText(day('2026-11-03T10:00:00Z'), day('2026-11-09T23:00:00Z'))).toBe(
      '3–9 Nov 2026',
    );
    expect(dateRangeText(day('2026-10-30T10:00:00Z'), day('2026-11-09T23:00:00Z'))).toBe(
      '30 Oct – 9 Nov 2026',
    );
    expect(dateRangeText(day('2025-12-30T10:00:00Z'), day('2026-01-02T01:00:00Z'))).toBe(
      '30 Dec 2025 – 2 Jan 2026',
    );
  });
});
