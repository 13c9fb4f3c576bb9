import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import GatePanel from '../../../src/features/gate/GatePanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import { settled } from '../../helpers/settled.ts';

function setField(name: string, value: string) {
  const input = screen.getByLabelText(name, { exact: true, selector: 'input' });
  fireEvent.change(input, { target: { value } });
}

const decision = () => {
  const region = screen
    .getAllByRole('status')
    .find((el) => el.textContent?.includes("The framework's log line"));
  if (!region) throw new Error('no decision region');
  return region;
};

describe('the gate tab: p* in words and the fire map in words', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('says p* ≥ 1 in words, never as a probability above 1', async () => {
    render(<GatePanel />);
    expect(
      within(decision()).getByText('Offloading pays even if the output is always recalled.'),
    ).toBeInTheDocument();
    expect(decision().textContent).not.toMatch(/p\* = \d/);
    await settled();
  });

  it('shows p* between 0 and 1 as a percentage', async () => {
    render(<GatePanel />);
    // 500 tokens, no threshold, 1 turn: p* = 350 · $5/M / (2,000 · $5/M + 300 · $25/M) = 0.1.
    setField('Large offload threshold', '0');
    setField('Output tokens', '500');
    setField('Horizon', '1');
    expect(
      within(decision()).getByText(
        'Offloading pays while the recall probability stays below 10.0% (the break-even p*).',
      ),
    ).toBeInTheDocument();
    await settled();
  });

  it('states the fire map’s regions in words and switches its columns', async () => {
    render(<GatePanel />);
    const map = screen.getByRole('figure', { name: /^Where the gate fires/ });
    expect(
      within(map).getByText(
        'Not priced (hatched): below the 10,000-token threshold the output stays inline without pricing.',
      ),
    ).toBeInTheDocument();
    const legend = within(map).getByText('keep inline, not priced (below threshold or H = 0)');
    expect(legend.previousElementSibling).toHaveClass('legend-swatch', 'hatch');
    fireEvent.click(within(map).getByRole('button', { name: 'Horizon × recall' }));
    expect(map).toHaveAccessibleName('Where the gate fires: horizon × recall probability');
    expect(
      within(map).getByText(
        'Not priced (hatched): a horizon of 0 turns carries nothing, so nothing is saved.',
      ),
    ).toBeInTheDocument();
    await settled();
  });
});
