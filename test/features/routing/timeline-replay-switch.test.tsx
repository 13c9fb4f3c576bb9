import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { replayTraffic } from '../../../src/engine/traces/replay-service.ts';
import { TimelineChart } from '../../../src/features/routing/TimelineChart.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import {
  clearTrafficFigures,
  crossFigures,
  seedTrafficFigures,
} from '../../helpers/traffic-figures.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';

// Unmount first: clearing the figures under a mounted component would
// re-render it after the test, outside act().
afterEach(() => {
  cleanup();
  clearTrafficFigures();
});

describe('the routing timeline with replayed traffic', () => {
  it('offers no switch until a replay exists, then draws the replayed calls on request', async () => {
    const user = userEvent.setup();
    const scenario = useAppStore.getState().routing.scenario;
    const result = simulateRouting(scenario, DEFAULT_PRICING);
    render(
      <TimelineChart hops={result.hops} turns={scenario.turns} modelNames={['claude-opus-4-6']} />,
    );
    expect(screen.queryByRole('group', { name: 'Timeline shows' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Timeline: every hop' })).toBeInTheDocument();

    const calls = seededTraffic(5, 4, ['claude-opus-4-6', 'claude-haiku-4-5']);
    const outcome = replayTraffic(calls, DEFAULT_PRICING, {
      scope: { kind: 'all' },
      choice: { model: { kind: 'one', model: 'claude-sonnet-4-5' }, ttlSeconds: 300 },
    });
    seedTrafficFigures(crossFigures(), outcome);
    const scenarioButton = await screen.findByRole('button', { name: 'this scenario' });
    expect(scenarioButton).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'replayed traffic' }));
    expect(screen.getByRole('figure', { name: 'Timeline: replayed traffic' })).toBeInTheDocument();
    const conversations = new Set(calls.map((c) => c.conversationId)).size;
    expect(
      screen.getByText(
        new RegExp(
          `^${calls.length} hops over ${conversations} turns: ${calls.length} on claude-sonnet-4-5`,
        ),
      ),
    ).toBeInTheDocument();
    await user.click(scenarioButton);
    expect(screen.getByRole('figure', { name: 'Timeline: every hop' })).toBeInTheDocument();
  });
});
