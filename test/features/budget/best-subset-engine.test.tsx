/**
 * The best subset as the budget tab shows it now that the engine computes
 * it: nothing wrong before the first answer (the rule's figures at once, the
 * best subset "computing…"), and a budget step that re-reads the worker's
 * kept table rather than solving the knapsack again.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as bestSubsetModule from '../../../src/domain/best-subset.ts';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import { DEFAULT_BUDGET } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { MARGINS } from '../../../src/ui/charts/scales.ts';
import { settled } from '../../helpers/settled.ts';

// Count the knapsack's solves, without changing them (this file runs isolated).
vi.mock('../../../src/domain/best-subset.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof bestSubsetModule>();
  return { ...actual, solveBestSubset: vi.fn(actual.solveBestSubset) };
});

const ladder = () => screen.getByRole('figure', { name: 'Admitted tokens by budget' });
const card = () => ladder().closest('section') as HTMLElement;
const bestKeeps = () => within(card()).getByText(/^Best subset keeps/).nextElementSibling;

function setBudget(tokens: number) {
  act(() => useAppStore.getState().setBudget({ maxTotalTokens: tokens, unbounded: false }));
}

beforeEach(() => {
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
  vi.mocked(bestSubsetModule.solveBestSubset).mockClear();
});

describe('the best subset from the engine', () => {
  it('shows the rule at once and no best-subset number before the first answer', async () => {
    render(<BudgetPanel />);
    // The first render: the rule's figures are there, the best subset is not yet.
    expect(screen.getByRole('status')).toHaveTextContent('8,600 of 10,000 tokens used');
    expect(screen.getByText('Whole-row rule admits').nextElementSibling).toHaveTextContent(
      '8,600 tokens',
    );
    expect(card()).toHaveAttribute('aria-busy', 'true');
    expect(bestKeeps()).toHaveTextContent('computing…');
    const caption = within(ladder()).getByText(/leaving 1,400 tokens of headroom unused/);
    expect(caption).toHaveTextContent('Best subset: computing…');
    expect(card()).not.toHaveTextContent('9,800');
    expect(card()).not.toHaveTextContent(/could keep|rule is as good/);
    // Under the pointer, the rule's figure alone.
    const plot = 560 - MARGINS.left - MARGINS.right;
    const svg = ladder().querySelector('svg') as SVGSVGElement;
    fireEvent.pointerMove(svg, { clientX: MARGINS.left + (plot * 10_000) / 13_900 });
    const tip = () => ladder().querySelector('.chart-tooltip') as HTMLElement;
    expect(tip()).toHaveTextContent('Whole-row rule admits 8,600');
    expect(tip()).toHaveTextContent('Best subset: computing…');
    // Then the answer.
    await settled();
    expect(bestKeeps()).toHaveTextContent('9,800 tokens');
    expect(caption).toHaveTextContent('could keep 9,800: 1,200 more.');
    fireEvent.pointerMove(svg, { clientX: MARGINS.left + (plot * 10_000) / 13_900 + 1 });
    expect(tip()).toHaveTextContent('Best subset keeps 9,8');
  });

  it('solves the knapsack once for the rows, however the budget moves', async () => {
    const withHint = (tokens: number) =>
      act(() =>
        useAppStore.getState().setBudget({
          rows: DEFAULT_BUDGET.rows.map((r) =>
            r.contributionId === 'turn-hint' ? { ...r, tokens } : r,
          ),
        }),
      );
    // Rows the worker has not solved yet (it keeps the last table it solved).
    withHint(250);
    render(<BudgetPanel />);
    await waitFor(() => expect(bestKeeps()).toHaveTextContent('9,750 tokens'));
    await settled();
    expect(bestSubsetModule.solveBestSubset).toHaveBeenCalledTimes(1);
    for (const [budget, best] of [
      [9_050, '8,850 tokens'],
      [12_000, '10,350 tokens'],
      [10_000, '9,750 tokens'],
    ] as const) {
      setBudget(budget);
      await waitFor(() => expect(bestKeeps()).toHaveTextContent(best));
      await settled();
    }
    expect(bestSubsetModule.solveBestSubset).toHaveBeenCalledTimes(1);
    // A row's size is a new table.
    withHint(200);
    await waitFor(() => expect(bestKeeps()).toHaveTextContent('9,700 tokens'));
    await settled();
    expect(bestSubsetModule.solveBestSubset).toHaveBeenCalledTimes(2);
  });
});
