/**
 * The calibration scatter as it is drawn, worked out from the worker's
 * points once per answer (the analysis query's `select`): the diagonal, the
 * dots within 2 % and the others, the band, the axis top and the sentence
 * that describes it. The chart only reads it.
 */
import type { TrafficCalibration } from '../../engine/traces/traffic-types.ts';
import type { Band, LineSeries } from '../../ui/charts/line-chart-types.ts';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { niceLinear } from '../../ui/charts/scales.ts';
import { formatPlain } from '../../ui/format.ts';
import { plural } from './plural.ts';

export interface ScatterView {
  readonly series: readonly LineSeries[];
  readonly bands: readonly Band[];
  /** The top of both axes, in tokens. */
  readonly maxTokens: number;
  /** The chart in one sentence (its accessible description). */
  readonly summary: string;
}

/** The scatter of predicted against logged cache reads for the calibration's points. */
export function scatterViewOf({ points, pointsSampled }: TrafficCalibration): ScatterView {
  let largest = 1;
  for (const p of points)
    largest = Math.max(largest, p.predictedCachedTokens, p.loggedCacheReadTokens);
  const top = niceLinear(0, largest, 5).domain[1];
  const dots = (within: boolean) =>
    points
      .filter((p) => p.within === within)
      .map((p) => ({ x: p.predictedCachedTokens, y: p.loggedCacheReadTokens }));
  const series: LineSeries[] = [
    {
      id: 'agree',
      points: [
        { x: 0, y: 0 },
        { x: top, y: top },
      ],
      color: INK.muted,
      width: 1.5,
      dash: '4 3',
    },
    { id: 'within', mode: 'points', points: dots(true), color: PALETTE.predictionWithin },
    { id: 'off', mode: 'points', points: dots(false), color: PALETTE.predictionOff },
  ];
  // A call's own band is 2 % of its prompt, which holds its cached tokens: at least this wide.
  const band: Band = {
    points: [
      { x: 0, y0: 0, y1: 0 },
      // Cut at the top of the plot: the upper edge leaves it at x = top / 1.02.
      { x: top / 1.02, y0: (0.98 * top) / 1.02, y1: top },
      { x: top, y0: 0.98 * top, y1: top },
    ],
    color: PALETTE.predictionWithin,
  };
  const within = points.filter((p) => p.within).length;
  const summary =
    `Predicted against logged cache reads for ${plural(points.length, 'call')}` +
    `${pointsSampled ? ' (an even sample)' : ''}: ${formatPlain(within)} lie within 2 % of their prompt of the diagonal, ` +
    `${formatPlain(points.length - within)} do not.`;
  return { series, bands: [band], maxTokens: top, summary };
}
