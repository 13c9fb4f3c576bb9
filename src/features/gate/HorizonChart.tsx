import { memo, useMemo } from 'react';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatNumber, formatUsd } from '../../ui/format.ts';
import { gateAssumptions, plainTick, TooltipBox, usdTick } from './chart-bits.tsx';
import { netSavingByHorizon, type HorizonPoint } from './series.ts';
import type { GateView } from './use-gate.ts';

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
export const HorizonChart = memo(function HorizonChart({ view }: { view: GateView }) {
  const { inputs, pricing, decision, breakEven } = view;
  const h = Math.max(0, Math.trunc(inputs.horizon));
  const maxHorizon = Math.max(30, Math.min(200, h * 2));
  const data = useMemo(
    () => netSavingByHorizon(inputs, pricing, maxHorizon),
    [inputs, pricing, maxHorizon],
  );
  const series = useMemo(
    () => [
      {
        id: 'net',
        color: PALETTE.result,
        curve: 'step' as const,
        points: data.map((p) => ({ x: p.horizon, y: p.netUsd })),
      },
    ],
    [data],
  );
  const hStar = breakEven.horizonTurns;
  const below = inputs.outputTokens < inputs.largeOffloadThresholdTokens;
  const summary = below
    ? `This output is below the large offload threshold, so the gate keeps it inline at every horizon (net saving 0).`
    : !view.priced
      ? `No price row for ${inputs.modelName}.`
      : `Net saving grows by ${formatUsd((data[1]?.netUsd ?? 0) - (data[0]?.netUsd ?? 0))} per turn of horizon, from ${formatUsd(data[0]?.netUsd ?? 0)} at 0 turns` +
        (hStar === null
          ? '; it never turns positive.'
          : `; break-even horizon H* = ${formatNumber(hStar, 2)} turns.`);
  return (
    <ChartFrame
      title="Net saving against horizon"
      assumptions={gateAssumptions(inputs, 'horizon')}
      exportable
      csvRows={() =>
        data.map((p) => ({
          horizonTurns: p.horizon,
          netSavingUsd: p.netUsd,
          gate: p.fire ? 'offload' : 'keep',
        }))
      }
      summary={summary}
      chart={
        <LineChart
          height={260}
          x={{ domain: [0, maxHorizon], format: plainTick }}
          y={{ format: usdTick }}
          series={series}
          refY={ZERO}
          markers={
            hStar !== null && hStar <= maxHorizon && !below
              ? [{ x: hStar, color: INK.muted, label: 'H*', dash: '2 2' }]
              : []
          }
          dots={[
            {
              x: Math.min(h, maxHorizon),
              y: decision.netSavingUsd,
              color: decision.fire ? PALETTE.saves : PALETTE.loses,
            },
          ]}
          tooltip={(i) => (data[i] ? <HorizonTooltip point={data[i]} /> : null)}
        />
      }
      table={<HorizonTable data={data} />}
    />
  );
});
