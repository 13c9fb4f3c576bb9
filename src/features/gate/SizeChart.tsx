import { memo, useMemo } from 'react';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { gateAssumptions, LOG_TICKS, TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { netSavingBySize, SIZE_MAX, SIZE_MIN, type SizePoint } from './series.ts';
import type { GateView } from './use-gate.ts';

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
export const SizeChart = memo(function SizeChart({ view }: { view: GateView }) {
  const { inputs, sweepInputs, pricing, decision, breakEven } = view;
  const data = useMemo(() => netSavingBySize(sweepInputs, pricing), [sweepInputs, pricing]);
  const series = useMemo(
    () => [
      { id: 'net', color: PALETTE.result, points: data.map((p) => ({ x: p.size, y: p.netUsd })) },
    ],
    [data],
  );
  const tStar = breakEven.sizeTokens;
  const current = Math.min(SIZE_MAX, Math.max(SIZE_MIN, inputs.outputTokens));
  const summary = view.priced
    ? `Net saving is 0 below the ${formatTokens(inputs.largeOffloadThresholdTokens)}-token threshold, then ${formatUsd(
        data.find((p) => p.size >= inputs.largeOffloadThresholdTokens)?.netUsd ?? 0,
      )} at the threshold and ${formatUsd(data[data.length - 1]?.netUsd ?? 0)} at ${formatTokens(SIZE_MAX)} tokens. ` +
      (tStar === null
        ? 'It never pays at this horizon.'
        : `Break-even size T* is ${formatTokens(Math.floor(tStar))} tokens.`) +
      ` The current output (${formatTokens(inputs.outputTokens)} tokens) saves ${formatUsd(decision.netSavingUsd)}.`
    : `No price row for ${inputs.modelName}: the gate cannot prove a saving and never fires.`;
  return (
    <ChartFrame
      title="Net saving against output size"
      assumptions={gateAssumptions(inputs, 'size')}
      exportable
      csvRows={() =>
        data.map((p) => ({
          outputTokens: p.size,
          netSavingUsd: p.netUsd,
          gate: p.fire ? 'offload' : 'keep',
        }))
      }
      summary={summary}
      chart={
        <LineChart
          height={260}
          x={{ kind: 'log', domain: [SIZE_MIN, SIZE_MAX], ticks: LOG_TICKS, format: tokenTick }}
          y={{ format: usdTick }}
          series={series}
          refY={ZERO}
          markers={[
            {
              x: inputs.largeOffloadThresholdTokens,
              color: INK.muted,
              label: 'threshold',
              dash: '4 3',
            },
            ...(tStar !== null ? [{ x: tStar, color: INK.muted, label: 'T*', dash: '2 2' }] : []),
          ]}
          dots={[
            {
              x: current,
              y: decision.netSavingUsd,
              color: decision.fire ? PALETTE.saves : PALETTE.loses,
            },
          ]}
          tooltip={(i) => (data[i] ? <SizeTooltip point={data[i]} /> : null)}
        />
      }
      table={<SizeTable data={data} />}
    />
  );
});
