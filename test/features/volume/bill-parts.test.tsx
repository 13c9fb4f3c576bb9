// Every tab's monthly figure with traffic loaded: scaled to the part of the
// bill the tab models, and saying which part, against the whole bill.
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BudgetVolumeLine } from '../../../src/features/budget/BudgetVolumeLine.tsx';
import { GateVolumeLine } from '../../../src/features/gate/GateVolumeLine.tsx';
import { CARRY_REQUEST } from '../../../src/engine/traces/traffic-carry.ts';
import type { PopulationComparison } from '../../../src/core/index.ts';
import { engineQueryClient } from '../../../src/engine/query-client.ts';
import type { TrafficGateRegion } from '../../../src/engine/traces/traffic-gate-region.ts';
import { trafficKeys } from '../../../src/engine/traces/traffic-queries.ts';
import { pricingTable } from '../../../src/state/selectors.ts';
import {
  crossFigures,
  seedTrafficFigures,
  startEachTestWithoutTraffic,
  storedTraffic,
} from '../../helpers/traffic-figures.ts';

const RATES = {
  spanDays: 3,
  conversationsPerDay: 2,
  callsPerDay: 100,
  toolOutputsPerDay: 25,
  asBilledUsdPerDay: 5,
  promptsUsdPerDay: 2,
  byModelUsdPerDay: { 'claude-opus-4-6': 4, 'claude-haiku-4-5': 1 },
};

startEachTestWithoutTraffic();

/** "Never offload: $1.00 a day · $30.00 per 30 days" → 30. */
function perMonth(label: RegExp): number {
  const item = screen.getByText(label).closest('li')!;
  const match = /· \$([\d,.]+)\s*per 30 days/.exec(item.textContent ?? '');
  expect(match, item.textContent ?? '').not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

function comparison(never: number, sizeOnly: number, gate: number): PopulationComparison {
  return {
    never: { totalUsd: never },
    sizeOnly: { totalUsd: sizeOnly },
    gate: { totalUsd: gate },
  } as unknown as PopulationComparison;
}

describe("the gate's monthly figures on traffic", () => {
  it("set never offloading to the traffic's carry and keep the tab's ratios", async () => {
    seedTrafficFigures(crossFigures({ calls: 300, rates: RATES }));
    const region: TrafficGateRegion = {
      request: CARRY_REQUEST,
      rows: [
        {
          recallElasticity: 0,
          points: [{ recallProbability: 0, neverUsd: 50, sizeOnlyUsd: 50, gateUsd: 50 }],
        },
      ],
      outputs: 60,
      outputsPerDay: 20,
      unpricedOutputs: 15,
      groups: [{ model: 'claude-opus-4-6', outputs: 60, cacheHitShare: 0.9 }],
    };
    act(() =>
      engineQueryClient.setQueryData(
        trafficKeys.gateRegion(storedTraffic(), pricingTable.get(), CARRY_REQUEST),
        region,
      ),
    );
    render(<GateVolumeLine comparison={comparison(40, 20, 30)} />);
    // The priced outputs' rate: 20 a day, $0.05 each as the traffic carried them.
    expect(await screen.findByLabelText('Tool outputs per day')).toHaveValue(20);
    expect(perMonth(/^Never offload$/)).toBeCloseTo(30, 2);
    expect(perMonth(/^Size-only offload$/)).toBeCloseTo(15, 2);
    expect(perMonth(/^Net-saving gate$/)).toBeCloseTo(22.5, 2);
    const section = screen.getByRole('region', { name: 'Scale to a month' });
    const note = within(section).getByText(/Scaled to the part of your bill/);
    expect(note).toHaveTextContent('the carry of the 60 tool outputs in your traffic');
    expect(note).toHaveTextContent('$30.00 per 30 days as billed, 20% of your bill of $150');
  });

  it("are the scenario's own, with no note, without traffic", () => {
    render(<GateVolumeLine comparison={comparison(40, 20, 30)} />);
    // 1,000 outputs a day (the stated default) at $0.04 each.
    expect(perMonth(/^Never offload$/)).toBeCloseTo(1200, 2);
    expect(screen.queryByText(/Scaled to the part of your bill/)).toBeNull();
  });
});

describe("the budget's monthly figures on traffic", () => {
  it("set every row to the traffic's prompts and the admitted prompt to its share", () => {
    seedTrafficFigures(crossFigures({ calls: 300, rates: RATES }));
    render(<BudgetVolumeLine />);
    const every = screen.getByText(/^Every row, no budget/);
    const admitted = screen.getByText(/^The admitted prompt/);
    const tokens = (el: HTMLElement) =>
      Number(/\(([\d,]+) tokens/.exec(el.textContent ?? '')![1]!.replace(/,/g, ''));
    // Prompts billed $2 a day: $60 per 30 days, within the $150 bill.
    expect(perMonth(/^Every row, no budget/)).toBeCloseTo(60, 2);
    expect(perMonth(/^The admitted prompt/)).toBeCloseTo(
      (60 * tokens(admitted)) / tokens(every),
      1,
    );
    expect(screen.getByText(/Scaled to the part of your bill/)).toHaveTextContent(
      'the prompts of your traffic',
    );
    // The model to price on then sets only the ratio, and its select says so.
    expect(screen.getByLabelText('Priced on')).toHaveAccessibleDescription(
      /this model sets only how much the admitted prompt saves against it, not the bill/,
    );
  });

  it('says nothing of the ratio without traffic', () => {
    render(<BudgetVolumeLine />);
    expect(screen.getByLabelText('Priced on')).not.toHaveAttribute('aria-describedby');
  });
});
