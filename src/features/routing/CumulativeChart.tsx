import { memo, useMemo } from 'react';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import type { BaselineRow, RunSummary } from './analysis.ts';
import { COLORS, usdTick } from './chart-bits.tsx';
import { CostLineChart, type LineSeries } from './CostLineChart.tsx';
import type { ProgressiveResults } from './use-progressive.ts';

/** A line of the chart with the name its tooltip and table give it. */
interface NamedSeries extends LineSeries {
  readonly name: string;
  /** Drawing order: higher layers are drawn later, on top. */
  readonly layer: number;
}

type PricedBaseline = { readonly model: string; readonly run: RunSummary };

const OTHER_COLOR = 'var(--border)';
const hopTick = (x: number): string => formatTokens(x);

/** The chart's data as a table; a component, so the cells are formatted only when shown. */
function CumulativeTable({
  series,
  hops,
}: {
  series: readonly NamedSeries[];
  hops: readonly number[];
}) {
  return (
    <table className="data">
      <caption className="visually-hidden">Cumulative cost, USD, after each sampled hop</caption>
      <thead>
        <tr>
          <th scope="col">After hop</th>
          {series.map((s) => (
            <th key={s.id} scope="col">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {hops.map((hop, k) => (
          <tr key={hop}>
            <td>{hop}</td>
            {series.map((s) => (
              <td key={s.id}>{formatUsd(s.values[k] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The strategy first, then every baseline from the cheapest, at one sampled hop. */
function CumulativeTooltip(props: { hop: number; series: readonly NamedSeries[]; index: number }) {
  const [strategy, ...baselines] = props.series;
  const entries = baselines
    .map((s) => ({ s, value: s.values[props.index] ?? 0 }))
    .sort((a, b) => a.value - b.value);
  const line = (s: NamedSeries, name: string, value: number) => (
    <div key={s.id} className="tip-line">
      <span style={{ color: s.color }} aria-hidden="true">
        ■
      </span>{' '}
      {name} <b>{formatUsd(value)}</b>
    </div>
  );
  return (
    <>
      <strong>After hop {formatTokens(props.hop)}</strong>
      {strategy && line(strategy, 'Strategy', strategy.values[props.index] ?? 0)}
      {entries.map(({ s, value }) => line(s, s.name.replace(/^Every hop on /, ''), value))}
    </>
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
  const hops = useMemo(() => samples.map((i) => i + 1), [samples]);
  const ready = useMemo(
    () =>
      baselines.results.flatMap((row): PricedBaseline[] =>
        row !== undefined && row.ok ? [{ model: row.model, run: row.run }] : [],
      ),
    [baselines.results],
  );
  const cheapest = ready.reduce<PricedBaseline | null>(
    (best, b) => (best === null || b.run.totals.totalUsd < best.run.totals.totalUsd ? b : best),
    null,
  );
  const cheapestModel = cheapest?.model ?? null;

  // In table order: the strategy first, then one baseline per model of the price table.
  const tableSeries = useMemo<NamedSeries[]>(
    () => [
      {
        id: 'strategy',
        name: 'Strategy',
        values: strategy.cumulativeUsd,
        color: COLORS.strategy,
        width: 3,
        layer: 3,
      },
      ...ready.map((b) => {
        const role =
          b.model === defaultModel ? 'default' : b.model === cheapestModel ? 'cheapest' : 'other';
        return {
          id: `b:${b.model}`,
          name: `Every hop on ${b.model}`,
          values: b.run.cumulativeUsd,
          color:
            role === 'default' ? COLORS.baseline : role === 'cheapest' ? COLORS.read : OTHER_COLOR,
          width: role === 'other' ? 1 : 2,
          layer: role === 'other' ? 0 : role === 'cheapest' ? 1 : 2,
          ...(role === 'default' ? {} : { dash: '4 3' }),
        };
      }),
    ],
    [strategy, ready, defaultModel, cheapestModel],
  );
  // Drawn with the thin grey lines underneath and the strategy on top.
  const drawn = useMemo(() => [...tableSeries].sort((a, b) => a.layer - b.layer), [tableSeries]);

  const legend = useMemo<LegendItem[]>(
    () => [
      { label: 'Strategy', color: COLORS.strategy },
      { label: `Every hop on ${defaultModel} (default)`, color: COLORS.baseline },
      ...(cheapestModel !== null && cheapestModel !== defaultModel
        ? [{ label: `Every hop on ${cheapestModel} (cheapest)`, color: COLORS.read, dash: true }]
        : []),
      { label: 'other models (see the tooltip or table)', color: OTHER_COLOR, dash: true },
    ],
    [defaultModel, cheapestModel],
  );

  const fallback = ready.find((b) => b.model === defaultModel);
  const pending = modelNames.length - baselines.results.filter((r) => r !== undefined).length;
  const lastHop = hops[hops.length - 1] ?? 0;
  const summary =
    `After ${formatTokens(lastHop)} hops the strategy has cost ${formatUsd(strategy.totals.totalUsd)}` +
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
          <CostLineChart
            height={300}
            xs={hops}
            xMin={1}
            xMax={Math.max(1, lastHop)}
            integerTicks
            xFormat={hopTick}
            yFormat={usdTick}
            series={drawn}
            tooltip={(i) => <CumulativeTooltip hop={hops[i] ?? 0} series={tableSeries} index={i} />}
          />
          <Legend items={legend} />
        </>
      }
      table={<CumulativeTable series={tableSeries} hops={hops} />}
      exportable
      csvRows={() =>
        hops.map((hop, k) => {
          const row: Record<string, number> = { after_hop: hop };
          for (const s of tableSeries) row[s.name] = s.values[k] ?? 0;
          return row;
        })
      }
    />
  );
});
