import { memo, useMemo } from 'react';
import { Legend } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import type { Marker } from '../../ui/charts/scales.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatPercent, formatPlain, formatUsd } from '../../ui/format.ts';
import type { SweepPoint } from '../../domain/routing-runs.ts';
import { usdTick } from './chart-bits.tsx';
import { cliffSummary, crossingSummary, rowsOf, sweepSeries, type Row } from './sweep-series.ts';
import type { GapCliff } from './use-gap-cliff.ts';
import type { ProgressiveResults } from '../../domain/routing-runs.ts';

interface SweepProps {
  readonly xs: readonly number[];
  readonly sweep: ProgressiveResults<SweepPoint>;
  readonly defaultModel: string;
}

function SweepTooltip({ row, format }: { row: Row; format: (x: number) => string }) {
  const saving =
    row.strategyUsd !== undefined && row.baselineUsd !== undefined
      ? row.baselineUsd - row.strategyUsd
      : null;
  return (
    <>
      <strong>{format(row.x)}</strong>
      <br />
      Strategy {row.strategyUsd === undefined ? '—' : formatUsd(row.strategyUsd)} · baseline{' '}
      {row.baselineUsd === undefined ? '—' : formatUsd(row.baselineUsd)}
      {saving !== null && (
        <>
          <br />
          {saving >= 0 ? 'saves' : 'costs more by'} {formatUsd(Math.abs(saving))}
        </>
      )}
    </>
  );
}

/** A sweep as a table; a component, so the cells are formatted only when shown. */
function SweepTable(props: {
  rows: readonly Row[];
  title: string;
  xLabel: string;
  format: (x: number) => string;
  defaultModel: string;
}) {
  return (
    <DataTable
      caption={props.title}
      columns={[
        { key: 'x', header: props.xLabel, cell: (r) => props.format(r.x) },
        {
          key: 'strategy',
          header: 'Strategy',
          cell: (r) => (r.strategyUsd === undefined ? '…' : formatUsd(r.strategyUsd)),
        },
        {
          key: 'baseline',
          header: `Every hop on ${props.defaultModel}`,
          cell: (r) => (r.baselineUsd === undefined ? '…' : formatUsd(r.baselineUsd)),
        },
        {
          key: 'saving',
          header: 'Saving',
          cell: (r) =>
            r.strategyUsd === undefined || r.baselineUsd === undefined
              ? '…'
              : formatUsd(r.baselineUsd - r.strategyUsd),
        },
      ]}
      rows={props.rows}
      rowKey={(r) => r.x}
    />
  );
}

function SweepChart(
  props: SweepProps & {
    rows: readonly Row[];
    title: string;
    xLabel: string;
    format: (x: number) => string;
    tickFormat: (x: number) => string;
    xTicks?: readonly number[];
    summary: string;
    markers: readonly Marker[];
    assumptions: readonly string[];
  },
) {
  const { xs, sweep, rows, defaultModel } = props;
  const baselineName = `Every hop on ${defaultModel}`;
  const series = useMemo(() => sweepSeries(xs, sweep.results), [xs, sweep.results]);
  const legend = useMemo(
    () => [
      { label: 'Strategy', color: PALETTE.result, kind: 'line' as const },
      { label: baselineName, color: PALETTE.baseline, kind: 'dash' as const },
    ],
    [baselineName],
  );
  return (
    <ChartFrame
      title={props.title}
      assumptions={props.assumptions}
      summary={props.summary + (sweep.done ? '' : ' Still computing…')}
      chart={
        <>
          <LineChart
            height={260}
            x={{
              domain: [0, xs[xs.length - 1] ?? 1],
              format: props.tickFormat,
              ...(props.xTicks === undefined ? {} : { ticks: props.xTicks }),
            }}
            y={{ format: usdTick, includeZero: true }}
            series={series}
            markers={props.markers}
            hoverXs={xs}
            tooltip={(i) => (rows[i] ? <SweepTooltip row={rows[i]} format={props.format} /> : null)}
          />
          <Legend items={legend} />
        </>
      }
      exportable
      csvRows={() =>
        rows.map((r) => ({
          [props.xLabel]: r.x,
          strategy_usd: r.strategyUsd ?? '',
          [`every_hop_on_${defaultModel}_usd`]: r.baselineUsd ?? '',
        }))
      }
      table={
        <SweepTable
          rows={rows}
          title={props.title}
          xLabel={props.xLabel}
          format={props.format}
          defaultModel={defaultModel}
        />
      }
    />
  );
}

