/**
 * The sweeps' rows and lines as data (pure): one row per sampled x, the
 * strategy and baseline lines, and the sentence about where they cross.
 */
import type { LineSeries } from '../../ui/charts/LineChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import type { SweepPoint } from '../../domain/routing-runs.ts';
import type { ProgressiveResults } from '../../domain/routing-runs.ts';

/** One sampled x of a sweep, with the costs priced so far. */
export interface Row {
  readonly x: number;
  readonly strategyUsd?: number;
  readonly baselineUsd?: number;
}

/** The sweep's rows: one per x, with the figures computed so far. */
export function rowsOf(xs: readonly number[], sweep: ProgressiveResults<SweepPoint>): Row[] {
  return xs.map((x, i) => {
    const p = sweep.results[i];
    return {
      x,
      ...(p?.strategyUsd == null ? {} : { strategyUsd: p.strategyUsd }),
      ...(p?.baselineUsd == null ? {} : { baselineUsd: p.baselineUsd }),
    };
  });
}

/**
 * Describes where the strategy is cheaper than the baseline along a sweep:
 * the first change of sign, and how many more there are.
 */
export function crossingSummary(
  rows: readonly Row[],
  format: (x: number) => string,
  baselineName: string,
): string {
  const points = rows.flatMap((r) =>
    r.strategyUsd === undefined || r.baselineUsd === undefined
      ? []
      : [{ x: r.x, cheaper: r.strategyUsd < r.baselineUsd }],
  );
  const first = points[0];
  if (first === undefined) return 'The sweep cannot be priced.';
  const changes = points.filter((p, i) => i > 0 && p.cheaper !== points[i - 1]?.cheaper);
  if (changes.length === 0) {
    return first.cheaper
      ? `The strategy is cheaper than ${baselineName} everywhere in the sweep.`
      : `The strategy is never cheaper than ${baselineName} in the sweep.`;
  }
  const change = changes[0] as { x: number; cheaper: boolean };
  const before = points[points.indexOf(change) - 1] as { x: number };
  const more = changes.length > 1 ? ` (it changes sign ${changes.length} times in all)` : '';
  return first.cheaper
    ? `The strategy is cheaper than ${baselineName} up to ${format(before.x)} and costs more from ${format(change.x)}${more}.`
    : `The strategy costs more than ${baselineName} up to ${format(before.x)} and is cheaper from ${format(change.x)}${more}.`;
}

/** A sampled x where both figures are known: is the strategy cheaper there? */
export interface Sample {
  readonly x: number;
  readonly cheaper: boolean;
}

/** The rows where both figures are known, in order of x. */
export function samplesOf(rows: readonly Row[]): Sample[] {
  return rows.flatMap((r) =>
    r.strategyUsd === undefined || r.baselineUsd === undefined
      ? []
      : [{ x: r.x, cheaper: r.strategyUsd < r.baselineUsd }],
  );
}

/** The first change of sign along a sweep: the last sample before it and the first after it. */
export interface Crossing {
  readonly before: Sample;
  readonly after: Sample;
  /** Changes of sign in all (the first is `before`–`after`). */
  readonly changes: number;
}

/** The first change of sign in `samples` (sorted by x), or null when there is none. */
export function firstCrossing(samples: readonly Sample[]): Crossing | null {
  let found: Crossing | null = null;
  let changes = 0;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as Sample;
    const b = samples[i] as Sample;
    if (a.cheaper === b.cheaper) continue;
    changes++;
    found ??= { before: a, after: b, changes: 0 };
  }
  return found === null ? null : { ...found, changes };
}

/** Most gaps a refinement round asks for. */
export const REFINE_POINTS = 24;

/**
 * Whole seconds strictly between `lo` and `hi` to sample next: all of them
 * when there are at most `max`, else `max` evenly spaced ones. Empty once
 * the two are a second or less apart.
 */
export function refineValues(lo: number, hi: number, max = REFINE_POINTS): number[] {
  const first = Math.floor(lo) + 1;
  const last = Math.ceil(hi) - 1;
  const count = last - first + 1;
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => first + i);
  const out = new Set<number>();
  for (let k = 1; k <= max; k++) out.add(Math.round(lo + ((hi - lo) * k) / (max + 1)));
  return [...out].filter((x) => x > lo && x < hi).sort((a, b) => a - b);
}

/**
 * The bracket after a refinement round: the first change of sign among the
 * bracket's ends and the samples taken between them. Null when the new
 * samples cannot be priced (the bracket then stays as it was).
 */
export function narrowCrossing(bracket: Crossing, between: readonly Sample[]): Crossing | null {
  const inside = between.filter((p) => p.x > bracket.before.x && p.x < bracket.after.x);
  const next = firstCrossing([bracket.before, ...inside, bracket.after]);
  return next === null ? null : { ...next, changes: bracket.changes };
}

/** Where the idle-gap sweep sampled: the coarse grid and, when refined, the seconds around the cliff. */
export interface CliffSampling {
  /** The coarse grid: how many gaps, from and to. */
  readonly count: number;
  readonly from: number;
  readonly to: number;
  /** The coarse bracket refined between (null: not refined). */
  readonly refinedBetween: { readonly lo: number; readonly hi: number } | null;
  /** Whether the refinement is still under way. */
  readonly refining: boolean;
}

/**
 * The TTL-cliff sentence: where the strategy stops (or starts) being cheaper,
 * exact to the samples (the last sample on one side, the first on the other)
 * and saying where it sampled; never more precise than the samples.
 */
export function cliffSummary(
  crossing: Crossing | null,
  samples: readonly Sample[],
  sampling: CliffSampling,
  format: (x: number) => string,
  baselineName: string,
): string {
  const first = samples[0];
  if (first === undefined) return 'The sweep cannot be priced.';
  const grid = `${sampling.count} idle gaps from ${format(sampling.from)} to ${format(sampling.to)}`;
  if (crossing === null) {
    return first.cheaper
      ? `The strategy is cheaper than ${baselineName} at every one of the ${grid} sampled.`
      : `The strategy is never cheaper than ${baselineName} at the ${grid} sampled.`;
  }
  const { before, after } = crossing;
  const between = sampling.refinedBetween;
  const where =
    between === null
      ? `sampled at ${grid}`
      : `sampled at ${grid}, then ${after.x - before.x <= 1 ? 'every second' : 'more finely'} between ${format(between.lo)} and ${format(between.hi)}${sampling.refining ? ', still refining' : ''}`;
  const more =
    crossing.changes > 1
      ? ` It changes sign ${crossing.changes} times in all across the sweep.`
      : '';
  const sides = before.cheaper
    ? `cheaper than ${baselineName} up to ${format(before.x)} and costs more from ${format(after.x)}`
    : `costs more than ${baselineName} up to ${format(before.x)} and is cheaper from ${format(after.x)}`;
  return `The strategy is ${sides}: the cliff lies between ${format(before.x)} and ${format(after.x)} (${where}).${more}`;
}

/** The two lines of a sweep: the default model's baseline under the strategy. */
export function sweepSeries(
  xs: readonly number[],
  results: readonly (SweepPoint | undefined)[],
): LineSeries[] {
  return [
    {
      id: 'baseline',
      points: xs.map((x, i) => ({ x, y: results[i]?.baselineUsd })),
      color: PALETTE.baseline,
      width: 1.75,
      dash: '5 3',
    },
    {
      id: 'strategy',
      points: xs.map((x, i) => ({ x, y: results[i]?.strategyUsd })),
      color: PALETTE.result,
      width: 2.5,
      dots: true,
    },
  ];
}
