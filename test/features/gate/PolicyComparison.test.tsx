import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, resolveGateInputs } from '../../../src/core/index.ts';
import { policyFigures } from '../../../src/domain/population-sizes.ts';
import { findPreset, V712_PRESET_ID } from '../../../src/model/presets.ts';
import GatePanel from '../../../src/features/gate/GatePanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { formatDeltaPct, UNCACHED_BASIS_NOTE } from '../../../src/domain/policy-words.ts';

function comparisonCard(): HTMLElement {
  return screen.getByRole('region', {
    name: 'Policy comparison over a population of tool outputs',
  });
}

async function summary(): Promise<HTMLElement> {
  const card = comparisonCard();
  return within(card).findByText(/Per 1,000 tool outputs: never offloading costs/);
}

describe('the policy comparison (SPEC §2.1)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it("says on the seed's basis what that basis leaves out", async () => {
    render(<GatePanel />);
    const card = comparisonCard();
    expect(within(card).getByText(UNCACHED_BASIS_NOTE)).toBeInTheDocument();
    expect(await summary()).toHaveTextContent("on the seed's uncached basis");
    expect(within(card).getByText(/Basis: the seed's/)).toBeInTheDocument();
    expect(within(card).getByText(/Horizon: 6 turns \(the gate’s above\)/)).toBeInTheDocument();
  });

  it("shows the preset's figures beside the seed's own, with the assumptions in words", async () => {
    const preset = findPreset(V712_PRESET_ID);
    if (!preset) throw new Error('no preset');
    act(() => useAppStore.getState().loadScenario(preset.build()));
    render(<GatePanel />);
    const data = preset.build();
    const { comparison } = policyFigures(
      data.gate.population,
      resolveGateInputs(data.gate),
      DEFAULT_PRICING,
    );
    const status = await summary();
    expect(status.closest('[role="status"]')).not.toBeNull();
    for (const outcome of [comparison.never, comparison.sizeOnly, comparison.gate]) {
      expect(status).toHaveTextContent(formatUsd(outcome.totalUsd));
    }
    expect(status).toHaveTextContent(
      `${formatDeltaPct(comparison.sizeOnly.deltaVsNeverPct)} vs never`,
    );
    expect(status).toHaveTextContent(`${formatDeltaPct(comparison.gate.deltaVsNeverPct)} vs never`);
    // About +97 % and −10 %, the gate's with the true minus sign.
    expect(status.textContent).toMatch(/\+9\d\.\d% vs never/);
    expect(status.textContent).toMatch(/\u221210\.\d% vs never/);
    const card = comparisonCard();
    expect(within(card).queryByText(UNCACHED_BASIS_NOTE)).toBeNull();
    expect(
      within(card).getByText(/Basis: cache-aware — 90% of carried context read from a warm cache/),
    ).toHaveTextContent('8,000 tail tokens');
    expect(within(card).getByText(/more for smaller outputs \(k = 1\)/)).toBeInTheDocument();
    expect(within(card).getByText(/the seed reports \+94\.8 % for v7\.12\.0/)).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: /Recall probability by output size/ }),
    ).toBeInTheDocument();
  });

  it('lets the user change the basis, the elasticity and the horizon from labelled controls', async () => {
    render(<GatePanel />);
    const card = comparisonCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Cache-aware' }));
    expect(useAppStore.getState().gate.population).toMatchObject({
      carryBasis: 'cached',
      cacheHitShare: 0.9,
    });
    expect(within(card).getByLabelText('Cache-hit share φ', { selector: 'input' })).toHaveValue(
      0.9,
    );
    fireEvent.change(within(card).getByLabelText('Recall elasticity k', { selector: 'input' }), {
      target: { value: '1' },
    });
    expect(useAppStore.getState().gate.population.recallElasticity).toBe(1);
    const horizon = within(card).getByRole('group', { name: 'Comparison horizon' });
    fireEvent.click(within(horizon).getByRole('button', { name: 'Its own' }));
    fireEvent.change(
      within(card).getByLabelText('Comparison horizon value', { selector: 'input' }),
      { target: { value: '3' } },
    );
    expect(useAppStore.getState().gate.population.horizon).toBe(3);
    expect(await within(card).findByText('Horizon: 3 turns')).toBeInTheDocument();
    expect(await summary()).toHaveTextContent('on the cache-aware basis');
  });
});
