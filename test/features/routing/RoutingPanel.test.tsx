import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type RoutingScenario } from '../../../src/core/index.ts';
import { baselineScenario } from '../../../src/domain/routing-runs.ts';
import { generateTurns, withIdleGap } from '../../../src/model/generate-turns.ts';
import RoutingPanel from '../../../src/features/routing/RoutingPanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { settled } from '../../helpers/settled.ts';

function totals(): HTMLElement {
  const region = screen.getAllByRole('status').find((el) => el.textContent?.includes('Total cost'));
  if (!region) throw new Error('no totals region');
  return region;
}

/** The value shown beside a term of the totals. */
function term(label: string | RegExp): string {
  const dt = within(totals()).getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

/** Waits, as a user would, for the engine's run to show the totals. */
async function totalsShown(): Promise<void> {
  await screen.findByText('Total cost', { selector: 'dt' });
}

function combo(name: string): HTMLSelectElement {
  return screen.getByRole('combobox', { name }) as HTMLSelectElement;
}

function numberField(name: string): HTMLInputElement {
  return screen.getByLabelText(name, { exact: true, selector: 'input' }) as HTMLInputElement;
}

function expectedSaving(scenario: RoutingScenario): number {
  const run = simulateRouting(scenario, DEFAULT_PRICING).totals.totalUsd;
  const base = simulateRouting(
    baselineScenario(scenario, scenario.defaultModel.model),
    DEFAULT_PRICING,
  ).totals.totalUsd;
  return base - run;
}

const stickyComplexity = {
  kind: 'sticky',
  ttlSeconds: 300,
  inner: {
    kind: 'complexity',
    complex: { model: 'claude-opus-4-6', thinking: false },
    simple: { model: 'claude-haiku-4-5', thinking: false },
    classifierUsd: 0.002,
  },
} as const;

describe('RoutingPanel', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('labels the preset, strategy, cache TTL and default model controls', async () => {
    render(<RoutingPanel />);
    expect(combo('Conversation preset')).toHaveDisplayValue(/Support chat/);
    expect([...combo('Conversation preset').options].map((o) => o.text).join(' | ')).toMatch(
      /Support chat.*Coding agent.*Research agent/,
    );
    expect([...combo('Strategy').options].map((o) => o.text)).toEqual([
      'None',
      'Fixed',
      'Hop-aware thinking',
      'Complexity classifier',
    ]);
    expect(combo('Cache TTL')).toHaveDisplayValue('5 minutes');
    expect([...combo('Cache TTL').options].map((o) => o.text)).toEqual([
      '5 minutes',
      '1 hour',
      'Custom',
    ]);
    expect(combo('Default model')).toHaveDisplayValue('claude-opus-4-6');
    expect(screen.getByRole('checkbox', { name: 'Sticky with TTL' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Thinking change invalidates cache' }),
    ).toBeChecked();
    expect(numberField('Idle gap between turns')).toBeInTheDocument();
    await settled();
  });

  it('shows the totals the core computes beside the default model’s baseline', async () => {
    render(<RoutingPanel />);
    await totalsShown();
    const scenario = useAppStore.getState().routing.scenario;
    const run = simulateRouting(scenario, DEFAULT_PRICING).totals;
    expect(term('Total cost')).toBe(formatUsd(run.totalUsd));
    expect(term('Baseline: every hop on claude-opus-4-6')).toBe(
      formatUsd(
        simulateRouting(baselineScenario(scenario, 'claude-opus-4-6'), DEFAULT_PRICING).totals
          .totalUsd,
      ),
    );
    expect(term('Saving vs. baseline')).toContain(formatUsd(expectedSaving(scenario)));
    expect(term('Model switches')).toBe(String(run.modelSwitches));
    await settled();
  });

  it('turns fixed Opus into a sticky complexity router, then loses the saving past the TTL', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    await user.selectOptions(combo('Strategy'), 'Complexity classifier');
    await user.click(screen.getByRole('checkbox', { name: 'Sticky with TTL' }));
    expect(useAppStore.getState().routing.scenario.strategy).toEqual(stickyComplexity);
    expect(numberField('Sticky TTL')).toHaveValue(300);
    expect(combo('Model for simple turns')).toHaveDisplayValue('claude-haiku-4-5');

    const routed = useAppStore.getState().routing.scenario;
    const saving = expectedSaving(routed);
    expect(saving).toBeGreaterThan(0);
    await waitFor(() => expect(term('Saving vs. baseline')).toContain(formatUsd(saving)));
    expect(within(totals()).getByText(/Routing saves/)).toBeInTheDocument();

    fireEvent.change(numberField('Idle gap between turns'), { target: { value: '600' } });
    const widened = { ...routed, turns: withIdleGap(routed.turns, 600) };
    expect(useAppStore.getState().routing.scenario.turns).toEqual(widened.turns);
    const lost = expectedSaving(widened);
    expect(lost).toBeLessThan(0);
    await waitFor(() => expect(term('Saving vs. baseline')).toContain(formatUsd(lost)));
    expect(within(totals()).getByText(/the saving is gone/)).toBeInTheDocument();
    await settled();
  });

  it('sets the cache TTL from the select and a custom field', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    expect(screen.queryByLabelText('Custom TTL')).not.toBeInTheDocument();
    await user.selectOptions(combo('Cache TTL'), '1 hour');
    expect(useAppStore.getState().routing.scenario.cacheTtlSeconds).toBe(3_600);
    await user.selectOptions(combo('Cache TTL'), 'Custom');
    expect(numberField('Custom TTL')).toHaveValue(3_600);
    fireEvent.change(numberField('Custom TTL'), { target: { value: '300' } });
    // A typed 300 s stays a custom TTL rather than snapping back to "5 minutes".
    expect(combo('Cache TTL')).toHaveDisplayValue('Custom');
    expect(useAppStore.getState().routing.scenario.cacheTtlSeconds).toBe(300);
    fireEvent.change(numberField('Custom TTL'), { target: { value: '-5' } });
    expect(screen.getByRole('alert')).toHaveTextContent(/Custom TTL: must be between 0 and/);
    expect(useAppStore.getState().routing.scenario.cacheTtlSeconds).toBe(300);
    await settled();
  });

  it('names a model missing from the price table in an alert and keeps the inputs', async () => {
    act(() =>
      useAppStore
        .getState()
        .setRoutingScenario({ defaultModel: { model: 'mystery-model', thinking: false } }),
    );
    render(<RoutingPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/the default model/);
    expect(screen.getByRole('alert')).toHaveTextContent(/mystery-model/);
    expect(combo('Default model')).toHaveDisplayValue('mystery-model (not in the price table)');
    expect(useAppStore.getState().routing.scenario.defaultModel.model).toBe('mystery-model');
    expect(screen.getAllByRole('status').some((s) => /No totals/.test(s.textContent ?? ''))).toBe(
      true,
    );
  });

  it('shows every hop in the timeline’s table view', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    const timeline = await screen.findByRole('figure', { name: 'Timeline: every hop' });
    expect(within(timeline).getByText(/24 hops over 8 turns/)).toBeInTheDocument();
    await user.click(within(timeline).getByRole('button', { name: 'Show data table' }));
    const rows = within(timeline).getAllByRole('row');
    expect(rows).toHaveLength(25);
    const thirdHop = rows[3] as HTMLElement;
    expect(within(thirdHop).getByText('claude-haiku-4-5')).toBeInTheDocument();
    expect(within(thirdHop).getByText('policy “log-ticket”')).toBeInTheDocument();
    expect(within(thirdHop).getByText('log_ticket honoured')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('cold')).toBeInTheDocument();
  });

  it('loads the coding agent, whose hop-aware thinking drops forced tools', async () => {
    const user = userEvent.setup();
    render(<RoutingPanel />);
    await user.selectOptions(combo('Conversation preset'), 'Coding agent: long tool loops');
    expect(combo('Strategy')).toHaveDisplayValue('Hop-aware thinking');
    const expectedDropped = simulateRouting(
      useAppStore.getState().routing.scenario,
      DEFAULT_PRICING,
    ).totals.forceDropped;
    await waitFor(() => expect(Number(term('Forced tools dropped'))).toBe(expectedDropped));
    const dropped = Number(term('Forced tools dropped'));
    expect(dropped).toBeGreaterThan(0);
    await user.selectOptions(combo('Strategy'), 'Fixed');
    expect(combo('Conversation preset')).toHaveDisplayValue('Custom (edited)');
  });

  it('quotes the seed beside the controls', async () => {
    render(<RoutingPanel />);
    await totalsShown();
    for (const title of [
      /policies first/,
      /the dispatch context/,
      /stamps, not warmth/,
      /only the react dispatch is routed/,
      /cache state is per process/,
      /forcing under thinking/,
    ]) {
      expect(screen.getByText(title, { selector: 'summary' })).toBeInTheDocument();
    }
    await settled();
  });
});

