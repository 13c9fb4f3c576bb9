import { memo } from 'react';
import type { BilledRow, BreakdownView } from '../../engine/traces/traffic-types.ts';
import { BarChart, type BarSeries } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { BILLED_SERIES } from './billed-kinds.ts';
import type { BilledChartView } from './billed-view.ts';
import { rowName } from './breakdown-words.ts';

const SERIES: readonly BarSeries[] = BILLED_SERIES.map((k) => ({
  id: k.key,
  label: k.label,
  color: k.color,
}));
const LEGEND: readonly LegendItem[] = BILLED_SERIES.map((k) => ({
  label: k.label,
  color: k.color,
}));

/** Stacked horizontal bars of cost by kind of token, one bar a row, on the kit's bar chart. */
export const BilledBarsChart = memo(function BilledBarsChart({
  chart,
  rowLabel,
  view,
  assumptions,
}: {
  /** The bars, title and summary, worked out with the analysis. */
  chart: BilledChartView;
  rowLabel: string;
  view: BreakdownView;
  /** What the costs assume (the price table, the calls left out), for downloaded images. */
  assumptions: readonly string[];
}) {
  const { title, rows, categories, summary } = chart;
  const withIds = view === 'conversation';
  return (
    <ChartFigure
      title={title}
      summary={summary}
      assumptions={assumptions}
      legend={LEGEND}
      csvRows={() =>
        rows.map((r) => ({
          [rowLabel]: rowName(view, r),
          ...(withIds ? { 'Conversation id': r.key } : {}),
          Calls: r.calls,
          ...Object.fromEntries(BILLED_SERIES.map((k) => [`${k.label} (USD)`, r[k.key]])),
          'Total (USD)': r.totalUsd,
        }))
      }
      table={() => (
        <DataTable
          caption={title}
          columns={[
            {
              key: '\0name',
              header: rowLabel,
              cell: (r) => rowName(view, r),
              rowHeader: true,
              isolate: true,
            },
            ...(withIds
              ? [
                  {
                    key: '\0id',
                    header: 'Conversation id',
                    cell: (r: BilledRow) => r.key,
                    className: 'file-name',
                    isolate: true,
                  },
                ]
              : []),
            ...BILLED_SERIES.map((k): DataColumn<BilledRow> => ({
              key: k.key,
              header: k.label,
              cell: (r) => formatUsd(r[k.key]),
            })),
            { key: '\0total', header: 'Total', cell: (r) => formatUsd(r.totalUsd) },
          ]}
          rows={rows}
          rowKey={(r) => r.key}
        />
      )}
    >
      <Legend items={LEGEND} />
      <BarChart
        orientation="rows"
        categories={categories}
        series={SERIES}
        tickFormat={formatUsd}
        rowHeight={22}
        className="billed-bars"
        tooltip={(i) => {
          const r = rows[i];
          if (r === undefined) return null;
          return (
            <>
              <strong>
                <bdi>{rowName(view, r)}</bdi>
              </strong>
              {withIds ? <div>Conversation id: {r.key}</div> : null}
              {BILLED_SERIES.filter((k) => r[k.key] !== 0).map((k) => (
                <div key={k.key}>
                  {k.label}: {formatUsd(r[k.key])}
                </div>
              ))}
              <div>Total: {formatUsd(r.totalUsd)}</div>
            </>
          );
        }}
      />
    </ChartFigure>
  );
});
