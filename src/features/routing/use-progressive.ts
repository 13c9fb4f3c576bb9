import { useEffect, useMemo, useState } from 'react';

/** Results so far (`undefined` = not computed yet) and whether every task has run. */
export interface ProgressiveResults<T> {
  readonly results: readonly (T | undefined)[];
  readonly done: boolean;
}

/** Longest time results wait before they are shown while work continues, ms. */
const SHOW_EVERY_MS = 250;

interface Progress<T> {
  readonly tasks: readonly (() => T)[];
  readonly results: readonly (T | undefined)[];
  readonly next: number;
}

/** Runs tasks from `progress.next` until the budget is spent (at least one task unless the budget is 0). */
function advance<T>(progress: Progress<T>, budgetMs: number): Progress<T> {
  const { tasks } = progress;
  if (progress.next >= tasks.length || budgetMs <= 0) return progress;
  const results = progress.results.slice();
  const start = performance.now();
  let next = progress.next;
  do {
    results[next] = (tasks[next] as () => T)();
    next++;
  } while (next < tasks.length && performance.now() - start < budgetMs);
  return { tasks, results, next };
}

/**
 * Runs a list of pure, possibly heavy tasks (baselines, sweep points) without
 * freezing the page: as many as fit in `budgetMs` while rendering, the rest a
 * slice at a time in later macrotasks, with the results appearing as they
 * come. A new `tasks` array (memoise it on its inputs) starts over and
 * abandons the old run. A budget of `Infinity` runs every task during the
 * render (for work known to be small); 0 leaves them all to later slices.
 */
export function useProgressive<T>(
  tasks: readonly (() => T)[],
  budgetMs = 12,
): ProgressiveResults<T> {
  const first = useMemo(
    () => advance({ tasks, results: [], next: 0 }, budgetMs),
    [tasks, budgetMs],
  );
  const [later, setLater] = useState<Progress<T> | null>(null);
  const current = later !== null && later.tasks === tasks ? later : first;

  useEffect(() => {
    if (first.next >= first.tasks.length) return undefined;
    let progress = first;
    let lastShown = performance.now();
    const slice = Math.max(1, budgetMs);
    let handle: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const step = () => {
      if (cancelled) return;
      progress = advance(progress, slice);
      const done = progress.next >= progress.tasks.length;
      // Show results at most every SHOW_EVERY_MS: each showing re-renders the charts.
      if (done || performance.now() - lastShown >= SHOW_EVERY_MS) {
        lastShown = performance.now();
        setLater(progress);
      }
      if (!done) handle = setTimeout(step, 0);
    };
    handle = setTimeout(step, 0);
    return () => {
      cancelled = true;
      clearTimeout(handle);
    };
  }, [first, budgetMs]);

  // One object per state of the run, so that memoised charts skip renders in between.
  return useMemo(
    () => ({ results: current.results, done: current.next >= current.tasks.length }),
    [current],
  );
}
