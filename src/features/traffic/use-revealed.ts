import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to render: up to `first` at once, then `step`
 * more after each painted frame, so a long table is committed in slices and
 * never blocks the main thread in one long task. Never shrinks below what
 * is already shown (a re-derived table keeps its rows on screen).
 *
 * Each slice renders as a transition: React then builds it in pieces of a
 * few milliseconds, yielding between them, where an update from a timer
 * would be rendered in one uninterrupted task; only the commit that adds
 * the finished slice to the page is one piece.
 */
export function useRevealed(total: number, first = 50, step = 50): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the frame that shows this slice, in a task of its own.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => setShown((n) => Math.min(total, Math.max(n, first) + step)));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, total, first, step]);
  return Math.min(total, Math.max(shown, Math.min(total, first)));
}
