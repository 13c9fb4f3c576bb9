import type { ReactNode } from 'react';
import { DataTable } from '../../ui/DataTable.tsx';
import { BarChart, type BarChartProps, type BarSeries } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { formatTokens, formatTokensShort, formatUsd } from '../../ui/format.ts';

/** Axis and tooltip formats for charts in USD. */
export const USD_FORMATS = { tickFormat: formatUsd, valueFormat: formatUsd } as const;

const tokensValue = (tokens: number): string => `${formatTokens(tokens)} tokens`;

/** Axis and tooltip formats for charts in tokens. */
export const TOKEN_FORMATS = { tickFormat: formatTokensShort, valueFormat: tokensValue } as const;

/**
 * A report chart's drawing: stacked bars and, under them, the HTML legend
 * that chart downloads read back (the series, then any `extraLegend` items
 * such as a reference line).
 */
export function ReportBarChart(
  props: BarChartProps & {
    series: readonly BarSeries[];
    legend?: boolean;
    extraLegend?: readonly LegendItem[];
  },
) {
  const { legend = true, extraLegend = [], ...chart } = props;
  const items: LegendItem[] = [
    ...(legend ? chart.series.map((s) => ({ label: s.label, color: s.color })) : []),
    ...extraLegend,
  ];
  return (
    <>
      <BarChart {...chart} />
      {items.length > 0 && <Legend items={items} />}
    </>
  );
}

/**
 * A report chart's data table from its header and its rows of formatted
 * cells (the first cell of a row heads it): the one DataTable widget.
 */
export function CellsTable(props: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <DataTable
      caption={props.caption}
      columns={props.head.map((header, j) => ({
        key: `${j}`,
        header,
        cell: (row: readonly ReactNode[]) => row[j],
        rowHeader: j === 0,
      }))}
      rows={props.rows}
      rowKey={(_, i) => i}
    />
  );
}
