import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { LOG_TICKS, TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { SIZE_MAX, SIZE_MIN, type SizePoint } from './series.ts';
import {
  sizeAssumptions,
  sizeCurve,
  sizeDots,
  sizeMarkers,
  sizeSeries,
  sizeSummary,
} from './series-nodes.ts';

function SizeTooltip({ point }: { point: SizePoint }) {
  return (
    <TooltipBox>
      <strong>{formatTokens(point.size)} tokens</strong>
      <br />
      net saving {formatUsd(point.netUsd)} · {point.fire ? 'offload' : 'keep inline'}
    </TooltipBox>
  );
}

const ZERO = [{ value: 0, color: INK.muted }] as const;

/** The curve as CSV, built when a download asks for it. */
const sizeCsvRows = () =>
  sizeCurve.get().map((p) => ({
    outputTokens: p.size,
    netSavingUsd: p.netUsd,
    gate: p.fire ? 'offload' : 'keep',
  }));

const SIZE_COLUMNS: readonly DataColumn<SizePoint>[] = [
  { key: 'size', header: 'Output tokens', cell: (p) => formatTokens(p.size) },
  { key: 'net', header: 'Net saving', cell: (p) => formatUsd(p.netUsd) },
  { key: 'gate', header: 'Gate', cell: (p) => (p.fire ? 'offload' : 'keep') },
];

/** Every eighth point of the curve, and the last. */
function SizeTable({ data }: { data: readonly SizePoint[] }) {
  const rows = data.filter((_, i) => i % 8 === 0 || i === data.length - 1);
  return (
    <DataTable
      caption="Net saving by output size"
      columns={SIZE_COLUMNS}
      rows={rows}
      rowKey={(p) => p.size}
    />
  );
}

/** Net saving against output size (log axis), with the threshold, T* and the current point. */
export const SizeChart = memo(function SizeChart() {
  const data = useValue(sizeCurve);
  const assumptions = useValue(sizeAssumptions);
  const summary = useValue(sizeSummary);
  const series = useValue(sizeSeries);
  const markers = useValue(sizeMarkers);
  const dots = useValue(sizeDots);
  return (
    <ChartFrame
      title="Net saving against output size"
      assumptions={assumptions}
      exportable
      csvRows={sizeCsvRows}
      summary={summary}
      chart={
        <LineChart
          height={260}
          x={{ kind: 'log', domain: [SIZE_MIN, SIZE_MAX], ticks: LOG_TICKS, format: tokenTick }}
          y={{ format: usdTick }}
          series={series}
          refY={ZERO}
          markers={markers}
          dots={dots}
          tooltip={(i) => (data[i] ? <SizeTooltip point={data[i]} /> : null)}
        />
      }
      table={<SizeTable data={data} />}
    />
  );
});
