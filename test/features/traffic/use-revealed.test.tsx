import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealed } from '../../../src/features/traffic/use-revealed.ts';

function Rows({ total }: { total: number }) {
  const shown = useRevealed(total, 2, 3);
  return (
    <ul aria-label="rows">
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i + 1}</li>
      ))}
    </ul>
  );
}

/** Runs one animation frame and the task it schedules (fake timers: no waiting on the clock). */
function nextSlice(): void {
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  act(() => {
    vi.runOnlyPendingTimers();
  });
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useRevealed', () => {
  it('shows the first rows at once, then one more slice per frame until all are shown', () => {
    render(<Rows total={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    nextSlice();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    nextSlice();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    nextSlice();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByText('row 7')).toBeTruthy();
  });

  it('keeps the rows already shown when the table grows, and never shows more than it has', () => {
    const { rerender } = render(<Rows total={4} />);
    nextSlice();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    rerender(<Rows total={9} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    nextSlice();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    rerender(<Rows total={1} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
