import { memo, useMemo } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cacheWhatIf } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { AXIS_TICK, COLORS, LOG_TICKS, TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { cacheWhatIfBySize, SIZE_MAX, SIZE_MIN, type CachePoint } from './series.ts';
import type { GateView } from './use-gate.ts';

function CacheTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload: CachePoint }>;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <TooltipBox>
      <strong>{formatTokens(point.size)} tokens</strong>
      <br />
      uncached basis {formatUsd(point.uncachedUsd)} · cached basis {formatUsd(point.cachedUsd)}
      {point.disagrees ? ' · the bases disagree' : ''}
    </TooltipBox>
  );
}

/** Cache-aware what-if: the carried output priced as cached input instead of plain input. */
export const CacheWhatIfChart = memo(function CacheWhatIfChart({ view }: { view: GateView }) {
  const tailTokens = useAppStore((s) => s.gate.tailTokens);
  const setGate = useAppStore((s) => s.setGate);
  const { inputs, sweepInputs, pricing } = view;
  const data = useMemo(
    () => cacheWhatIfBySize(sweepInputs, tailTokens, pricing),
    [sweepInputs, tailTokens, pricing],
  );
  const here = useMemo(
    () => cacheWhatIf(inputs, tailTokens, pricing),
    [inputs, tailTokens, pricing],
  );
  const shaded = data.map((p) => ({
    ...p,
    band: p.disagrees
      ? [Math.min(p.uncachedUsd, p.cachedUsd), Math.max(p.uncachedUsd, p.cachedUsd)]
      : null,
  }));
  const firstAgree = data.find((p) => p.cachedUsd > 0);
  const summary =
    here === null
      ? `No price row for ${inputs.modelName}.`
      : `At ${formatTokens(inputs.outputTokens)} tokens the seed's uncached basis nets ${formatUsd(here.uncachedNetUsd)}, the cached basis ${formatUsd(here.cachedNetUsd)}` +
        (here.disagrees
          ? ': the two bases reach opposite verdicts here.'
          : ': both bases agree here.') +
        (firstAgree
          ? ` Priced as cached input, offloading pays only above about ${formatTokens(firstAgree.size)} tokens.`
          : ' Priced as cached input, offloading never pays in this range.');
  return (
    <section className="card">
      <h2>Cache-aware what-if</h2>
      <p className="note">
        Not the gate itself: the seed prices the carried output as uncached input (its turn-4
        evidence showed the region uncached). If the output would sit in a warm prompt cache, the
        re-prefill it saves is priced at the cache-read rate, and the stub plus the tokens after it
        are re-cached once.
      </p>
      <NumberField
        label="Tokens after the output"
        value={tailTokens}
        onChange={(v) => setGate({ tailTokens: v })}
        min={0}
        max={10_000_000}
        sliderMax={50_000}
        step={100}
        integer
        unit="tokens"
        hint="Conversation after the output that must be written to the cache again once."
      />
      <ChartFrame
        title="Net saving: uncached vs cached pricing"
        summary={summary}
        chart={
          <ComposedChart
            responsive
            style={{ width: '100%', height: 260 }}
            data={shaded}
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
            <Tooltip content={<CacheTooltip />} isAnimationActive={false} />
            <ReferenceLine y={0} stroke={COLORS.muted} />
            <Area
              dataKey="band"
              stroke="none"
              fill={COLORS.e}
              fillOpacity={0.25}
              isAnimationActive={false}
              name="Bases disagree"
              connectNulls={false}
            />
            <Line
              type="linear"
              dataKey="uncachedUsd"
              stroke={COLORS.a}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
              name="Uncached (seed)"
            />
            <Line
              type="linear"
              dataKey="cachedUsd"
              stroke={COLORS.b}
              strokeWidth={2}
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
              name="Cached"
            />
            <ReferenceLine
              x={Math.min(SIZE_MAX, Math.max(SIZE_MIN, inputs.outputTokens))}
              stroke={COLORS.muted}
              strokeDasharray="2 2"
            />
          </ComposedChart>
        }
        table={
          <table className="data">
            <caption className="visually-hidden">
              Net saving by output size under both pricing bases
            </caption>
            <thead>
              <tr>
                <th scope="col">Output tokens</th>
                <th scope="col">Uncached basis</th>
                <th scope="col">Cached basis</th>
                <th scope="col">Agree?</th>
              </tr>
            </thead>
            <tbody>
              {data
                .filter((_, i) => i % 6 === 0)
                .map((p) => (
                  <tr key={p.size}>
                    <td>{formatTokens(p.size)}</td>
                    <td>{formatUsd(p.uncachedUsd)}</td>
                    <td>{formatUsd(p.cachedUsd)}</td>
                    <td>{p.disagrees ? 'no' : 'yes'}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
});
