import { memo, useMemo } from 'react';
import { Legend } from '../../ui/charts/Legend.tsx';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatPercent, formatPlain, formatUsd } from '../../ui/format.ts';
import type { SweepPoint } from './analysis.ts';
import { COLORS, usdTick } from './chart-bits.tsx';
import { CostLineChart, type LineSeries, type MarkerLine } from './CostLineChart.tsx';
import type { ProgressiveResults } from './use-progressive.ts';

interface SweepProps {
  readonly xs: readonly number[];
  readonly sweep: ProgressiveResults<SweepPoint>;
  readonly defaultModel: string;
}

interface Row {
  readonly x: number;
  readonly strategyUsd?: number;
  readonly baselineUsd?: number;
}

function rowsOf(xs: readonly number[], sweep: ProgressiveResults<SweepPoint>): Row[] {
  return xs.map((x, i) => {
    const p = sweep.results[i];
    return {
      x,
      ...(p?.strategyUsd == null ? {} : { strategyUsd: p.strategyUsd }),
      ...(p?.baselineUsd == null ? {} : { baselineUsd: p.baselineUsd }),
    };
  });
}

/**
 * Describes where the strategy is cheaper than the baseline along a sweep:
 * the first change of sign, and how many more there are.
 */
export function crossingSummary(
  rows: readonly Row[],
  format: (x: number) => string,
  baselineName: string,
): string {
  const points = rows.flatMap((r) =>
    r.strategyUsd === undefined || r.baselineUsd === undefined
      ? []
      : [{ x: r.x, cheaper: r.strategyUsd < r.baselineUsd }],
  );
  const first = points[0];
  if (first === undefined) return 'The sweep cannot be priced.';
  const changes = points.filter((p, i) => i > 0 && p.cheaper !== points[i - 1]?.cheaper);
  if (changes.length === 0) {
    return first.cheaper
      ? `The strategy is cheaper than ${baselineName} everywhere in the sweep.`
      : `The strategy is never cheaper than ${baselineName} in the sweep.`;
  }
  const change = changes[0] as { x: number; cheaper: boolean };
  const before = points[points.indexOf(change) - 1] as { x: number };
  const more = changes.length > 1 ? ` (it changes sign ${changes.length} times in all)` : '';
  return first.cheaper
    ? `The strategy is cheaper than ${baselineName} up to ${format(before.x)} and costs more from ${format(change.x)}${more}.`
    : `The strategy costs more than ${baselineName} up to ${format(before.x)} and is cheaper from ${format(change.x)}${more}.`;
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
    <table className="data">
      <caption className="visually-hidden">{props.title}</caption>
      <thead>
        <tr>
          <th scope="col">{props.xLabel}</th>
          <th scope="col">Strategy</th>
          <th scope="col">Every hop on {props.defaultModel}</th>
          <th scope="col">Saving</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.x}>
            <td>{props.format(r.x)}</td>
            <td>{r.strategyUsd === undefined ? '…' : formatUsd(r.strategyUsd)}</td>
            <td>{r.baselineUsd === undefined ? '…' : formatUsd(r.baselineUsd)}</td>
            <td>
              {r.strategyUsd === undefined || r.baselineUsd === undefined
                ? '…'
                : formatUsd(r.baselineUsd - r.strategyUsd)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
    markers: readonly MarkerLine[];
  },
) {
  const { xs, sweep, rows, defaultModel } = props;
  const baselineName = `Every hop on ${defaultModel}`;
  const series = useMemo<LineSeries[]>(
    () => [
      {
        id: 'baseline',
        values: sweep.results.map((p) => p?.baselineUsd),
        color: COLORS.baseline,
        width: 1.75,
        dash: '5 3',
      },
      {
        id: 'strategy',
        values: sweep.results.map((p) => p?.strategyUsd),
        color: COLORS.strategy,
        width: 2.5,
        dots: true,
      },
    ],
    [sweep.results],
  );
  const legend = useMemo(
    () => [
      { label: 'Strategy', color: COLORS.strategy },
      { label: baselineName, color: COLORS.baseline, dash: true },
    ],
    [baselineName],
  );
  return (
    <ChartFrame
      title={props.title}
      summary={props.summary + (sweep.done ? '' : ' Still computing…')}
      chart={
        <>
          <CostLineChart
            height={260}
            xs={xs}
            xMin={0}
            xMax={xs[xs.length - 1] ?? 1}
            {...(props.xTicks === undefined ? {} : { xTicks: props.xTicks })}
            xFormat={props.tickFormat}
            yFormat={usdTick}
            series={series}
            markers={props.markers}
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
const nowMarker = (x: number): MarkerLine => ({ x, label: 'now', color: 'var(--text)' });

/** Total cost against the idle gap between turns: the TTL cliff. */
export const GapSweepChart = memo(function GapSweepChart(
  props: SweepProps & {
    cacheTtlSeconds: number;
    stickyTtlSeconds: number | null;
    currentGapSeconds: number;
  },
) {
  const { xs, sweep, defaultModel, cacheTtlSeconds, stickyTtlSeconds } = props;
  const rows = useMemo(() => rowsOf(xs, sweep), [xs, sweep]);
  const summary =
    crossingSummary(rows, seconds, `every hop on ${defaultModel}`) +
    ` The cache TTL is ${seconds(cacheTtlSeconds)}; the cache also ages during each hop’s latency, so the cliff comes a little before it.`;
  const markers: MarkerLine[] = [
    { x: cacheTtlSeconds, label: 'cache TTL', color: COLORS.muted, dash: '2 3' },
    ...(stickyTtlSeconds !== null && stickyTtlSeconds !== cacheTtlSeconds
      ? [{ x: stickyTtlSeconds, label: 'sticky TTL', color: COLORS.muted, dash: '2 3' }]
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
            crossingSummary(rows, shareCrossing, `every hop on ${defaultModel}`));
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
    />
  );
});
