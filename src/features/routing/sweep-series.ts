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
