import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWidth } from '../../src/ui/charts/use-width.ts';

function Box() {
  const [ref, width] = useWidth<HTMLDivElement>(560);
  return (
    <div ref={ref} data-testid="box">
      width {width}
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useWidth', () => {
  it('takes the width from the resize observer’s report, never reading the box before layout', () => {
    const observers: { callback: () => void; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        entry: { callback: () => void; disconnected: boolean };
        constructor(callback: () => void) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const box = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: 812.4 } as DOMRect);
    const { unmount } = render(<Box />);
    // Reading the box in the effect would force a layout of the page: it waits for the report.
    expect(box).not.toHaveBeenCalled();
    expect(screen.getByTestId('box').textContent).toBe('width 560');
    act(() => observers[0]!.callback());
    expect(screen.getByTestId('box').textContent).toBe('width 812');
    unmount();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('measures at once where there is no resize observer', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 300,
    } as DOMRect);
    render(<Box />);
    expect(screen.getByTestId('box').textContent).toBe('width 300');
  });
});
