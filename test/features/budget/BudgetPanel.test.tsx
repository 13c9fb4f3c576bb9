/**
 * The prompt-budget explorer as a user sees it: the Budget control, the
 * decision (role="status"), the results table, and the core's answers.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { admitWithinBudget, BudgetExceededError } from '../../../src/core/index.ts';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import { DEFAULT_BUDGET, TYPICAL_PROMPT_ROWS } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

beforeEach(() => {
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
});

/** The status text of each row in the results table, by id, in table order. */
function statuses(): [string, string][] {
  const table = screen.getByRole('table', { name: 'Rows in compiled order' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      row.querySelector('.badge')?.textContent ?? '',
    ]);
}

const decision = () => screen.getByRole('status');

function setBudget(tokens: number) {
  act(() => useAppStore.getState().setBudget({ maxTotalTokens: tokens, unbounded: false }));
}

describe('BudgetPanel: the decision', () => {
  it('shows the typical prompt under the default budget', () => {
    render(<BudgetPanel />);
    expect(screen.getByLabelText('Budget')).toHaveValue(10000);
    expect(screen.getByRole('slider', { name: 'Budget' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unbounded' })).not.toBeChecked();
    expect(decision()).toHaveTextContent('Compiles');
    expect(decision()).toHaveTextContent('Dropped: history, turn-hint.');
    expect(statuses()).toEqual([
      ['system', 'Pinned'],
      ['tools', 'Pinned'],
      ['persona', 'Admitted'],
      ['memory', 'Admitted'],
      ['retrieved-docs', 'Admitted'],
      ['history', 'Dropped'],
      ['turn-hint', 'Dropped'],
    ]);
    const report = screen.getByText("The core's BudgetReport").closest('details') as HTMLElement;
    expect(report).toHaveTextContent('totalTokens8,600');
    expect(report).toHaveTextContent('admittedsystem, tools, persona, memory, retrieved-docs');
  });

  it.each([0, 3_599, 3_600, 4_199, 5_100, 8_599, 8_600, 13_599, 13_900, 50_000])(
    'agrees with the core at a budget of %i tokens',
    (budget) => {
      render(<BudgetPanel />);
      setBudget(budget);
      const rows = TYPICAL_PROMPT_ROWS.map((r, position) => ({
        contributionId: r.contributionId,
        position,
        tokens: r.tokens,
        pinned: r.pinned,
      }));
      try {
        const { report } = admitWithinBudget(rows, { maxTotalTokens: budget });
        expect(decision()).toHaveTextContent('Compiles');
        expect(statuses()).toEqual(
          rows.map((r) => [
            r.contributionId,
            r.pinned
              ? 'Pinned'
              : report.dropped.includes(r.contributionId)
                ? 'Dropped'
                : 'Admitted',
          ]),
        );
      } catch (error) {
        if (!(error instanceof BudgetExceededError)) throw error;
        expect(decision()).toHaveTextContent(error.message);
      }
    },
  );

  it('fails when the pinned rows exceed the budget, and recovers when a row is unpinned', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    const budget = screen.getByLabelText('Budget');
    await user.clear(budget);
    await user.type(budget, '3000');
    expect(decision()).toHaveTextContent('Compile fails');
    expect(decision()).toHaveTextContent(
      'pinned contributions (system, tools) need 3600 tokens but the budget is 3000.',
    );
    expect(decision()).toHaveTextContent(
      'Two ways out: raise the budget by 600 tokens (to 3,600), or unpin system or tools.',
    );
    const table = screen.getByRole('table', { name: 'Rows in compiled order' });
    expect(within(table).getAllByText('over budget')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Pinned: tools' }));
    expect(decision()).toHaveTextContent('Compiles');
    expect(statuses().find(([id]) => id === 'tools')?.[1]).toBe('Dropped');
  });

  it('raises the budget to the smallest that compiles', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    setBudget(2_000);
    await user.click(screen.getByRole('button', { name: 'Raise budget to 3,600' }));
    expect(screen.getByLabelText('Budget')).toHaveValue(3600);
    expect(decision()).toHaveTextContent('Compiles');
  });

  it('admits everything when unbounded, and a new budget turns that off', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    await user.click(screen.getByRole('checkbox', { name: 'Unbounded' }));
    expect(decision()).toHaveTextContent('Unbounded: all 7 rows admitted, 13,900 tokens.');
    const budget = screen.getByLabelText('Budget');
    await user.clear(budget);
    await user.type(budget, '9000');
    expect(screen.getByRole('checkbox', { name: 'Unbounded' })).not.toBeChecked();
    expect(decision()).toHaveTextContent('8,600 of 9,000 tokens');
  });

  it('says when ids clash instead of crashing', () => {
    render(<BudgetPanel />);
    act(() =>
      useAppStore.getState().setBudget({
        rows: [...TYPICAL_PROMPT_ROWS, { ...TYPICAL_PROMPT_ROWS[5]!, tier: 'perTurn' }],
      }),
    );
    expect(decision()).toHaveTextContent('Ids must be unique: "history" is used by 2 rows.');
    expect(screen.getByRole('alert')).toHaveTextContent('Ids must be unique');
  });
});

describe('BudgetPanel: the comparisons', () => {
  it('shows the headroom the whole-row rule wastes and the best subset', async () => {
    render(<BudgetPanel />);
    // The best subset is the engine's answer: it comes after the rule's figures.
    await waitFor(() =>
      expect(
        screen.getByText(/leaving 1,400 tokens of headroom unused/, { selector: 'figcaption' }),
      ).toHaveTextContent('The best subset of droppable rows could keep 9,800: 1,200 more.'),
    );
    expect(
      screen.getByText(/Rows drop as the budget falls: turn-hint below 13,900/),
    ).toBeInTheDocument();
  });

  it('shows which rows flip within the estimator error band', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    expect(
      screen.getByText(
        /Within ±20%, 1 row flips: retrieved-docs \(admitted as estimated; dropped at \+20%\)/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prose ±10%' }));
    expect(screen.getByLabelText('Estimator error')).toHaveValue(10);
    expect(screen.getByText(/No row's admission flips within ±10%/)).toBeInTheDocument();
  });

  it('flags a section budget that does not narrow the prompt budget', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    await user.selectOptions(screen.getByLabelText('Section to limit'), 'history');
    await user.click(screen.getByRole('button', { name: 'Add section limit' }));
    expect(screen.getByText('narrows the prompt budget')).toBeInTheDocument();
    const limit = screen.getByLabelText('Section limit: history');
    await user.clear(limit);
    await user.type(limit, '12000');
    expect(screen.getByText('✕ does not narrow the prompt budget')).toBeInTheDocument();
    expect(
      screen.getByText('12,000 tokens is more than the prompt budget of 10,000.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'No limit: history' }));
    expect(screen.getByText(/An unbounded section under a prompt budget/)).toBeInTheDocument();
  });
});
