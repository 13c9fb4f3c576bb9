/**
 * The budget explorer's two charts as a user sees them: the stacked bar of
 * the compiled prompt (status in words and markers, the budget line, the
 * legend and a tooltip per row) and the admission ladder (drop points, the
 * budget, where the compile fails, a tooltip per budget), kept in step with
 * the decision at every budget.
 */
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import { useBudgetView } from '../../../src/features/budget/use-budget.ts';
import { MARGINS } from '../../../src/ui/charts/scales.ts';
import { settled } from '../../helpers/settled.ts';
import { DEFAULT_BUDGET } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

beforeEach(() => {
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
});

const figure = (title: string) => screen.getByRole('figure', { name: title });
const bar = () => figure('Compiled prompt against the budget');
const ladder = () => figure('Admitted tokens by budget');

function setBudget(tokens: number) {
  act(() => useAppStore.getState().setBudget({ maxTotalTokens: tokens, unbounded: false }));
}

describe('Compiled prompt chart', () => {
  it('marks each row by text as well as colour, with the budget line and a legend', () => {
    render(<BudgetPanel />);
    const chart = within(bar());
    expect(chart.getAllByText('◆ tools')).toHaveLength(2); // all rows, and shipped
    expect(chart.getAllByText('retrieved-docs')).toHaveLength(2);
    expect(chart.getAllByText('✕ history')).toHaveLength(1); // dropped rows do not ship
    expect(chart.getByText('Budget 10,000')).toBeInTheDocument();
    expect(chart.getByText('All rows')).toBeInTheDocument();
    expect(chart.getByText('Admitted', { selector: 'text' })).toBeInTheDocument();
    const legend = bar().querySelectorAll('.chart-legend [data-legend]');
    expect([...legend].map((item) => item.textContent)).toEqual([
      'Admitted',
      '◆ Pinned (never dropped)',
      '✕ Dropped (hatched)',
    ]);
  });

  it('names a row, its fate and its place in the drop order in a tooltip', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    await user.hover(within(bar()).getByText('✕ history'));
    const tip = bar().querySelector('.chart-tooltip') as HTMLElement;
    expect(tip).toHaveTextContent('#6 history');
    expect(tip).toHaveTextContent('5,000 tokens · Dropped');
    expect(tip).toHaveTextContent('Session tier · drop order 2');
  });

  it('marks the pinned rows over budget and the rows not compiled when nothing compiles', () => {
    render(<BudgetPanel />);
    setBudget(3_000);
    const chart = within(bar());
    expect(chart.getByText('! tools')).toBeInTheDocument();
    expect(chart.queryByText('◆ tools')).not.toBeInTheDocument();
    const legend = bar().querySelectorAll('.chart-legend [data-legend]');
    expect([...legend].map((item) => item.textContent)).toContain('! Pinned, over budget');
    expect([...legend].map((item) => item.textContent)).toContain('Not compiled (dashed)');
  });

  it('shows the same figures as a data table', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    await user.click(within(bar()).getByRole('button', { name: 'Show data table' }));
    const table = within(bar()).getByRole('table');
    const history = within(table).getByRole('row', { name: /history/ });
    expect(history).toHaveTextContent('history65,0008,600Dropped');
  });
});

describe('Admission ladder chart', () => {
  it('labels the drop points, the budget and where the compile fails', () => {
    render(<BudgetPanel />);
    const chart = within(ladder());
    expect(chart.getByText('✕ retrieved-docs')).toBeInTheDocument();
    expect(chart.getByText('Budget')).toBeInTheDocument();
    expect(chart.getByText('compile fails')).toBeInTheDocument();
    expect(chart.getByText('Budget (tokens)')).toBeInTheDocument();
    const legend = ladder().querySelectorAll('.chart-legend [data-legend]');
    expect([...legend].map((item) => item.textContent)).toEqual([
      'Whole-row rule (admitted)',
      'Best subset',
      'No waste (admitted = budget)',
      'Headroom wasted at the budget',
      'Compile fails',
      'Dots: where rows drop (✕ names them)',
    ]);
  });

  it('tells the rule and the best subset apart at the budget under the pointer', async () => {
    render(<BudgetPanel />);
    // The best subset is the engine's answer: the ladder is busy until it comes.
    await settled();
    const svg = ladder().querySelector('svg') as SVGSVGElement;
    // jsdom has no layout: the chart is 560 px wide from x = 0, the plot inside the kit's margins.
    const plot = 560 - MARGINS.left - MARGINS.right;
    fireEvent.pointerMove(svg, { clientX: MARGINS.left + (plot * 10_000) / 13_900 });
    const tip = ladder().querySelector('.chart-tooltip') as HTMLElement;
    expect(tip).toHaveTextContent(/Budget 10,0\d\d/);
    expect(tip).toHaveTextContent('Whole-row rule admits 8,600');
    expect(tip).toHaveTextContent('Best subset keeps 9,8');
    fireEvent.pointerMove(svg, { clientX: MARGINS.left + 10 });
    expect(ladder().querySelector('.chart-tooltip')).toHaveTextContent(
      'Compile fails: the pinned rows do not fit.',
    );
  });
});

describe('one budget step', () => {
  it('shows the new budget in the decision and in every chart at once', () => {
    render(<BudgetPanel />);
    setBudget(9_050);
    expect(screen.getByRole('status')).toHaveTextContent('8,600 of 9,050 tokens used');
    expect(within(bar()).getByText('Budget 9,050')).toBeInTheDocument();
    expect(bar()).toHaveTextContent('under the budget of 9,050 tokens');
    expect(ladder()).toHaveTextContent('At the budget of 9,050 tokens');
    expect(screen.getByText('Headroom wasted').nextElementSibling).toHaveTextContent('450 tokens');
  });

  it('keeps what the row table shows unchanged until a row changes fate', () => {
    const { result } = renderHook(() => useBudgetView());
    const before = result.current;
    setBudget(10_050);
    expect(result.current.outcome).not.toBe(before.outcome);
    expect(result.current.fates).toBe(before.fates);
    expect(result.current.compiled).toBe(before.compiled);
    expect(result.current.ladder).toBe(before.ladder);
    setBudget(8_000);
    expect(result.current.fates).not.toBe(before.fates);
    expect(result.current.fates.status.get('retrieved-docs')).toBe('dropped');
  });
});
