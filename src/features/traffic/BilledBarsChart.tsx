import { memo, useMemo } from 'react';
import type { BilledRow, BreakdownView } from '../../engine/traces/traffic-types.ts';
import { BarChart, type BarSeries } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { BILLED_SERIES } from './billed-kinds.ts';
import { rowName } from './breakdown-words.ts';

const SERIES: readonly BarSeries[] = BILLED_SERIES.map((k) => ({
  id: k.key,
  label: k.label,
  color: k.color,
}));
// Conversation ids are long (session UUIDs): the middle goes, both ends stay recognisable;
// a title keeps its start.
const LABEL_CHARS = 24;

// Text from traces keeps its own direction: each piece is isolated (FSI … PDI), which
// also ends any embedding or override a cut leaves open.
const isolated = (text: string) => `\u2068${text}\u2069`;

function shortLabel(text: string, chars: number, keepStart: boolean): string {
  if (text.length <= chars) return isolated(text);
  if (keepStart) return `${isolated(text.slice(0, chars - 1))}…`;
  const half = Math.floor((chars - 1) / 2);
  return `${isolated(text.slice(0, half))}…${isolated(text.slice(-half))}`;
}

const LEGEND: readonly LegendItem[] = BILLED_SERIES.map((k) => ({
  label: k.label,
  color: k.color,
}));

/** Stacked horizontal bars of cost by kind of token, one bar a row, on the kit's bar chart. */
export const BilledBarsChart = memo(function BilledBarsChart({
  title,
  rows,
  rowLabel,
  view,
  assumptions,
}: {
  title: string;
  rows: readonly BilledRow[];
  rowLabel: string;
  view: BreakdownView;
  /** What the costs assume (the price table, the calls left out), for downloaded images. */
  assumptions: readonly string[];
}) {
  const categories = useMemo(
    () =>
      rows.map((r) => ({
        label: shortLabel(rowName(view, r), LABEL_CHARS, r.title !== undefined),
        values: BILLED_SERIES.map((k) => r[k.key]),
      })),
    [rows, view],
  );
  const byCost = rows.reduce<BilledRow | undefined>(
    (top, r) => (top === undefined || r.totalUsd > top.totalUsd ? r : top),
    undefined,
  );
  const summary =
    byCost === undefined
      ? `${title}: no priced calls.`
      : `${title}: ${rows.length} ${rows.length === 1 ? 'bar' : 'bars'}, split into plain input, cache reads, 5-minute and 1-hour cache writes, output and tool fees.` +
        ` The largest is ${rowName(view, byCost)} at ${formatUsd(byCost.totalUsd)}.`;
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
