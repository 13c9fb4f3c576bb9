/**
 * Equality by value of the lab's results. A step of a slider often reprices
 * the conversation to the very same numbers (every gap still under the TTL):
 * keeping the earlier objects then lets the memoised tables and charts skip
 * their render, and the browser its layout and paint. Pure.
 */
import type { SimResult } from '../core/index.ts';
import type { BaselineRow, RunSummary, SimOutcome, SweepPoint } from './routing-runs.ts';
import type { ProgressiveResults } from './routing-runs.ts';

/** Whether two flat records (numbers, strings, booleans) have the same fields and values. */
export function sameRecord<T extends object>(a: T, b: T): boolean {
  if (a === b) return true;
  // Counted with for…in rather than compared as Object.keys lists: this runs
  // for every hop of every run at every slider step, and allocates nothing.
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    if (!Object.hasOwn(b, key) || !Object.is(a[key], b[key])) return false;
    keys += 1;
  }
  for (const key in b) if (Object.hasOwn(b, key)) keys -= 1;
  return keys === 0;
}

/** Whether two lists hold equal items, in order. */
export function sameList<T>(
  a: ArrayLike<T>,
  b: ArrayLike<T>,
  same: (x: T, y: T) => boolean = Object.is,
): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i] as T, b[i] as T)) return false;
  return true;
}

/** Same totals and the same record for every hop. */
export function sameResult(a: SimResult, b: SimResult): boolean {
  return sameRecord(a.totals, b.totals) && sameList(a.hops, b.hops, sameRecord);
}

/** Both priced alike, or both refused for the same reason. */
export function sameOutcome(a: SimOutcome, b: SimOutcome): boolean {
  if (a === b) return true;
  if (a.ok && b.ok) return sameResult(a.result, b.result);
  if (!a.ok && !b.ok) return a.field === b.field && a.message === b.message;
  return false;
}

/** Same totals and the same cumulative cost at every sample. */
export function sameSummary(a: RunSummary, b: RunSummary): boolean {
  return sameRecord(a.totals, b.totals) && sameList(a.cumulativeUsd, b.cumulativeUsd);
}

/** The same model, priced alike or refused alike. */
export function sameBaseline(a: BaselineRow, b: BaselineRow): boolean {
  if (a === b) return true;
  if (a.model !== b.model) return false;
  if (a.ok && b.ok) return sameSummary(a.run, b.run);
  if (!a.ok && !b.ok) return a.message === b.message;
  return false;
}

/** Same sweep point. */
export const samePoint = (a: SweepPoint, b: SweepPoint): boolean => sameRecord(a, b);

/** Compares progressive results item by item (a missing item equals only a missing one). */
export function sameProgress<T>(
  same: (x: T, y: T) => boolean,
): (a: ProgressiveResults<T>, b: ProgressiveResults<T>) => boolean {
  return (a, b) =>
    a === b ||
    (a.done === b.done &&
      sameList(a.results, b.results, (x, y) =>
        x === undefined || y === undefined ? x === y : same(x, y),
      ));
}

/**
 * Whether two plain data values (numbers, strings, booleans, null, undefined,
 * arrays and records of them, as the core and the domain return) are equal
 * by value, all the way down. For results a few hundred fields deep, such as
 * a scenario's headline figures or a report chart's series.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && sameList(a as readonly unknown[], b as readonly unknown[], sameData);
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let keys = 0;
  for (const key in ra) {
    if (!Object.hasOwn(ra, key)) continue;
    if (!Object.hasOwn(rb, key) || !sameData(ra[key], rb[key])) return false;
    keys += 1;
  }
  for (const key in rb) if (Object.hasOwn(rb, key)) keys -= 1;
  return keys === 0;
}
