import { memo, useMemo } from 'react';
import type { BilledRow } from '../../engine/traces/traffic-types.ts';
import { BarChart, type BarSeries } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { BILLED_KINDS } from './billed-kinds.ts';

const SERIES: readonly BarSeries[] = BILLED_KINDS.map((k) => ({
  id: k.key,
  label: k.label,
  color: k.color,
}));
// Conversation ids are long (session UUIDs): the middle goes, both ends stay recognisable.
const LABEL_CHARS = 24;

function shortLabel(text: string, chars: number): string {
  const half = Math.floor((chars - 1) / 2);
  return text.length > chars ? `${text.slice(0, half)}…${text.slice(-half)}` : text;
}

const LEGEND: readonly LegendItem[] = BILLED_KINDS.map((k) => ({ label: k.label, color: k.color }));

/** Stacked horizontal bars of cost by kind of token, one bar a row, on the kit's bar chart. */
export const BilledBarsChart = memo(function BilledBarsChart({
  title,
  rows,
  rowLabel,
  assumptions,
}: {
  title: string;
  rows: readonly BilledRow[];
  rowLabel: string;
  /** What the costs assume (the price table, the calls left out), for downloaded images. */
  assumptions: readonly string[];
}) {
  const categories = useMemo(
    () =>
      rows.map((r) => ({
        label: shortLabel(r.key, LABEL_CHARS),
        values: BILLED_KINDS.map((k) => r[k.key]),
      })),
    [rows],
  );
  const top = rows[0];
  const summary =
    top === undefined
      ? `${title}: no priced calls.`
      : `${title}: ${rows.length} bars, split into plain input, cache reads, 5-minute and 1-hour cache writes and output.` +
        ` The largest is ${top.key} at ${formatUsd(top.totalUsd)}.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      assumptions={assumptions}
      legend={LEGEND}
      csvRows={() =>
        rows.map((r) => ({
          [rowLabel]: r.key,
          ...Object.fromEntries(BILLED_KINDS.map((k) => [`${k.label} (USD)`, r[k.key]])),
          'Total (USD)': r.totalUsd,
        }))
      }
      table={() => (
        <table className="data">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowLabel}</th>
              {BILLED_KINDS.map((k) => (
                <th scope="col" key={k.key}>
                  {k.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.key}</th>
                {BILLED_KINDS.map((k) => (
                  <td key={k.key}>{formatUsd(r[k.key])}</td>
                ))}
                <td>{formatUsd(r.totalUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    >
      <Legend items={LEGEND} />
      <BarChart
        orientation="rows"
        categories={categories}
        series={SERIES}
        tickFormat={formatUsd}
        rowHeight={22}
        className="billed-bars"
        tooltip={(i) => {
          const r = rows[i];
          if (r === undefined) return null;
          return (
            <>
              <strong>{r.key}</strong>
              {BILLED_KINDS.filter((k) => r[k.key] !== 0).map((k) => (
                <div key={k.key}>
                  {k.label}: {formatUsd(r[k.key])}
                </div>
              ))}
              <div>Total: {formatUsd(r.totalUsd)}</div>
            </>
          );
        }}
      />
    </ChartFigure>
  );
});
