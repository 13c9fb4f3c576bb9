import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import type { BaselineRow, RunSummary } from './analysis.ts';
import { AXIS_TICK, COLORS, Swatch, TooltipBox, usdTick } from './chart-bits.tsx';
import type { ProgressiveResults } from './use-progressive.ts';

type Row = Record<string, number>;

interface Series {
  readonly key: string;
  readonly name: string;
  readonly color: string;
  readonly width: number;
  readonly dashed: boolean;
}

function CumulativeTooltip({
  active,
  payload,
  label,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ name?: string; value?: number; color?: string }>;
  label?: number;
}) {
  if (!active || !payload || payload.length === 0) return null;
  const sorted = [...payload].sort((a, b) => (a.value ?? 0) - (b.value ?? 0));
  return (
    <TooltipBox>
      <strong>After hop {label}</strong>
      {sorted.map((p) => (
        <div key={p.name}>
          <span style={{ color: p.color }}>■</span> {p.name}: {formatUsd(p.value ?? 0)}
        </div>
      ))}
    </TooltipBox>
  );
}

/** The chart's data as a table; a component, so the cells are formatted only when shown. */
function CumulativeTable({ series, data }: { series: readonly Series[]; data: readonly Row[] }) {
  return (
    <table className="data">
      <caption className="visually-hidden">Cumulative cost, USD, after each sampled hop</caption>
      <thead>
        <tr>
          <th scope="col">After hop</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((row) => (
          <tr key={row['hop']}>
            <td>{row['hop']}</td>
            {series.map((s) => (
              <td key={s.key}>{formatUsd(row[s.key] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Cumulative cost over the conversation: the strategy against every-hop baselines. */
export const CumulativeChart = memo(function CumulativeChart(props: {
  samples: readonly number[];
  strategy: RunSummary;
  baselines: ProgressiveResults<BaselineRow>;
  modelNames: readonly string[];
  defaultModel: string;
}) {
  const { samples, strategy, baselines, modelNames, defaultModel } = props;
  const ready = useMemo(
    () =>
      baselines.results.flatMap((row, i) =>
        row !== undefined && row.ok ? [{ index: i, model: row.model, run: row.run }] : [],
      ),
    [baselines.results],
  );
  const cheapest = ready.reduce<(typeof ready)[number] | null>(
    (best, b) => (best === null || b.run.totals.totalUsd < best.run.totals.totalUsd ? b : best),
    null,
  );
  const cheapestModel = cheapest?.model ?? null;
  // Strategy, the default model and the cheapest model stand out; the rest are thin grey lines.
  const series: Series[] = useMemo(
    () => [
      ...ready.map((b) => {
        const role =
          b.model === defaultModel ? 'default' : b.model === cheapestModel ? 'cheapest' : 'other';
        return {
          key: `b${b.index}`,
          name: `Every hop on ${b.model}`,
          color:
            role === 'default'
              ? COLORS.baseline
              : role === 'cheapest'
                ? COLORS.read
                : 'var(--border)',
          width: role === 'other' ? 1 : 2,
          dashed: role !== 'default',
        };
      }),
      { key: 's', name: 'Strategy', color: COLORS.strategy, width: 3, dashed: false },
    ],
    [ready, defaultModel, cheapestModel],
  );
  const data: Row[] = useMemo(
    () =>
      samples.map((hop, k) => {
        const row: Row = { hop: hop + 1, s: strategy.cumulativeUsd[k] ?? 0 };
        for (const b of ready) row[`b${b.index}`] = b.run.cumulativeUsd[k] ?? 0;
        return row;
      }),
    [samples, strategy, ready],
  );

  const finalStrategy = strategy.totals.totalUsd;
  // The table lists the strategy first; the chart draws it last, on top.
  const tableSeries = [...series.slice(-1), ...series.slice(0, -1)];
  const fallback = ready.find((b) => b.model === defaultModel);
  const pending = modelNames.length - baselines.results.filter((r) => r !== undefined).length;
  const summary =
    `After ${formatTokens(samples.length === 0 ? 0 : (samples[samples.length - 1] ?? 0) + 1)} hops the strategy has cost ${formatUsd(finalStrategy)}` +
    (fallback ? `, every hop on ${defaultModel} ${formatUsd(fallback.run.totals.totalUsd)}` : '') +
    (cheapest
      ? `; the cheapest single model is ${cheapest.model} at ${formatUsd(cheapest.run.totals.totalUsd)}.`
      : '.') +
    (pending > 0 ? ` Still pricing ${pending} baseline${pending === 1 ? '' : 's'}…` : '');

  return (
    <ChartFrame
      title="Cumulative cost over the conversation"
      summary={summary}
      chart={
        <>
          <LineChart
            responsive
            style={{ width: '100%', height: 300 }}
            data={data}
            margin={{ top: 10, right: 16, bottom: 4, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="hop"
              type="number"
              domain={[1, 'dataMax']}
              tick={AXIS_TICK}
              allowDecimals={false}
            />
            <YAxis tickFormatter={usdTick} tick={AXIS_TICK} width={72} />
            <Tooltip content={<CumulativeTooltip />} isAnimationActive={false} />
            {series.map((s) => (
              <Line
                key={s.key}
                type="linear"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={s.width}
                strokeDasharray={s.dashed ? '4 3' : '0'}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
          <p className="routing-legend">
            <Swatch color={COLORS.strategy} label="Strategy" />
            <Swatch color={COLORS.baseline} label={`Every hop on ${defaultModel} (default)`} />
            {cheapestModel !== null && cheapestModel !== defaultModel && (
              <Swatch color={COLORS.read} label={`Every hop on ${cheapestModel} (cheapest)`} />
            )}
            <Swatch color="var(--border)" label="other models (see the tooltip or table)" />
          </p>
        </>
      }
      table={<CumulativeTable series={tableSeries} data={data} />}
    />
  );
});
