import type { BilledRow } from '../../engine/traces/traffic-types.ts';
import { formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { BILLED_KINDS } from './billed-kinds.ts';
import { useElementWidth } from './use-element-width.ts';

const ROW_HEIGHT = 22;
const RIGHT = 72;

function shortLabel(text: string, chars: number): string {
  const half = Math.floor((chars - 1) / 2);
  return text.length > chars ? `${text.slice(0, half)}…${text.slice(-half)}` : text;
}

/** Stacked horizontal bars of cost by kind of token, one bar a row; a small self-contained SVG. */
export function BilledBarsChart({
  title,
  rows,
  rowLabel,
}: {
  title: string;
  rows: readonly BilledRow[];
  rowLabel: string;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const labelWidth = width < 520 ? 110 : 190;
  const labelChars = width < 520 ? 14 : 24;
  const max = Math.max(...rows.map((r) => r.totalUsd), 0);
  const plot = Math.max(40, width - labelWidth - RIGHT);
  const height = rows.length * ROW_HEIGHT + 8;
  const x = (usd: number) => (max === 0 ? 0 : (usd / max) * plot);
  const top = rows[0];
  const summary =
    rows.length === 0
      ? `${title}: no priced calls.`
      : `${title}: ${rows.length} bars, split into plain input, cache reads, 5-minute and 1-hour cache writes and output.` +
        ` The largest is ${top!.key} at ${formatUsd(top!.totalUsd)}.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
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
      <ul className="traffic-legend" aria-hidden="true">
        {BILLED_KINDS.map((k) => (
          <li key={k.key}>
            <span className="legend-swatch" style={{ background: k.color }} />
            {k.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="bars-box">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          aria-hidden="true"
          className="bars-svg"
        >
          {rows.map((r, i) => {
            let at = labelWidth;
            const y = 4 + i * ROW_HEIGHT;
            return (
              <g key={r.key}>
                <text
                  x={labelWidth - 6}
                  y={y + ROW_HEIGHT / 2 + 4}
                  textAnchor="end"
                  className="bar-label"
                >
                  <title>{r.key}</title>
                  {shortLabel(r.key, labelChars)}
                </text>
                {BILLED_KINDS.map((k) => {
                  const w = x(r[k.key]);
                  const rect = (
                    <rect
                      key={k.key}
                      x={at}
                      y={y + 3}
                      width={w}
                      height={ROW_HEIGHT - 6}
                      style={{ fill: k.color }}
                    />
                  );
                  at += w;
                  return rect;
                })}
                <text x={at + 4} y={y + ROW_HEIGHT / 2 + 4} className="bar-value">
                  {formatUsd(r.totalUsd)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFigure>
  );
}
