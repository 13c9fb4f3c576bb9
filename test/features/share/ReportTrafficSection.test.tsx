import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportTrafficSection } from '../../../src/features/share/ReportTrafficSection.tsx';
import type { ReplayOutcome } from '../../../src/engine/traces/traffic-types.ts';
import {
  clearTrafficFigures,
  crossFigures,
  seedTrafficFigures,
} from '../../helpers/traffic-figures.ts';
import { formatUsd } from '../../../src/ui/format.ts';

const RATES = {
  spanDays: 4,
  conversationsPerDay: 3,
  callsPerDay: 50,
  toolOutputsPerDay: 20,
  asBilledUsdPerDay: 2.5,
  promptsUsdPerDay: 2,
  byModelUsdPerDay: {},
};

/** One column of a replay's side-by-side, with the replay's cache-hit share. */
const column = (totalUsd: number) => ({
  calls: 1,
  totalUsd,
  inputUsd: 0,
  cacheReadUsd: 0,
  cacheWriteUsd: totalUsd,
  outputUsd: 0,
  cacheHitShare: 0.8,
});

// Unmount first: clearing the figures under a mounted component would
// re-render it after the test, outside act().
afterEach(() => {
  cleanup();
  clearTrafficFigures();
});

describe('the report’s traffic section', () => {
  it('is absent when no traffic is loaded', () => {
    const { container } = render(<ReportTrafficSection />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows as billed over the span, and says when no replay is chosen', () => {
    seedTrafficFigures(crossFigures({ calls: 200, conversations: 12, rates: RATES }));
    render(<ReportTrafficSection />);
    expect(
      screen.getByRole('heading', { name: 'The replay chosen on Your traffic' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^200 calls in 12 conversations: figures derived/)).toBeInTheDocument();
    expect(
      screen.getByText(`${formatUsd(10)} over 4 days (${formatUsd(2.5)} a day)`),
    ).toBeInTheDocument();
    expect(screen.getByText(/^No replay chosen/)).toBeInTheDocument();
  });

  it('shows the chosen replay and its month at the traffic rate', () => {
    seedTrafficFigures(crossFigures({ rates: RATES }), {
      scopeCalls: 1,
      scopeConversations: 1,
      asBilled: column(10),
      asRun: column(9.8),
      replay: column(6),
      leftOut: [],
      modelsSeen: [],
      choiceText: 'opus-4-6 → sonnet-4-5, 1-hour TTL',
      givesUp: [],
      timeline: { hops: [], totalCalls: 1 },
    } as unknown as ReplayOutcome);
    render(<ReportTrafficSection />);
    expect(screen.getByText(/^opus-4-6 → sonnet-4-5, 1-hour TTL: /)).toHaveTextContent('−40.0%');
    // 60 % of as billed, at $2.50 a day, for 30 days.
    expect(screen.getByText(formatUsd(45))).toBeInTheDocument();
  });
});
