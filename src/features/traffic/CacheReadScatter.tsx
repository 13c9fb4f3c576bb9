import { memo } from 'react';
import type { CalibrationPoint } from '../../engine/traces/traffic-types.ts';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatPlain, formatTokens, formatTokensShort } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import type { ScatterView } from './scatter-view.ts';

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
  view,
  assumptions,
}: {
  points: readonly CalibrationPoint[];
  sampled: boolean;
  /** The series, band, axis top and summary drawn from the points. */
  view: ScatterView;
  /** What the replay assumed (TTLs, price table), for downloaded images. */
  assumptions: readonly string[];
}) {
  const { series, bands, maxTokens: max, summary } = view;
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
