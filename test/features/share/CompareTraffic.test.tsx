import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { budgetFigures } from '../../../src/domain/headline-figures.ts';
import { planChoiceOf } from '../../../src/domain/traffic-replay.ts';
import { engineQueryClient } from '../../../src/engine/query-client.ts';
import { replayTraffic } from '../../../src/engine/traces/replay-service.ts';
import { trafficKeys } from '../../../src/engine/traces/traffic-queries.ts';
import ComparePanel from '../../../src/features/share/ComparePanel.tsx';
import { useShareStore } from '../../../src/features/share/share-store.ts';
import { pricingTable } from '../../../src/state/selectors.ts';
import { selectScenario, useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';
import {
  crossFigures,
  seedTrafficFigures,
  startEachTestWithoutTraffic,
  storedTraffic,
} from '../../helpers/traffic-figures.ts';

const calls = seededTraffic(5, 20, ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5']);
const replayOf = (choice: ReturnType<typeof planChoiceOf>) =>
  replayTraffic(calls, DEFAULT_PRICING, { scope: { kind: 'all' }, choice });

startEachTestWithoutTraffic();

function pinCurrent() {
  act(() => {
    useShareStore.getState().pinA(selectScenario(useAppStore.getState()));
  });
}

describe('A/B with traffic', () => {
  it('says nothing of traffic when none is stored', () => {
    pinCurrent();
    render(<ComparePanel pinned={useShareStore.getState().pinnedA!} />);
    expect(screen.queryByRole('heading', { name: 'Your traffic, replayed' })).toBeNull();
    expect(screen.getAllByRole('status')[0]!.textContent).not.toMatch(/your traffic/);
    act(() => useShareStore.getState().pinA(null));
  });

  it("sets A's replay beside B's, each as the traffic worker answered it", () => {
    const asBilled = replayOf(planChoiceOf(useAppStore.getState().traffic.replay));
    seedTrafficFigures(crossFigures({ calls: calls.length }), asBilled);
    pinCurrent();
    act(() =>
      useAppStore.getState().setReplayChoice({ modelMode: 'one', oneModel: 'claude-haiku-4-5' }),
    );
    const choiceB = planChoiceOf(useAppStore.getState().traffic.replay);
    const onHaiku = replayOf(choiceB);
    act(() =>
      engineQueryClient.setQueryData(
        trafficKeys.replay(storedTraffic(), pricingTable.get(), { kind: 'all' }, choiceB),
        onHaiku,
      ),
    );
    render(<ComparePanel pinned={useShareStore.getState().pinnedA!} />);
    const region = screen.getByRole('region', { name: 'Your traffic replayed under A and B' });
    const cells = within(within(region).getByRole('row', { name: /^Replayed cost/ })).getAllByRole(
      'cell',
    );
    expect(cells.map((c) => c.textContent)).toEqual([
      formatUsd(asBilled.replay.totalUsd),
      formatUsd(onHaiku.replay.totalUsd),
      formatUsd(onHaiku.replay.totalUsd - asBilled.replay.totalUsd),
    ]);
    expect(screen.getAllByRole('status')[0]!.textContent).toMatch(
      /On your traffic, \d+ of \d+ figures differ\.$/,
    );
    act(() => useShareStore.getState().pinA(null));
  });

  it("sets each tab's monthly figure of A beside B's, scaled to the part of the bill it models", () => {
    const asBilled = replayOf(planChoiceOf(useAppStore.getState().traffic.replay));
    const rates = {
      ...crossFigures().rates,
      spanDays: 10,
      conversationsPerDay: 4,
      callsPerDay: 40,
      asBilledUsdPerDay: 10,
      promptsUsdPerDay: 6,
    };
    seedTrafficFigures(crossFigures({ calls: calls.length, rates }), asBilled);
    pinCurrent();
    const before = budgetFigures(useAppStore.getState().budget);
    const allTokens = before.rows.reduce((sum, row) => sum + row.tokens, 0);
    // B admits fewer tokens: its admitted prompt is a smaller share of the prompts' bill.
    act(() =>
      useAppStore
        .getState()
        .setBudget({ unbounded: false, maxTotalTokens: Math.floor(before.report.totalTokens / 2) }),
    );
    const after = budgetFigures(useAppStore.getState().budget);
    expect(after.report.totalTokens).toBeLessThan(before.report.totalTokens);
    render(<ComparePanel pinned={useShareStore.getState().pinnedA!} />);
    const region = screen.getByRole('region', {
      name: 'Each tab per 30 days of your traffic, A and B',
    });
    const cellsOf = (name: RegExp) =>
      within(within(region).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // At the traffic's own rate, every row without a budget is the prompts' bill
    // ($6 a day), and the admitted prompt its share by tokens.
    const month = (tokens: number) => (rates.promptsUsdPerDay * 30 * tokens) / allTokens;
    expect(cellsOf(/^Prompt budget/)).toEqual([
      formatUsd(month(before.report.totalTokens)),
      formatUsd(month(after.report.totalTokens)),
      formatUsd(month(after.report.totalTokens) - month(before.report.totalTokens)),
    ]);
    expect(cellsOf(/^Model routing/)[2], 'routing did not change').toBe('same');
    act(() => useShareStore.getState().pinA(null));
  });
});
