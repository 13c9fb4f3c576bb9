import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatUsd } from '../../ui/format.ts';
import { plainTick, TooltipBox, usdTick } from './chart-bits.tsx';
import type { HorizonPoint } from './series.ts';
import {
  horizonAssumptions,
  horizonAxisMax,
  horizonCurve,
  horizonDots,
  horizonMarkers,
  horizonSeries,
  horizonSummary,
} from './series-nodes.ts';

function HorizonTooltip({ point }: { point: HorizonPoint }) {
  return (
    <TooltipBox>
      <strong>{point.horizon} turns</strong>
      <br />
      net saving {formatUsd(point.netUsd)} · {point.fire ? 'offload' : 'keep inline'}
    </TooltipBox>
  );
}

const ZERO = [{ value: 0, color: INK.muted }] as const;

/** The curve as CSV, built when a download asks for it. */
const horizonCsvRows = () =>
  horizonCurve.get().map((p) => ({
    horizonTurns: p.horizon,
    netSavingUsd: p.netUsd,
    gate: p.fire ? 'offload' : 'keep',
  }));

const HORIZON_COLUMNS: readonly DataColumn<HorizonPoint>[] = [
  { key: 'horizon', header: 'Horizon (turns)', cell: (p) => p.horizon },
  { key: 'net', header: 'Net saving', cell: (p) => formatUsd(p.netUsd) },
  { key: 'gate', header: 'Gate', cell: (p) => (p.fire ? 'offload' : 'keep') },
];

function HorizonTable({ data }: { data: readonly HorizonPoint[] }) {
  return (
    <DataTable
      caption="Net saving by horizon"
      columns={HORIZON_COLUMNS}
      rows={data}
      rowKey={(p) => p.horizon}
    />
  );
}

/** Net saving against horizon, 0 to max(30, 2 × the current horizon) turns. */
export const HorizonChart = memo(function HorizonChart() {
  const data = useValue(horizonCurve);
  const assumptions = useValue(horizonAssumptions);
  const summary = useValue(horizonSummary);
  const maxHorizon = useValue(horizonAxisMax);
  const series = useValue(horizonSeries);
  const markers = useValue(horizonMarkers);
  const dots = useValue(horizonDots);
  return (
    <ChartFrame
      title="Net saving against horizon"
      assumptions={assumptions}
      exportable
      csvRows={horizonCsvRows}
      summary={summary}
      chart={
        <LineChart
          height={260}
          x={{ domain: [0, maxHorizon], format: plainTick }}
          y={{ format: usdTick }}
          series={series}
          refY={ZERO}
          markers={markers}
          dots={dots}
          tooltip={(i) => (data[i] ? <HorizonTooltip point={data[i]} /> : null)}
        />
      }
      table={<HorizonTable data={data} />}
    />
  );
});
