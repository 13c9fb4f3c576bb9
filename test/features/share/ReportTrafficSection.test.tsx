import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportTrafficSection } from '../../../src/features/share/ReportTrafficSection.tsx';
import { clearTrafficFigures, publishTrafficFigures } from '../../../src/state/traffic-figures.ts';
import { formatUsd } from '../../../src/ui/format.ts';

const RATES = {
  spanDays: 4,
  conversationsPerDay: 3,
  callsPerDay: 50,
  toolOutputsPerDay: 20,
  asBilledUsdPerDay: 2.5,
};

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

  it('shows as billed and the month, and says when no replay is chosen', () => {
    act(() => publishTrafficFigures({ source: '200 calls in 12 conversations', rates: RATES }));
    render(<ReportTrafficSection />);
    expect(screen.getByRole('heading', { name: 'Your traffic' })).toBeInTheDocument();
    expect(screen.getByText(/^200 calls in 12 conversations: figures derived/)).toBeInTheDocument();
    expect(
      screen.getByText(`${formatUsd(10)} over 4 days (${formatUsd(2.5)} a day)`),
    ).toBeInTheDocument();
    expect(screen.getByText(formatUsd(75))).toBeInTheDocument();
    expect(screen.getByText('no replay chosen')).toBeInTheDocument();
  });

  it('shows the chosen replay and its month at the traffic rate', () => {
    act(() =>
      publishTrafficFigures({
        source: 'x',
        rates: RATES,
        replay: {
          choiceText: 'opus-4-6 → sonnet-4-5, 1-hour TTL',
          asBilledUsd: 10,
          asRunUsd: 9.8,
          replayUsd: 6,
          deltaUsd: -4,
          deltaPct: -40,
          cacheHitShare: 0.8,
        },
      }),
    );
    render(<ReportTrafficSection />);
    expect(screen.getByText(/^opus-4-6 → sonnet-4-5, 1-hour TTL: /)).toHaveTextContent('−40.0%');
    // 60 % of as billed, at $2.50 a day, for 30 days.
    expect(screen.getByText(formatUsd(45))).toBeInTheDocument();
  });
});