describe('RoutingPanel with a model removed from the price table', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('names the strategy’s missing model and recovers when the model is priced again', async () => {
    act(() => useAppStore.getState().setRoutingScenario({ strategy: stickyComplexity }));
    act(() => useAppStore.getState().removePriceRow('claude-haiku-4-5'));
    render(<RoutingPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This routing cannot be priced: policy 1 (model) — no pricing row for model "claude-haiku-4-5".',
    );
    expect(combo('Model for simple turns')).toHaveDisplayValue(
      'claude-haiku-4-5 (not in the price table)',
    );
    act(() => useAppStore.getState().resetPrices());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(term('Total cost')).toBe(
      formatUsd(
        simulateRouting(useAppStore.getState().routing.scenario, DEFAULT_PRICING).totals.totalUsd,
      ),
    );
    await settled();
  });
});

/** The default table plus `n` imported rows; every fifth is a rerank model priced $0. */
function importRows(n: number) {
  const rows: Record<string, { provider: string; input: number; output: number }> = {};
  for (let i = 0; i < n; i++) {
    const free = i % 5 === 0;
    rows[`imported/model-${i}`] = {
      provider: 'imported',
      input: free ? 0 : 0.01 + i / 10_000,
      output: free ? 0 : 0.02 + i / 10_000,
    };
  }
  act(() => useAppStore.getState().mergePriceRows(rows));
}

