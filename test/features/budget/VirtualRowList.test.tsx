/**
 * A long row list and table draw a screenful at a time: far fewer rows are
 * in the page than the scenario holds, each still named with its row's id,
 * and the table keeps its caption and columns.
 */
import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import type { BudgetEditorRow } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

const ROWS = 400;

function manyRows(): BudgetEditorRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    contributionId: `row-${String(i + 1).padStart(4, '0')}`,
    section: 'history',
    tier: (['stable', 'session', 'perTurn'] as const)[i % 3]!,
    tokens: 100 + (i % 50),
    text: null,
    pinned: i === 0,
  }));
}

beforeEach(() => {
  act(() => useAppStore.getState().resetToDefaults());
});

describe('a long prompt', () => {
  it('lists a screenful of rows and tabulates a screenful, named as before', () => {
    act(() => useAppStore.getState().setBudget({ rows: manyRows(), maxTotalTokens: 100_000 }));
    render(<BudgetPanel />);
    const editor = screen.getByRole('region', { name: 'Prompt rows' });
    const items = within(editor).queryAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(100);
    // The first row in compiled order (the Stable tier's first) is drawn, with its named controls.
    expect(
      within(editor).getByText('Stable', { exact: false, selector: 'h3' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Id of row-0001')).toHaveValue('row-0001');
    expect(screen.getByRole('button', { name: 'Move row-0001 down' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Rows in compiled order' });
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((r) => r.closest('tbody'));
    expect(bodyRows.length).toBeLessThan(100);
    expect(within(table).getByRole('rowheader', { name: 'row-0001' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Why' })).toBeInTheDocument();
  });
});
