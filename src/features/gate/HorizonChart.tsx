import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
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

function HorizonTable({ data }: { data: readonly HorizonPoint[] }) {
  return (
    <table className="data">
      <caption className="visually-hidden">Net saving by horizon</caption>
      <thead>
        <tr>
          <th scope="col">Horizon (turns)</th>
          <th scope="col">Net saving</th>
          <th scope="col">Gate</th>
        </tr>
      </thead>
      <tbody>
        {data.map((p) => (
          <tr key={p.horizon}>
            <td>{p.horizon}</td>
            <td>{formatUsd(p.netUsd)}</td>
            <td>{p.fire ? 'offload' : 'keep'}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
