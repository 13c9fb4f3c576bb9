import { memo, useMemo } from 'react';
import type { CalibrationPoint } from '../../engine/traces/traffic-types.ts';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { LineChart, type Band, type LineSeries } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { niceLinear } from '../../ui/charts/scales.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatPlain, formatTokens, formatTokensShort } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';

const TITLE = 'Predicted against logged cache reads, per call';
const TABLE_ROWS = 500;
const HEIGHT = 360;

const LEGEND: readonly LegendItem[] = [
  { label: 'within 2 % of the prompt', color: PALETTE.predictionWithin, kind: 'dot' },
  { label: 'further off', color: PALETTE.predictionOff, kind: 'dot' },
  { label: 'predicted = logged', color: INK.muted, kind: 'dash' },
  { label: '±2 % of the predicted reads', color: PALETTE.predictionWithin },
];

/**
 * Predicted against logged cache reads, one dot a call, with the line where
 * they agree and the band within 2 % of it; on the kit's line chart in
 * points mode (each colour one path, however many calls).
 */
export const CacheReadScatter = memo(function CacheReadScatter({
  points,
  sampled,
  assumptions,
}: {
  points: readonly CalibrationPoint[];
  sampled: boolean;
  /** What the replay assumed (TTLs, price table), for downloaded images. */
  assumptions: readonly string[];
}) {
  const { series, bands, max } = useMemo(() => {
    let largest = 1;
    for (const p of points)
      largest = Math.max(largest, p.predictedCachedTokens, p.loggedCacheReadTokens);
    const top = niceLinear(0, largest, 5).domain[1];
    const dots = (within: boolean) =>
      points
        .filter((p) => p.within === within)
        .map((p) => ({ x: p.predictedCachedTokens, y: p.loggedCacheReadTokens }));
    const lines: LineSeries[] = [
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
    return { series: lines, bands: [band], max: top };
  }, [points]);

  const within = points.filter((p) => p.within).length;
  const summary =
    `Predicted against logged cache reads for ${formatPlain(points.length)} calls` +
    `${sampled ? ' (an even sample)' : ''}: ${formatPlain(within)} lie within 2 % of their prompt of the diagonal, ` +
    `${formatPlain(points.length - within)} do not.`;
  return (
    <ChartFigure
      title={TITLE}
      summary={summary}
      assumptions={[
        ...assumptions,
        sampled ? `an even sample of ${formatPlain(points.length)} calls` : 'every call',
      ]}
      legend={LEGEND}
      csvRows={() =>
        points.map((p, i) => ({
          call: i + 1,
          promptTokens: p.promptTokens,
          predictedCacheReadTokens: p.predictedCachedTokens,
          loggedCacheReadTokens: p.loggedCacheReadTokens,
          withinTwoPercent: p.within,
        }))
      }
      table={() => (
        <DataTable
          caption="Predicted and logged cache reads per call"
          columns={[
            { key: 'call', header: 'Call', cell: (_, i) => i + 1 },
            { key: 'prompt', header: 'Prompt', cell: (p) => formatTokens(p.promptTokens) },
            {
              key: 'predicted',
              header: 'Predicted cache reads',
              cell: (p) => formatTokens(p.predictedCachedTokens),
            },
            {
              key: 'logged',
              header: 'Logged cache reads',
              cell: (p) => formatTokens(p.loggedCacheReadTokens),
            },
            { key: 'within', header: 'Within 2 %', cell: (p) => (p.within ? 'yes' : 'no') },
          ]}
          rows={points.slice(0, TABLE_ROWS)}
          rowKey={(_, i) => i}
        />
      )}
    >
      <div className="scatter-box">
        <LineChart
          height={HEIGHT}
          x={{
            domain: [0, max],
            format: formatTokensShort,
            title: 'Predicted cache reads (tokens)',
          }}
          y={{ domain: [0, max], format: formatTokensShort, title: 'Logged cache reads (tokens)' }}
          series={series}
          bands={bands}
        />
      </div>
      <Legend items={LEGEND} />
    </ChartFigure>
  );
});
