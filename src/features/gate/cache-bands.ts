/**
 * The shaded runs of the cache what-if chart: each run of sizes where the
 * seed's uncached basis and the cached basis reach opposite verdicts.
 */
import type { CachePoint } from './series.ts';

export interface DisagreementRun {
  readonly points: ReadonlyArray<{ readonly x: number; readonly y0: number; readonly y1: number }>;
}

/** Each run of consecutive points where the two bases disagree, as a band between the curves. */
export function disagreementRuns(data: readonly CachePoint[]): DisagreementRun[] {
  const runs: DisagreementRun[] = [];
  let run: Array<{ x: number; y0: number; y1: number }> = [];
  for (const p of data) {
    if (p.disagrees) {
      run.push({
        x: p.size,
        y0: Math.min(p.uncachedUsd, p.cachedUsd),
        y1: Math.max(p.uncachedUsd, p.cachedUsd),
      });
    } else if (run.length > 0) {
      runs.push({ points: run });
      run = [];
    }
  }
  if (run.length > 0) runs.push({ points: run });
  return runs;
}
