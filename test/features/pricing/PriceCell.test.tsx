import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PriceCell } from '../../../src/features/pricing/PriceCell.tsx';

describe('a wrapping price-table cell (model names)', () => {
  it('shows the whole value, commits on Enter and never holds a line break', async () => {
    const onCommit = vi.fn();
    render(
      <PriceCell
        label="Model name of m"
        value="m"
        wrap
        commitOn="blur"
        validate={() => null}
        onCommit={onCommit}
        onProblem={() => {}}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Model name of m' });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'anthropic.claude-3-5-sonnet-20241022-v2:0{Enter}');
    expect(onCommit).toHaveBeenCalledWith('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(field).not.toHaveFocus();
  });

  it('turns a pasted line break into a space', async () => {
    const onCommit = vi.fn();
    render(
      <PriceCell
        label="Model name of m"
        value=""
        wrap
        commitOn="blur"
        validate={() => null}
        onCommit={onCommit}
        onProblem={() => {}}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Model name of m' });
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('two\nlines');
    await user.tab();
    expect(onCommit).toHaveBeenCalledWith('two lines');
  });
});
