import { memo, useMemo } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { AXIS_TICK, COLORS, LOG_TICKS, TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { netSavingBySize, SIZE_MAX, SIZE_MIN, type SizePoint } from './series.ts';
import type { GateView } from './use-gate.ts';

function SizeTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload: SizePoint }>;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <TooltipBox>
      <strong>{formatTokens(point.size)} tokens</strong>
      <br />
      net saving {formatUsd(point.netUsd)} · {point.fire ? 'offload' : 'keep inline'}
    </TooltipBox>
  );
}

/** Net saving against output size (log axis), with the threshold, T* and the current point. */
export const SizeChart = memo(function SizeChart({ view }: { view: GateView }) {
  const { inputs, sweepInputs, pricing, decision, breakEven } = view;
  const data = useMemo(() => netSavingBySize(sweepInputs, pricing), [sweepInputs, pricing]);
  const tStar = breakEven.sizeTokens;
  const current = Math.min(SIZE_MAX, Math.max(SIZE_MIN, inputs.outputTokens));
  const tableRows = useMemo(
    () => data.filter((_, i) => i % 8 === 0 || i === data.length - 1),
    [data],
  );
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
      summary={summary}
      chart={
        <LineChart
          responsive
          style={{ width: '100%', height: 260 }}
          data={data}
          margin={{ top: 10, right: 16, bottom: 4, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="size"
            type="number"
            scale="log"
            domain={[SIZE_MIN, SIZE_MAX]}
            ticks={LOG_TICKS}
            tickFormatter={tokenTick}
            tick={AXIS_TICK}
            allowDataOverflow
          />
          <YAxis tickFormatter={usdTick} tick={AXIS_TICK} width={72} />
          <Tooltip content={<SizeTooltip />} isAnimationActive={false} />
          <ReferenceLine y={0} stroke={COLORS.muted} />
          <ReferenceLine
            x={inputs.largeOffloadThresholdTokens}
            stroke={COLORS.b}
            strokeDasharray="4 3"
            label={{ value: 'threshold', position: 'insideTopLeft', fill: COLORS.b, fontSize: 11 }}
            ifOverflow="hidden"
          />
          {tStar !== null && tStar >= SIZE_MIN && tStar <= SIZE_MAX && (
            <ReferenceLine
              x={tStar}
              stroke={COLORS.d}
              strokeDasharray="2 2"
              label={{ value: 'T*', position: 'insideTopRight', fill: COLORS.d, fontSize: 11 }}
            />
          )}
          <Line
            type="linear"
            dataKey="netUsd"
            stroke={COLORS.a}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            name="Net saving"
          />
          <ReferenceDot
            x={current}
            y={decision.netSavingUsd}
            r={6}
            fill={decision.fire ? COLORS.good : COLORS.bad}
            stroke="var(--surface)"
            ifOverflow="extendDomain"
          />
        </LineChart>
      }
      table={
        <table className="data">
          <caption className="visually-hidden">Net saving by output size</caption>
          <thead>
            <tr>
              <th scope="col">Output tokens</th>
              <th scope="col">Net saving</th>
              <th scope="col">Gate</th>
            </tr>
          </thead>
          <tbody>
            {tableRows.map((p) => (
              <tr key={p.size}>
                <td>{formatTokens(p.size)}</td>
                <td>{formatUsd(p.netUsd)}</td>
                <td>{p.fire ? 'offload' : 'keep'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
});