const seconds = (x: number) => `${formatPlain(x)} s`;
const gapLabel = (x: number) => `Idle gap ${seconds(x)}`;
const gapTick = (x: number) => `${x}s`;
const shareLabel = (x: number) => `${formatPercent(x)} of turns complex`;
const shareCrossing = (x: number) => `${formatPercent(x)} complex turns`;
const shareTick = (x: number) => formatPercent(x);
const SHARE_TICKS: readonly number[] = [0, 0.2, 0.4, 0.6, 0.8, 1];

/** The current setting on a sweep: solid, in the text colour, so it stands apart from the TTLs. */
const nowMarker = (x: number): Marker => ({ x, label: 'now', color: INK.text });

/** Total cost against the idle gap between turns: the TTL cliff. */
export const GapSweepChart = memo(function GapSweepChart(
  props: SweepProps & {
    cacheTtlSeconds: number;
    stickyTtlSeconds: number | null;
    currentGapSeconds: number;
    cliff: GapCliff;
  },
) {
  const { xs, sweep, defaultModel, cacheTtlSeconds, stickyTtlSeconds } = props;
  const rows = useMemo(() => rowsOf(xs, sweep), [xs, sweep]);
  const { cliff } = props;
  const upper = cliff.crossing?.after.x ?? null;
  const ttlWords =
    upper !== null && upper <= cacheTtlSeconds
      ? ` The cache TTL is ${seconds(cacheTtlSeconds)}: the cliff comes before it because the cache also ages during each hop’s latency.`
      : ` The cache TTL is ${seconds(cacheTtlSeconds)}.`;
  const summary =
    cliffSummary(
      cliff.crossing,
      cliff.samples,
      {
        count: xs.length,
        from: xs[0] ?? 0,
        to: xs[xs.length - 1] ?? 0,
        refinedBetween: cliff.refinedBetween,
        refining: cliff.refining,
      },
      seconds,
      `every hop on ${defaultModel}`,
    ) + ttlWords;
  const markers: Marker[] = [
    { x: cacheTtlSeconds, label: 'cache TTL', color: INK.muted, dash: '2 3' },
    ...(stickyTtlSeconds !== null && stickyTtlSeconds !== cacheTtlSeconds
      ? [{ x: stickyTtlSeconds, label: 'sticky TTL', color: INK.muted, dash: '2 3' }]
      : []),
    nowMarker(props.currentGapSeconds),
  ];
  return (
    <SweepChart
      {...props}
      rows={rows}
      title="Total cost against the idle gap (the TTL cliff)"
      xLabel="Idle gap between turns"
      format={gapLabel}
      tickFormat={gapTick}
      summary={summary}
      markers={markers}
      assumptions={[
        `default model ${defaultModel}`,
        `cache TTL ${seconds(cacheTtlSeconds)}`,
        ...(stickyTtlSeconds === null ? [] : [`sticky TTL ${seconds(stickyTtlSeconds)}`]),
        `current idle gap ${seconds(props.currentGapSeconds)}`,
      ]}
    />
  );
});

/** Total cost against the share of complex turns. */
export const ShareSweepChart = memo(function ShareSweepChart(
  props: SweepProps & { currentShare: number },
) {
  const { xs, sweep, defaultModel } = props;
  const rows = useMemo(() => rowsOf(xs, sweep), [xs, sweep]);
  const first = rows[0]?.strategyUsd;
  const last = rows[rows.length - 1]?.strategyUsd;
  const base = rows[0]?.baselineUsd;
  const summary =
    first === undefined || last === undefined
      ? 'The sweep cannot be priced.'
      : `With no complex turns the strategy costs ${formatUsd(first)}, with all complex ${formatUsd(last)}` +
        (base === undefined
          ? '.'
          : `; every hop on ${defaultModel} costs ${formatUsd(base)} whatever the share. ` +
            crossingSummary(rows, shareCrossing, `every hop on ${defaultModel}`)) +
        ` Sampled at ${xs.length} shares from ${formatPercent(xs[0] ?? 0)} to ${formatPercent(xs[xs.length - 1] ?? 1)}.`;
  return (
    <SweepChart
      {...props}
      rows={rows}
      title="Total cost against the share of complex turns"
      xLabel="Complex turns"
      format={shareLabel}
      tickFormat={shareTick}
      xTicks={SHARE_TICKS}
      summary={summary}
      markers={[nowMarker(props.currentShare)]}
      assumptions={[
        `default model ${defaultModel}`,
        `current share of complex turns ${formatPercent(props.currentShare)}`,
      ]}
    />
  );
});
