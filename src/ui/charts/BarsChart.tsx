import { memo, useState, type ReactNode } from 'react';
import { makeScale, niceAxis } from './scale.ts';
import { useWidth } from './use-width.ts';

export interface BarDatum {
  readonly label: string;
  readonly value: number;
  readonly color: string;
}

const M = { top: 6, right: 20, bottom: 26, left: 160 };
const ROW = 44;

/** Horizontal bars, one per category, with value ticks and a tooltip per bar. */
export const BarsChart = memo(function BarsChart(props: {
  bars: readonly BarDatum[];
  format: (v: number) => string;
  tooltip: (index: number) => ReactNode;
}) {
  const { bars, format } = props;
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const height = M.top + M.bottom + ROW * bars.length;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const { ticks, domain } = niceAxis(min, max, Math.max(2, Math.floor((width - M.left) / 90)));
  const x = makeScale('linear', domain, [M.left, width - M.right]);
  return (
    <div ref={ref} className="xy-chart" style={{ position: 'relative', height }}>
      <svg width={width} height={height} role="presentation" onPointerLeave={() => setHover(null)}>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={x(t)}
              x2={x(t)}
              y1={M.top}
              y2={height - M.bottom}
              stroke="var(--grid)"
              strokeDasharray="3 3"
            />
            <text x={x(t)} y={height - 8} textAnchor="middle" fill="var(--muted)" fontSize={12}>
              {format(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const y = M.top + i * ROW + 6;
          const x0 = x(Math.min(0, b.value));
          return (
            <g key={b.label} onPointerEnter={() => setHover(i)}>
              <rect
                x={M.left}
                y={y - 6}
                width={width - M.left - M.right}
                height={ROW}
                fill={hover === i ? 'var(--surface-2)' : 'transparent'}
              />
              <text
                x={M.left - 8}
                y={y + ROW / 2 - 2}
                textAnchor="end"
                fill="var(--muted)"
                fontSize={12}
              >
                {b.label}
              </text>
              <rect
                x={x0}
                y={y}
                width={Math.max(1, Math.abs(x(b.value) - x(0)))}
                height={ROW - 12}
                fill={b.color}
                rx={2}
              />
            </g>
          );
        })}
        <line x1={x(0)} x2={x(0)} y1={M.top} y2={height - M.bottom} stroke="var(--muted)" />
      </svg>
      {hover !== null && (
        <div
          className="chart-tooltip xy-tooltip"
          style={{ left: M.left + 8, top: M.top + hover * ROW + ROW }}
        >
          {props.tooltip(hover)}
        </div>
      )}
    </div>
  );
});
