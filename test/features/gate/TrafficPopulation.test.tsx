import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GatePanel from '../../../src/features/gate/GatePanel.tsx';
import { useAppStore } from '../../../src/state/store.ts';
import {
  crossFigures,
  seedTrafficFigures,
  startEachTestWithoutTraffic,
} from '../../helpers/traffic-figures.ts';
import { settled } from '../../helpers/settled.ts';

const POPULATION = [
  { sizeTokens: 30_000, horizon: 8 },
  { sizeTokens: 1_200, horizon: 2 },
  { sizeTokens: 12_000, horizon: 3 },
];
const PRIORS = { outputs: 3, medianTokens: 12_000, sigma: 1.2345, medianHorizon: 3 };
const RATES = {
  spanDays: 2,
  conversationsPerDay: 7,
  callsPerDay: 120,
  toolOutputsPerDay: 1.5,
  asBilledUsdPerDay: 3,
  promptsUsdPerDay: 2,
  byModelUsdPerDay: {},
};

function card(): HTMLElement {
  return screen.getByRole('region', {
    name: 'Policy comparison over a population of tool outputs',
  });
}

startEachTestWithoutTraffic();

describe("the gate on the traffic's tool outputs", () => {
  it('compares the policies on them, shows the fitted priors and puts them on the sliders', async () => {
    seedTrafficFigures(
      crossFigures({
        calls: 40,
        conversations: 3,
        rates: RATES,
        priors: PRIORS,
        population: POPULATION,
      }),
    );
    render(<GatePanel />);
    fireEvent.click(within(card()).getByRole('button', { name: "My traffic's tool outputs" }));
    expect(useAppStore.getState().gate.population.mode).toBe('traffic');
    expect(within(card()).getByText(/^3 tool outputs from your traffic/)).toBeInTheDocument();
    // Its own sizes: the median-and-spread sliders are not the population now.
    expect(within(card()).queryByLabelText('Median output size')).toBeNull();
    expect(within(card()).getByText('1.23')).toBeInTheDocument();
    // The assumptions name only what the figure uses: each output's own horizon.
    expect(
      await within(card()).findByText(/^Horizon: each output’s own, the later calls/),
    ).toBeInTheDocument();
    expect(within(card()).queryByText(/^Horizon: 6 turns/)).toBeNull();
    await within(card()).findByText(/^On this population the cheapest policy at p_recall 0 is/);

    fireEvent.click(within(card()).getByRole('button', { name: "Use my traffic's priors" }));
    const gate = useAppStore.getState().gate;
    expect(gate.population).toMatchObject({ mode: 'lognormal', medianTokens: 12_000, sigma: 1.23 });
    expect(gate.horizon).toBe(3);
    expect(within(card()).getByLabelText('Median output size')).toHaveValue(12_000);
    expect(screen.getByLabelText('Horizon')).toHaveValue(3);
    await settled();
  });

  it('draws where each policy breaks even over recall and k, with a table of the same', async () => {
    seedTrafficFigures(crossFigures({ rates: RATES, priors: PRIORS, population: POPULATION }));
    render(<GatePanel />);
    fireEvent.click(within(card()).getByRole('button', { name: "My traffic's tool outputs" }));
    const figure = await screen.findByRole('figure', {
      name: 'Where offloading pays on your traffic',
    });
    expect(within(figure).getByText(/^Size-only offload at 2,000 tokens/)).toBeInTheDocument();
    expect(figure).toHaveTextContent('Over the 3 tool outputs of your traffic');
    fireEvent.click(within(figure).getByRole('button', { name: 'Show data table' }));
    const table = within(figure).getByRole('table');
    const ks = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(ks).toEqual(['0', '0.5', '1', '2']);
    await settled();
  });

  it('says so and falls back to median and spread when no traffic is loaded', async () => {
    act(() => useAppStore.getState().setPopulation({ mode: 'traffic' }));
    render(<GatePanel />);
    expect(within(card()).getByText(/^No traffic is loaded in this browser/)).toBeInTheDocument();
    expect(within(card()).getByLabelText('Median output size')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: "Use my traffic's priors" })).toBeNull();
    await settled();
  });

  it('scales the policies to a day and a month at the traffic rate, or a typed one', async () => {
    seedTrafficFigures(crossFigures({ rates: RATES, priors: PRIORS, population: POPULATION }));
    render(<GatePanel />);
    const volume = within(card()).getByRole('region', { name: 'Scale to a month' });
    expect(within(volume).getByLabelText('Tool outputs per day')).toHaveValue(1.5);
    expect(within(volume).getByText('from your traffic')).toBeInTheDocument();
    await within(volume).findByText('Never offload');
    fireEvent.change(within(volume).getByLabelText('Tool outputs per day'), {
      target: { value: '2000' },
    });
    fireEvent.blur(within(volume).getByLabelText('Tool outputs per day'));
    expect(useAppStore.getState().gate.volumePerDay).toBe(2_000);
    fireEvent.click(within(volume).getByRole('button', { name: "Use my traffic's rate" }));
    expect(useAppStore.getState().gate.volumePerDay).toBeNull();
    await settled();
  });
});
