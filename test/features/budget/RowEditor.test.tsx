/**
 * The row editor from the keyboard: every control is named with its row's id,
 * ids stay unique, and reordering keeps the focus on the moved row.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RowEditor } from '../../../src/features/budget/RowEditor.tsx';
import { DEFAULT_BUDGET } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

beforeEach(() => {
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
});

const storeIds = () => useAppStore.getState().budget.rows.map((r) => r.contributionId);

/** Row ids in the order the editor lists them. */
const shownIds = () =>
  screen.getAllByRole('listitem').map((li) => li.querySelector('.budget-row-id')?.textContent);

describe('RowEditor', () => {
  it('names every row control with the row id', () => {
    render(<RowEditor />);
    expect(screen.getByLabelText('Tokens for history')).toHaveValue(5000);
    expect(screen.getByRole('checkbox', { name: 'Pinned: system' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pinned: history' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Tier of history' })).toHaveValue('session');
    for (const name of [
      'Move history up',
      'Move history down',
      'Duplicate history',
      'Remove history',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('moves a row within its tier and keeps the focus on it', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    await user.click(screen.getByRole('button', { name: 'Move history up' }));
    expect(shownIds().slice(3, 6)).toEqual(['memory', 'history', 'retrieved-docs']);
    expect(screen.getByRole('button', { name: 'Move history up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shownIds().slice(3, 6)).toEqual(['history', 'memory', 'retrieved-docs']);
    // First in its tier: the move is refused with a message, not a tier change.
    await user.keyboard('{Enter}');
    expect(shownIds().slice(3, 6)).toEqual(['history', 'memory', 'retrieved-docs']);
    expect(screen.getByText(/history is already first in the Session tier/)).toBeInTheDocument();
  });

  it('adds, duplicates and removes rows', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(storeIds()).toContain('row');
    expect(screen.getByLabelText('Id of row')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Duplicate memory' }));
    expect(storeIds()).toContain('memory-copy');
    await user.click(screen.getByRole('button', { name: 'Remove memory-copy' }));
    expect(storeIds()).not.toContain('memory-copy');
    expect(screen.getByText('Removed memory-copy.')).toBeInTheDocument();
  });

  it('refuses an id another row has, keeping the old one', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    const field = screen.getByLabelText('Id of persona');
    await user.clear(field);
    await user.type(field, 'memory');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Id: "memory" is already used by another row; ids must be unique.',
    );
    expect(storeIds().filter((id) => id === 'memory')).toHaveLength(1);
    await user.type(field, '-2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storeIds()).toContain('memory-2');
  });

  it('estimates tokens from pasted text with the chars-per-token setting', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    await user.click(screen.getByRole('checkbox', { name: 'Estimate from text: memory' }));
    const text = screen.getByLabelText('Text for memory');
    await user.click(text);
    await user.paste('x'.repeat(41));
    const item = text.closest('li') as HTMLElement;
    expect(
      within(item).getByText(/≈ 11 tokens, estimated at 4 chars per token/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Estimate from text: memory' }));
    expect(screen.getByLabelText('Tokens for memory')).toHaveValue(11);
  });

  it('changes a row tier and places it in the new tier', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier of persona' }), 'perTurn');
    expect(shownIds().at(-2)).toBe('persona');
  });

  it('folds under its heading, saying how many rows it holds, and Add row opens it again', async () => {
    const user = userEvent.setup();
    render(<RowEditor />);
    const count = DEFAULT_BUDGET.rows.length;
    const toggle = screen.getByRole('button', { name: 'Prompt rows' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Prompt rows' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Tokens for history')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText(`${count} rows, folded.`)).toBeInTheDocument();
    // The fold is a view: the rows are all still there.
    expect(storeIds()).toHaveLength(count);

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/rows, folded\./)).toBeNull();
    const added = storeIds().at(-1)!;
    expect(storeIds()).toHaveLength(count + 1);
    expect(screen.getByLabelText(`Id of ${added}`)).toHaveFocus();
  });
});
