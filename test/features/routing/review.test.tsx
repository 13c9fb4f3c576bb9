import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { findPreset } from '../../../src/model/presets.ts';
import { gapSweepPoint } from '../../../src/domain/routing-runs.ts';
import { compareStrategies } from '../../../src/domain/strategies.ts';
import { generateTurns } from '../../../src/model/generate-turns.ts';
import RoutingPanel from '../../../src/features/routing/RoutingPanel.tsx';
import { AUTO_COMPARE_MAX_HOPS } from '../../../src/features/routing/strategy-comparison.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { settled } from '../../helpers/settled.ts';

function loadScenarioPreset(id: string) {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  act(() => useAppStore.getState().loadScenario(preset.build()));
}

const gaps = () => useAppStore.getState().routing.scenario.turns.map((t) => t.gapSeconds);

describe('the routing lab for a design review', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('keeps the totals in a summary line beside the Totals card', async () => {
    render(<RoutingPanel />);
    const summary = await screen.findByRole('region', { name: 'Routing summary' });
    const run = simulateRouting(useAppStore.getState().routing.scenario, DEFAULT_PRICING);
    const totals = screen
      .getAllByRole('status')
      .find((el) => el.textContent?.includes('Total cost'));
    expect(totals).toHaveTextContent(`Total cost${formatUsd(run.totals.totalUsd)}`);
    expect(summary).toHaveTextContent(`Total ${formatUsd(run.totals.totalUsd)}`);
    expect(summary).toHaveTextContent(/saves \$[\d.]+ \(\d+%\) vs\. every hop on claude-opus-4-6/);
    await settled();
  });

  it('offers Undo after setting every idle gap, and Undo restores each gap', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    const before = gaps();
    expect(Math.min(...before.slice(1))).toBe(45);
    expect(Math.max(...before.slice(1))).toBe(240);
    const field = screen.getByLabelText('Idle gap between turns', {
      exact: true,
      selector: 'input',
    });
    fireEvent.change(field, { target: { value: '310' } });
    fireEvent.change(field, { target: { value: '319' } });
    expect(
      gaps()
        .slice(1)
        .every((g) => g === 319),
    ).toBe(true);
    const note = screen
      .getAllByRole('status')
      .find((el) => el.textContent?.includes("Set every turn's idle gap to 319 s."));
    if (!note) throw new Error('no undo note');
    await user.click(within(note).getByRole('button', { name: 'Undo' }));
    expect(gaps()).toEqual(before);
    expect(note).toHaveTextContent("Restored each turn's previous idle gap.");
  });

  it('answers “does sticky save money?” truthfully on the support chat', async () => {
    loadScenarioPreset('sticky');
    render(<RoutingPanel />);
    const card = await screen.findByRole('region', { name: /Does sticky save money/ });
    const table = within(card).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^Fixed/),
      expect.stringMatching(/^Hop-aware thinking/),
      expect.stringMatching(/^Complexity classifier/),
      expect.stringMatching(/^Sticky classifier.*your routing/),
    ]);
    const comparison = compareStrategies(
      useAppStore.getState().routing.scenario,
      DEFAULT_PRICING,
      'claude-haiku-4-5',
    );
    const [plain, sticky] = [comparison.rows[2], comparison.rows[3]];
    if (!plain?.ok || !sticky?.ok) throw new Error('not priced');
    expect(sticky.totalUsd).toBeGreaterThan(plain.totalUsd);
    expect(card).toHaveTextContent(
      `No: on this conversation the sticky classifier costs ${formatUsd(sticky.totalUsd)}, ${formatUsd(sticky.totalUsd - plain.totalUsd)}`,
    );
    expect(within(rows[2] as HTMLElement).getByText('cheapest')).toBeInTheDocument();
    // The summary line that stays in view repeats the four totals.
    expect(screen.getByRole('region', { name: 'Routing summary' })).toHaveTextContent(
      `classifier ${formatUsd(plain.totalUsd)} (cheapest) · sticky ${formatUsd(sticky.totalUsd)}`,
    );
    await settled();
  });

  it('prices the strategies of a long conversation when asked', async () => {
    const user = userEvent.setup();
    const scenario = useAppStore.getState().routing.scenario;
    const template = scenario.turns[1];
    if (!template) throw new Error('no turn 2');
    const turns = generateTurns(template, {
      turnCount: Math.ceil(AUTO_COMPARE_MAX_HOPS / 3) + 10,
      spreadPct: 40,
      seed: 1,
      complexSharePct: 25,
    });
    act(() => useAppStore.getState().setRoutingScenario({ turns }));
    render(<RoutingPanel />);
    const card = await screen.findByRole('region', { name: /Does sticky save money/ });
    expect(within(card).queryByRole('table')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Compare the four strategies' }));
    const comparison = compareStrategies(
      useAppStore.getState().routing.scenario,
      DEFAULT_PRICING,
      'claude-haiku-4-5',
    );
    const fixed = comparison.rows[0];
    if (!fixed?.ok) throw new Error('fixed not priced');
    expect(within(card).getByRole('row', { name: /^Fixed/ })).toHaveTextContent(
      formatUsd(fixed.totalUsd),
    );
  });

  it('locates the TTL cliff to the second, each side checked by the core', async () => {
    loadScenarioPreset('sticky');
    render(<RoutingPanel />);
    const summary = await waitFor(() => {
      const el = screen.getByText(/the cliff lies between/);
      expect(el.textContent).toContain('every second between');
      return el.textContent ?? '';
    });
    const match =
      /up to (\d+) s and costs more from (\d+) s: the cliff lies between \1 s and \2 s/.exec(
        summary,
      );
    if (!match) throw new Error(summary);
    const [lo, hi] = [Number(match[1]), Number(match[2])];
    expect(hi - lo).toBe(1);
    const scenario = useAppStore.getState().routing.scenario;
    const at = (gap: number) => gapSweepPoint(scenario, DEFAULT_PRICING, gap);
    const cheaper = (gap: number) => {
      const p = at(gap);
      return (p.strategyUsd ?? Infinity) < (p.baselineUsd ?? -Infinity);
    };
    expect(cheaper(lo)).toBe(true);
    expect(cheaper(hi)).toBe(false);
  });

  it('names its preset control for what it sets, and drops the name once the scenario bar loads another routing', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    const select = screen.getByRole('combobox', { name: 'Conversation preset' });
    expect(select).toHaveDisplayValue(/Support chat/);
    loadScenarioPreset('sticky');
    expect(select).toHaveDisplayValue('Choose a conversation…');
    act(() => useAppStore.getState().resetToDefaults());
    expect(select).toHaveDisplayValue(/Support chat/);
    await user.selectOptions(select, 'Coding agent: long tool loops');
    expect(select).toHaveDisplayValue(/Coding agent/);
    const note = screen
      .getAllByRole('status')
      .find((el) => el.textContent?.includes('Loaded the conversation preset'));
    if (!note) throw new Error('no preset note');
    await user.click(within(note).getByRole('button', { name: 'Undo' }));
    expect(select).toHaveDisplayValue(/Support chat/);
  });

  it('folds the long editors under their headings', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    const toggle = screen.getByRole('button', { name: 'Conversation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Conversation' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Idle gap between turns', { selector: 'input' })).toBeNull();
    expect(screen.getByText('8 turns, 24 hops, folded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Policies' }));
    expect(screen.queryByRole('button', { name: 'Add policy' })).toBeNull();
  });
});
