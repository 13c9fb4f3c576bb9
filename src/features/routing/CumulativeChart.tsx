import { memo, useMemo } from 'react';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import type { BaselineRow, RunSummary } from '../../domain/routing-runs.ts';
import { usdTick } from './chart-bits.tsx';
import {
  cheapestBaseline,
  cumulativeSeries,
  pricedBaselines,
  type NamedSeries,
} from './cumulative-series.ts';
import type { ProgressiveResults } from '../../domain/routing-runs.ts';

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
    <DataTable
      caption="Cumulative cost, USD, after each sampled hop"
      columns={[
        { key: 'hop', header: 'After hop', cell: (hop) => hop },
        ...series.map((s): DataColumn<number> => ({
          key: s.id,
          header: s.name,
          cell: (_, k) => formatUsd(s.values[k] ?? 0),
        })),
      ]}
      rows={hops}
      rowKey={(hop) => hop}
    />
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
  const ready = useMemo(() => pricedBaselines(baselines.results), [baselines.results]);
  const cheapest = cheapestBaseline(ready);
  const cheapestModel = cheapest?.model ?? null;

  // In table order: the strategy first, then one baseline per model of the price table.
  const tableSeries = useMemo(
    () => cumulativeSeries(hops, strategy, ready, defaultModel, cheapestModel),
    [hops, strategy, ready, defaultModel, cheapestModel],
  );
  // Drawn with the thin grey lines underneath and the strategy on top.
  const drawn = useMemo(() => [...tableSeries].sort((a, b) => a.layer - b.layer), [tableSeries]);

  const legend = useMemo<LegendItem[]>(
    () => [
      { label: 'Strategy', color: PALETTE.result, kind: 'line' },
      { label: `Every hop on ${defaultModel} (default)`, color: PALETTE.baseline, kind: 'line' },
      ...(cheapestModel !== null && cheapestModel !== defaultModel
        ? [
            {
              label: `Every hop on ${cheapestModel} (cheapest)`,
              color: PALETTE.best,
              kind: 'dash' as const,
            },
          ]
        : []),
      { label: 'other models (see the tooltip or table)', color: PALETTE.other, kind: 'dash' },
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
      assumptions={[
        `default model ${defaultModel}`,
        `${formatTokens(lastHop)} hops`,
        `${formatTokens(ready.length)} of ${formatTokens(modelNames.length)} baselines priced`,
      ]}
      summary={summary}
      chart={
        <>
          <LineChart
            height={300}
            x={{ domain: [1, Math.max(1, lastHop)], integer: true, format: hopTick }}
            y={{ format: usdTick, includeZero: true }}
            series={drawn}
            hoverXs={hops}
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
