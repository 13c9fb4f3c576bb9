/** The budget's summary line: the decision in a few words that stay in view while rows are edited. */
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { admitWithinBudget } from '../../../src/core/index.ts';
import { toBudgetRows, compileRows } from '../../../src/domain/compiled-rows.ts';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import { DEFAULT_BUDGET } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatTokens } from '../../../src/ui/format.ts';

const summary = () => screen.getByRole('region', { name: 'Budget summary' });

describe('BudgetSummary', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().setBudget(DEFAULT_BUDGET));
  });

  it('shows the admitted tokens of the budget and how many rows dropped, as the core admits them', () => {
    act(() => useAppStore.getState().setBudget({ maxTotalTokens: 8_000, unbounded: false }));
    render(<BudgetPanel />);
    const { budget } = useAppStore.getState();
    const rows = toBudgetRows(compileRows(budget.rows, budget.charsPerToken));
    const { report } = admitWithinBudget(rows, { maxTotalTokens: 8_000 });
    expect(report.dropped.length).toBeGreaterThan(0);
    expect(summary()).toHaveTextContent(
      `${formatTokens(report.totalTokens)} / 8,000 tokens${report.dropped.length} rows dropped`,
    );
  });

  it('says when the pinned rows alone are over budget', () => {
    act(() => useAppStore.getState().setBudget({ maxTotalTokens: 100, unbounded: false }));
    render(<BudgetPanel />);
    expect(summary()).toHaveTextContent(/^Over budgetpinned rows alone need [\d,]+ of 100 tokens$/);
  });

  it('says when nothing is dropped under no ceiling', () => {
    act(() => useAppStore.getState().setBudget({ unbounded: true }));
    render(<BudgetPanel />);
    expect(summary()).toHaveTextContent(/unbounded, nothing dropped/);
  });
});
