import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  headlineFigures,
  type BudgetFigures,
  type HeadlineFigures,
  type Outcome,
} from '../../../src/domain/headline-figures.ts';
import {
  BudgetChart,
  GateTermsChart,
  PolicyChart,
  RoutingChart,
} from '../../../src/features/share/ReportCharts.tsx';
import {
  budgetRowsView,
  gateTermsView,
  policyView,
  routingView,
} from '../../../src/features/share/report-chart-data.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { formatUsd } from '../../../src/ui/format.ts';

function value<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

function figuresFor(gate: Partial<typeof DEFAULT_SCENARIO.gate> = {}): HeadlineFigures {
  return headlineFigures({ ...DEFAULT_SCENARIO, gate: { ...DEFAULT_SCENARIO.gate, ...gate } });
}

const BUDGET: BudgetFigures = {
  report: {
    limit: 5_000,
    totalTokens: 4_000,
    admitted: ['system', 'memory'],
    dropped: ['history'],
  },
  rows: [
    { contributionId: 'system', position: 0, tokens: 1_000, pinned: true, admitted: true },
    { contributionId: 'memory', position: 1, tokens: 3_000, pinned: false, admitted: true },
    { contributionId: 'history', position: 2, tokens: 2_500, pinned: false, admitted: false },
  ],
};

/** The drawing of the chart named `title`: its SVG, and the rectangles drawn per series. */
function drawing(title: string) {
  const figure = screen.getByRole('figure', { name: title });
  const svg = figure.querySelector('svg');
  if (svg === null) throw new Error(`${title} has no drawing`);
  const bars = (series: string) =>
    (svg.querySelector(`path[data-series="${series}"]`)?.getAttribute('d') ?? '').split('M')
      .length - 1;
  const hitAreas = svg.querySelectorAll('rect[fill="transparent"]');
  return { figure, svg, bars, hitAreas };
}

describe('report charts', () => {
  it('draws the gate terms as saving and cost bars, with a legend and a table', async () => {
    const user = userEvent.setup();
    const gate = value(figuresFor({ outputTokens: 40_000, horizon: 6 }).gate);
    const d = gate.decision;
    expect(d.fire).toBe(true);
    render(<GateTermsChart chart={gateTermsView(gate.decision)} />);
    const { figure, bars, hitAreas } = drawing('Offload gate terms');
    expect(figure).toHaveTextContent(`net ${formatUsd(d.netSavingUsd)}, so the gate fires.`);
    // Re-prefill and the (positive) net are savings; the stub and the recall hop are costs.
    expect(bars('saving')).toBe(2);
    expect(bars('cost')).toBe(2);
    expect(within(figure).getByText('Saving')).toBeInTheDocument();
    expect(within(figure).getByText('Cost')).toBeInTheDocument();

    await user.hover(hitAreas[1] as Element);
    // The axis label, and now the tooltip's heading.
    expect(within(figure).getAllByText('Stub')).toHaveLength(2);
    expect(figure).toHaveTextContent(`Cost: ${formatUsd(d.stubCarryCostUsd)}`);

    await user.click(within(figure).getByRole('button', { name: 'Show data table' }));
    const table = within(figure).getByRole('table', { name: 'Offload gate terms' });
    expect(within(table).getByRole('rowheader', { name: 'Stub carried' })).toBeInTheDocument();
    expect(table).toHaveTextContent(`Net saving${formatUsd(d.netSavingUsd)}`);
  });

  it('keeps an axis but draws no bars when every gate term is zero', () => {
    const gate = value(figuresFor({ outputTokens: 1_500 }).gate);
    render(<GateTermsChart chart={gateTermsView(gate.decision)} />);
    const { figure, bars } = drawing('Offload gate terms');
    expect(bars('saving') + bars('cost')).toBe(0);
    expect(figure).toHaveTextContent('so the gate does not fire.');
    expect(within(figure).getByText('$0.00')).toBeInTheDocument();
  });

  it('draws the three policies with the never-offload reference line', () => {
    const population = value(figuresFor().population);
    render(<PolicyChart chart={policyView(population)} />);
    const { figure, svg, bars } = drawing('Offload policies over 1,000 outputs');
    expect(bars('cost')).toBe(3);
    expect(svg.querySelectorAll('line[stroke="var(--c-baseline)"][stroke-dasharray]')).toHaveLength(
      1,
    );
    expect(within(figure).getByText('Never offload level')).toBeInTheDocument();
    expect(figure).toHaveTextContent(
      `never offloading costs ${formatUsd(population.neverOffloadUsd)}`,
    );
  });

  it('draws each prompt row by what admission did to it', async () => {
    const user = userEvent.setup();
    render(<BudgetChart chart={budgetRowsView(BUDGET)} />);
    const { figure, bars, hitAreas } = drawing('Prompt rows admitted and dropped');
    expect([bars('pinned'), bars('admitted'), bars('dropped')]).toEqual([1, 1, 1]);
    for (const label of ['Pinned', 'Admitted', 'Dropped', 'system', 'memory', 'history'])
      expect(within(figure).getAllByText(label).length).toBeGreaterThan(0);
    expect(figure).toHaveTextContent(
      '4,000 tokens admitted of a 5,000-token budget; dropped: history.',
    );
    await user.hover(hitAreas[2] as Element);
    expect(figure).toHaveTextContent('Dropped: 2,500 tokens');
  });

  it('stacks the routing cost split beside the baseline', async () => {
    const user = userEvent.setup();
    const routing = value(figuresFor().routing);
    render(<RoutingChart chart={routingView(routing)} />);
    const { figure, bars, hitAreas } = drawing('Routing cost against the baseline');
    for (const series of ['read', 'write', 'output'])
      expect(bars(series), series).toBeGreaterThan(0);
    for (const label of ['Cache reads', 'Cache writes', 'Output', 'Classifier'])
      expect(within(figure).getByText(label)).toBeInTheDocument();
    await user.hover(hitAreas[0] as Element);
    expect(figure).toHaveTextContent(`Cache reads: ${formatUsd(routing.totals.readUsd)}`);
    await user.unhover(hitAreas[0] as Element);
    expect(figure).not.toHaveTextContent('Cache reads: ');
  });
});
