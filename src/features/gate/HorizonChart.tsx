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
import { formatNumber, formatUsd } from '../../ui/format.ts';
import { AXIS_TICK, COLORS, TooltipBox, usdTick } from './chart-bits.tsx';
import { netSavingByHorizon, type HorizonPoint } from './series.ts';
import type { GateView } from './use-gate.ts';

function HorizonTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload: HorizonPoint }>;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <TooltipBox>
      <strong>{point.horizon} turns</strong>
      <br />
      net saving {formatUsd(point.netUsd)} · {point.fire ? 'offload' : 'keep inline'}
    </TooltipBox>
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
            dataKey="horizon"
            type="number"
            domain={[0, maxHorizon]}
            tick={AXIS_TICK}
            allowDecimals={false}
          />
          <YAxis tickFormatter={usdTick} tick={AXIS_TICK} width={72} />
          <Tooltip content={<HorizonTooltip />} isAnimationActive={false} />
          <ReferenceLine y={0} stroke={COLORS.muted} />
          {hStar !== null && hStar <= maxHorizon && !below && (
            <ReferenceLine
              x={hStar}
              stroke={COLORS.d}
              strokeDasharray="2 2"
              label={{ value: 'H*', position: 'insideTopRight', fill: COLORS.d, fontSize: 11 }}
            />
          )}
          <Line
            type="stepAfter"
            dataKey="netUsd"
            stroke={COLORS.a}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            name="Net saving"
          />
          <ReferenceDot
            x={Math.min(h, maxHorizon)}
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
      }
    />
  );
});
