import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  breakEven,
  DEFAULT_PRICING,
  evaluateOffloadGate,
  GATE_DEFAULTS,
  resolveGateInputs,
} from '../../../src/core/index.ts';
import { DEFAULT_GATE } from '../../../src/model/gate.ts';
import { formatTokens } from '../../../src/ui/format.ts';
import GatePanel from '../../../src/features/gate/GatePanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { settled } from '../../helpers/settled.ts';

function field(name: string): HTMLInputElement {
  return screen.getByLabelText(name, { exact: true, selector: 'input' }) as HTMLInputElement;
}

function setField(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function decisionRegion(): HTMLElement {
  const region = screen
    .getAllByRole('status')
    .find((el) => el.textContent?.includes("The framework's log line"));
  if (!region) throw new Error('no decision region');
  return region;
}

const expected = (over: Partial<Parameters<typeof evaluateOffloadGate>[0]> = {}) =>
  evaluateOffloadGate(
    {
      outputTokens: 40_000,
      horizon: 6,
      recallProbability: 0.3,
      modelName: 'claude-opus-4-6',
      ...GATE_DEFAULTS,
      ...over,
    },
    DEFAULT_PRICING,
  );

describe('GatePanel', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('labels every control with the names the explorer documents', async () => {
    render(<GatePanel />);
    for (const name of [
      'Output tokens',
      'Horizon',
      'Recall probability',
      'Large offload threshold',
      'Stub tokens',
      'Recall input tokens',
      'Recall output tokens',
      'Output characters',
    ]) {
      expect(field(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Output tokens' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeInTheDocument();
    expect(screen.getByText(/The seed does not publish its defaults/)).toBeInTheDocument();
    await settled();
  });

  it('shows the core reason string for the worked example and offloads', async () => {
    render(<GatePanel />);
    const region = decisionRegion();
    expect(region).toHaveTextContent('Offload');
    expect(screen.getByTestId('gate-reason')).toHaveTextContent(expected().reason);
    await settled();
  });

  it('flips to keep inline when the output drops below the threshold', async () => {
    render(<GatePanel />);
    setField('Output tokens', '3000');
    expect(decisionRegion()).toHaveTextContent('Keep inline');
    expect(screen.getByTestId('gate-reason')).toHaveTextContent(
      'below large_offload_threshold (3000 < 10000 tokens)',
    );
    await settled();
  });

  it('follows the model select and the characters field', async () => {
    render(<GatePanel />);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Model' }),
      'claude-haiku-4-5',
    );
    expect(screen.getByTestId('gate-reason')).toHaveTextContent(
      expected({ modelName: 'claude-haiku-4-5' }).reason,
    );
    setField('Output characters', '200000');
    expect(field('Output tokens').value).toBe('50000');
    expect(screen.getByTestId('gate-reason')).toHaveTextContent(
      expected({ modelName: 'claude-haiku-4-5', outputTokens: 50_000 }).reason,
    );
  });

  it('refuses an out-of-range value with an alert and keeps the last good one', async () => {
    render(<GatePanel />);
    setField('Recall probability', '1.5');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Recall probability: must be between 0 and 1',
    );
    expect(useAppStore.getState().gate.recallProbability).toBe(0.3);
    setField('Horizon', '2.5');
    expect(
      screen
        .getAllByRole('alert')
        .some((a) => a.textContent?.includes('Horizon: must be a whole number')),
    ).toBe(true);
    expect(useAppStore.getState().gate.horizon).toBe(6);
    await settled();
  });

  it('states break-even figures in words, the symbols behind "How this is computed"', async () => {
    render(<GatePanel />);
    const region = decisionRegion();
    expect(region).toHaveTextContent(/Offloading pays above [\d,]+ tokens at this horizon/);
    // The verdict's own words carry no symbol; the charts' T* and H* are explained below it.
    expect(region.textContent).not.toMatch(/T\*|H\*/);
    const how = screen.getByText('How this is computed').closest('details')!;
    expect(how.open).toBe(false);
    const sizeTokens = breakEven(resolveGateInputs(DEFAULT_GATE), DEFAULT_PRICING).sizeTokens!;
    expect(how).toHaveTextContent(
      `T*, the break-even size: the output size where the net saving is 0 at this horizon (${formatTokens(Math.floor(sizeTokens))} tokens).`,
    );
    await settled();
  });

  it('gives every chart a summary and a data table', async () => {
    render(<GatePanel />);
    const buttons = screen.getAllByRole('button', { name: 'Show data table' });
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    await userEvent.click(buttons[0]!);
    expect(screen.getByRole('table', { name: 'Net saving by output size' })).toBeInTheDocument();
  });

  it('compares policies over a pasted population and names a bad entry', async () => {
    render(<GatePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pasted sizes' }));
    fireEvent.change(screen.getByLabelText('Pasted output sizes'), {
      target: { value: '1000, 50000, oops' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('entry 3');
    fireEvent.change(screen.getByLabelText('Pasted output sizes'), {
      target: { value: '1000, 50000, 200000' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    // The comparison comes from the engine, after the edit's own render.
    expect(
      await screen.findByText(/Per 1,000 tool outputs: never offloading costs/),
    ).toBeInTheDocument();
  });
});
