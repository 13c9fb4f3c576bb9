import type { BilledRow } from '../../engine/traces/traffic-types.ts';
import { formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { BILLED_KINDS } from './billed-kinds.ts';

const ROW_HEIGHT = 22;
const LABEL_WIDTH = 170;
const WIDTH = 640;
const RIGHT = 70;

function shortLabel(text: string): string {
  return text.length > 24 ? `${text.slice(0, 11)}…${text.slice(-11)}` : text;
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
  const max = Math.max(...rows.map((r) => r.totalUsd), 0);
  const plot = WIDTH - LABEL_WIDTH - RIGHT;
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
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" aria-hidden="true" className="bars-svg">
        {rows.map((r, i) => {
          let at = LABEL_WIDTH;
          const y = 4 + i * ROW_HEIGHT;
          return (
            <g key={r.key}>
              <text
                x={LABEL_WIDTH - 6}
                y={y + ROW_HEIGHT / 2 + 4}
                textAnchor="end"
                className="bar-label"
              >
                <title>{r.key}</title>
                {shortLabel(r.key)}
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
    </ChartFigure>
  );
}