function baselineRows(): string[] {
  const card = screen.getByRole('region', { name: 'Baselines table, scrollable' });
  return within(card)
    .getAllByRole('rowheader')
    .map((th) => th.textContent ?? '');
}

describe('RoutingPanel with a large price table', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('prices baselines for the default models only, and never calls a $0 model the cheapest', async () => {
    importRows(3_000);
    render(<RoutingPanel />);
    await waitFor(() =>
      expect(baselineRows()).toHaveLength(1 + Object.keys(DEFAULT_PRICING).length),
    );
    expect(baselineRows().some((name) => name.startsWith('imported/'))).toBe(false);
    const cumulative = screen.getByRole('figure', { name: /Cumulative cost/ });
    expect(within(cumulative).getByText(/the cheapest single model is/)).not.toHaveTextContent(
      /imported|\$0\.00/,
    );
  });

  it('adds a model to the baselines from a search, and removes it again', async () => {
    importRows(300);
    const user = userEvent.setup();
    render(<RoutingPanel />);
    await user.click(await screen.findByText('Add models to the baselines'));
    await user.type(screen.getByRole('searchbox', { name: 'Find a model' }), 'model-123');
    await user.click(
      screen.getByRole('button', { name: 'Add imported/model-123 to the baselines' }),
    );
    expect(useAppStore.getState().routing.baselineModels).toEqual(['imported/model-123']);
    await waitFor(() => expect(baselineRows()).toContain('imported/model-123'));
    // A $0 row can be added, is marked, and never counts as the cheapest.
    await user.clear(screen.getByRole('searchbox', { name: 'Find a model' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a model' }), 'model-100');
    await user.click(
      screen.getByRole('button', { name: 'Add imported/model-100 to the baselines' }),
    );
    await waitFor(() => expect(baselineRows()).toContain('imported/model-100priced $0'));
    const cumulative = screen.getByRole('figure', { name: /Cumulative cost/ });
    expect(within(cumulative).getByText(/the cheapest single model is/)).not.toHaveTextContent(
      'imported/model-100',
    );
    await user.click(
      screen.getByRole('button', { name: 'Remove imported/model-123 from the baselines' }),
    );
    await waitFor(() => expect(baselineRows()).not.toContain('imported/model-123'));
    expect(useAppStore.getState().routing.baselineModels).toEqual(['imported/model-100']);
  });
});

describe('RoutingPanel with a long conversation', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('shows the totals and the baselines once the engine has computed them', async () => {
    const { routing, setRoutingScenario } = useAppStore.getState();
    const like = routing.scenario.turns[1]!;
    const turns = generateTurns(like, { ...routing.generator, turnCount: 2_000 });
    act(() => setRoutingScenario({ turns }));
    render(<RoutingPanel />);
    // The strategy runs in the engine: nothing is computed in the render,
    // and the results follow.
    expect(screen.queryByText('Total cost')).toBeNull();
    const expected = (): string =>
      formatUsd(
        simulateRouting(useAppStore.getState().routing.scenario, DEFAULT_PRICING).totals.totalUsd,
      );
    const first = expected();
    await waitFor(() => expect(term('Total cost')).toBe(first));
    // An edit keeps the previous totals on screen until the new run is back.
    const before = term('Total cost');
    act(() =>
      setRoutingScenario({
        turns: withIdleGap(useAppStore.getState().routing.scenario.turns, 1_000),
      }),
    );
    expect(term('Total cost')).toBe(before);
    const second = expected();
    expect(second).not.toBe(before);
    await waitFor(() => expect(term('Total cost')).toBe(second));
    await waitFor(() => expect(screen.queryByText(/Pricing \d+ more…/)).toBeNull());
    expect(baselineRows()).toHaveLength(1 + Object.keys(DEFAULT_PRICING).length);
  });
});
