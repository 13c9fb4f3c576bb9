// The main thread's long tasks (over 50 ms), as a measurement a spec logs
// (never asserts on: these machines are shared and noisy).
import type { Page } from '@playwright/test';

/** Starts recording the page's long tasks from now on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}

/** The durations, ms, of the long tasks recorded since `watchLongTasks`. */
export function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
}
