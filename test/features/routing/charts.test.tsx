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
} from '../../../src/features/routing/analysis.ts';
import { CostLineChart } from '../../../src/features/routing/CostLineChart.tsx';
import { typicalIdleGap } from '../../../src/features/routing/generate.ts';
import RoutingPanel from '../../../src/features/routing/RoutingPanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';

const usd = (v: number) => formatUsd(v);

describe('CostLineChart', () => {
  const xs = [0, 10, 20, 30];
  const props = {
    height: 200,
    xs,
    xMin: 0,
    xMax: 30,
    xFormat: (x: number) => `${x}s`,
    yFormat: usd,
    series: [
      { id: 'a', values: [1, 2, 3, 4], color: 'red', width: 2 },
      { id: 'b', values: [2, null, 2, 2], color: 'blue', width: 1, dash: '4 3', dots: true },
    ],
    markers: [
      { x: 10, label: 'cache TTL', color: 'grey', dash: '2 3' },
      { x: 11, label: 'now', color: 'black' },
      { x: 99, label: 'off the chart', color: 'black' },
    ],
    tooltip: (i: number) => <span>point {xs[i]}</span>,
  };

  it('draws a path per series, breaking a line where a value is missing', () => {
    const { container } = render(<CostLineChart {...props} />);
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '');
    expect(paths).toHaveLength(2);
    expect(paths[0]?.match(/M/g)).toHaveLength(1);
    expect(paths[1]?.match(/M/g)).toHaveLength(2);
    // Dots on every point the dotted series has.
    expect(container.querySelectorAll('circle')).toHaveLength(3);
  });

  it('labels the markers inside the domain and stacks the ones that would overlap', () => {
    const { container } = render(<CostLineChart {...props} />);
    const label = (text: string) =>
      [...container.querySelectorAll('text')].find((t) => t.textContent === text);
    expect(label('off the chart')).toBeUndefined();
    const ttl = label('cache TTL');
    const now = label('now');
    expect(ttl).toBeDefined();
    expect(now).toBeDefined();
    expect(now?.getAttribute('y')).not.toBe(ttl?.getAttribute('y'));
  });

  it('shows the tooltip of the point nearest the pointer, and hides it on leaving', () => {
    const { container } = render(<CostLineChart {...props} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    // 560 px wide by default, plot from 76 to 544 px: x = 20 is at 388 px.
    fireEvent.pointerMove(svg, { clientX: 380 });
    expect(screen.getByText('point 20')).toBeInTheDocument();
    fireEvent.pointerLeave(svg);
    expect(screen.queryByText('point 20')).not.toBeInTheDocument();
  });
});

function figure(name: RegExp): HTMLElement {
  return screen.getByRole('figure', { name });
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
    await waitFor(() => expect(legend()).toHaveLength(4), { timeout: 5_000 });
    expect(legend().map((li) => li.textContent)).toEqual([
      'Strategy',
      'Every hop on claude-opus-4-6 (default)',
      'Every hop on gpt-4.1-nano (cheapest)',
      'other models (see the tooltip or table)',
    ]);
  });

  it('marks the cache TTL, the sticky TTL and the current gap on the idle-gap sweep', async () => {
    render(<RoutingPanel />);
    const sweep = figure(/idle gap/);
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
    const sweep = figure(/idle gap/);
    // The sweep comes from the engine, after the first render.
    await waitFor(() => expect(within(sweep).queryByText(/Still computing/)).toBeNull(), {
      timeout: 5_000,
    });
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
    await waitFor(async () => expect(await tableRows(sweep)).not.toEqual(before), {
      timeout: 5_000,
    });
    const after = await tableRows(sweep);
    expect(after.map((r) => r.slice(1, 3))).toEqual(expected());
  });

  it('tabulates the complex-share sweep with the default model’s baseline on every row', async () => {
    render(<RoutingPanel />);
    const share = figure(/share of complex turns/);
    await waitFor(
      async () => expect(await tableRows(share)).toHaveLength(SHARE_SWEEP_VALUES.length),
      { timeout: 5_000 },
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
