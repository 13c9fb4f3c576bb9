import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/index.ts';
import {
  gapSweepPoint,
  gapSweepValues,
  SHARE_SWEEP_VALUES,
} from '../../../src/domain/routing-runs.ts';
import { typicalIdleGap } from '../../../src/model/generate-turns.ts';
import RoutingPanel from '../../../src/features/routing/RoutingPanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { settled } from '../../helpers/settled.ts';

const usd = (v: number) => formatUsd(v);

function figure(name: RegExp): HTMLElement {
  return screen.getByRole('figure', { name });
}

/** A figure once the engine's run has shown it, found as a user would. */
function shown(name: RegExp): Promise<HTMLElement> {
  return screen.findByRole('figure', { name });
}

/** The rows of a figure's data table, as the text of their cells. */
async function tableRows(fig: HTMLElement): Promise<string[][]> {
  const toggle = within(fig).queryByRole('button', { name: 'Show data table' });
  if (toggle) await userEvent.setup().click(toggle);
  return within(fig)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
}

describe('RoutingPanel charts', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('names every line of the cumulative chart in its legend', async () => {
    render(<RoutingPanel />);
    // The baselines come from the engine, after the first render.
    const legend = () =>
      within(figure(/Cumulative cost/)).getAllByRole('listitem', { hidden: true });
    await waitFor(() => expect(legend()).toHaveLength(4));
    expect(legend().map((li) => li.textContent)).toEqual([
      'Strategy',
      'Every hop on claude-opus-4-6 (default)',
      'Every hop on gpt-4.1-nano (cheapest)',
      'other models (see the tooltip or table)',
    ]);
  });

  it('marks the cache TTL, the sticky TTL and the current gap on the idle-gap sweep', async () => {
    render(<RoutingPanel />);
    const sweep = await shown(/idle gap/);
    const labels = () => [...sweep.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels()).toEqual(expect.arrayContaining(['cache TTL', 'now']));
    expect(labels()).not.toContain('sticky TTL');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Sticky with TTL' }));
    fireEvent.change(screen.getByLabelText('Sticky TTL', { selector: 'input' }), {
      target: { value: '900' },
    });
    expect(labels()).toEqual(expect.arrayContaining(['cache TTL', 'sticky TTL', 'now']));
    expect(
      within(sweep)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['Strategy', 'Every hop on claude-opus-4-6']);
    await settled();
  });

  it('tabulates the idle-gap sweep from the core, and keeps it while the idle gap moves', async () => {
    render(<RoutingPanel />);
    const expected = () => {
      const scenario = useAppStore.getState().routing.scenario;
      return gapSweepValues(300, null, typicalIdleGap(scenario.turns)).map((gap) => {
        const p = gapSweepPoint(scenario, DEFAULT_PRICING, gap);
        return [usd(p.strategyUsd ?? NaN), usd(p.baselineUsd ?? NaN)];
      });
    };
    const sweep = await shown(/idle gap/);
    // The sweep comes from the engine, after the first render.
    await waitFor(() => expect(within(sweep).queryByText(/Still computing/)).toBeNull());
    const before = await tableRows(sweep);
    expect(before.map((r) => r.slice(1, 3))).toEqual(expected());

    fireEvent.change(screen.getByLabelText('Idle gap between turns', { selector: 'input' }), {
      target: { value: '200' },
    });
    expect(await tableRows(sweep)).toEqual(before);
    expect(before.map((r) => r.slice(1, 3))).toEqual(expected());

    // Anything else about the turns reprices the sweep.
    act(() => {
      const { routing, setRoutingScenario } = useAppStore.getState();
      setRoutingScenario({
        turns: routing.scenario.turns.map((t) => ({ ...t, userTokens: t.userTokens + 5_000 })),
      });
    });
    await waitFor(async () => expect(await tableRows(sweep)).not.toEqual(before));
    const after = await tableRows(sweep);
    expect(after.map((r) => r.slice(1, 3))).toEqual(expected());
  });

  it('tabulates the complex-share sweep with the default model’s baseline on every row', async () => {
    render(<RoutingPanel />);
    const share = await shown(/share of complex turns/);
    await waitFor(async () =>
      expect(await tableRows(share)).toHaveLength(SHARE_SWEEP_VALUES.length),
    );
    const rows = await tableRows(share);
    expect(new Set(rows.map((r) => r[2])).size).toBe(1);
  });
});

describe('the routing lab’s sources', () => {
  it('import no recharts', () => {
    const dir = join(import.meta.dirname, '../../../src/features/routing');
    const offenders = readdirSync(dir).filter((file) =>
      /from ['"]recharts/.test(readFileSync(join(dir, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
