import { memo } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import type { SweepPoint } from './analysis.ts';
import { AXIS_TICK, COLORS, TooltipBox, usdTick } from './chart-bits.tsx';
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

function SweepTooltip({
  active,
  payload,
  format,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload: Row }>;
  format: (x: number) => string;
}) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const saving =
    row.strategyUsd !== undefined && row.baselineUsd !== undefined
      ? row.baselineUsd - row.strategyUsd
      : null;
  return (
    <TooltipBox>
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
    </TooltipBox>
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
    title: string;
    xLabel: string;
    format: (x: number) => string;
    tickFormat: (x: number) => string;
    summary: string;
    references: readonly { x: number; label: string }[];
  },
) {
  const rows = rowsOf(props.xs, props.sweep);
  const lastX = props.xs[props.xs.length - 1] ?? 1;
  return (
    <ChartFrame
      title={props.title}
      summary={props.summary + (props.sweep.done ? '' : ' Still computing…')}
      chart={
        <LineChart
          responsive
          style={{ width: '100%', height: 260 }}
          data={rows}
          margin={{ top: 16, right: 16, bottom: 4, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="x"
            type="number"
            domain={[0, lastX]}
            tick={AXIS_TICK}
            tickFormatter={props.tickFormat}
          />
          <YAxis tickFormatter={usdTick} tick={AXIS_TICK} width={72} />
          <Tooltip content={<SweepTooltip format={props.format} />} isAnimationActive={false} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {props.references.map((r) => (
            <ReferenceLine
              key={r.label}
              x={r.x}
              stroke={COLORS.muted}
              strokeDasharray="2 3"
              ifOverflow="hidden"
              label={{
                value: r.label,
                position: 'insideTopRight',
                fill: COLORS.muted,
                fontSize: 11,
              }}
            />
          ))}
          <Line
            dataKey="strategyUsd"
            name="Strategy"
            stroke={COLORS.strategy}
            strokeWidth={2.5}
            dot={{ r: 2.5 }}
            isAnimationActive={false}
          />
          <Line
            dataKey="baselineUsd"
            name={`Every hop on ${props.defaultModel}`}
            stroke={COLORS.baseline}
            strokeWidth={1.75}
            strokeDasharray="5 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      }
      table={
        <SweepTable
          rows={rows}
          title={props.title}
          xLabel={props.xLabel}
          format={props.format}
          defaultModel={props.defaultModel}
        />
      }
    />
  );
}

const seconds = (x: number) => `${x.toLocaleString('en-US')} s`;

/** Total cost against the idle gap between turns: the TTL cliff. */
export const GapSweepChart = memo(function GapSweepChart(
  props: SweepProps & {
    cacheTtlSeconds: number;
    stickyTtlSeconds: number | null;
    currentGapSeconds: number;
  },
) {
  const rows = rowsOf(props.xs, props.sweep);
  const summary =
    crossingSummary(rows, seconds, `every hop on ${props.defaultModel}`) +
    ` The cache TTL is ${seconds(props.cacheTtlSeconds)}; the cache also ages during each hop’s latency, so the cliff comes a little before it.`;
  const references = [
    { x: props.cacheTtlSeconds, label: 'cache TTL' },
    ...(props.stickyTtlSeconds !== null && props.stickyTtlSeconds !== props.cacheTtlSeconds
      ? [{ x: props.stickyTtlSeconds, label: 'sticky TTL' }]
      : []),
    { x: props.currentGapSeconds, label: 'now' },
  ];
  return (
    <SweepChart
      {...props}
      title="Total cost against the idle gap (the TTL cliff)"
      xLabel="Idle gap between turns"
      format={(x) => `Idle gap ${seconds(x)}`}
      tickFormat={(x) => `${x}s`}
      summary={summary}
      references={references}
    />
  );
});

/** Total cost against the share of complex turns. */
export const ShareSweepChart = memo(function ShareSweepChart(
  props: SweepProps & { currentShare: number },
) {
  const rows = rowsOf(props.xs, props.sweep);
  const first = rows[0]?.strategyUsd;
  const last = rows[rows.length - 1]?.strategyUsd;
  const base = rows[0]?.baselineUsd;
  const summary =
    first === undefined || last === undefined
      ? 'The sweep cannot be priced.'
      : `With no complex turns the strategy costs ${formatUsd(first)}, with all complex ${formatUsd(last)}` +
        (base === undefined
          ? '.'
          : `; every hop on ${props.defaultModel} costs ${formatUsd(base)} whatever the share. ` +
            crossingSummary(
              rows,
              (x) => `${formatPercent(x)} complex turns`,
              `every hop on ${props.defaultModel}`,
            ));
  return (
    <SweepChart
      {...props}
      title="Total cost against the share of complex turns"
      xLabel="Complex turns"
      format={(x) => `${formatPercent(x)} of turns complex`}
      tickFormat={(x) => formatPercent(x)}
      summary={summary}
      references={[{ x: props.currentShare, label: 'now' }]}
    />
  );
});
