import { memo, useMemo, useState, type ReactNode } from 'react';
import { Axes } from './Axes.tsx';
import { makeScale, niceAxis, niceTicks, type ScaleKind } from './scale.ts';
import { useWidth } from './use-width.ts';

export interface XYPoint {
  readonly x: number;
  readonly y: number;
}

export interface XYSeries {
  readonly id: string;
  readonly points: readonly XYPoint[];
  readonly color: string;
  readonly dash?: string;
  /** Draw as steps (value holds until the next x). */
  readonly step?: boolean;
}

export interface RefLine {
  readonly value: number;
  readonly color: string;
  readonly label?: string;
  readonly dash?: string;
  readonly labelSide?: 'left' | 'right';
}

export interface Dot {
  readonly x: number;
  readonly y: number;
  readonly color: string;
}

/** A filled band between y0 and y1 over consecutive x. */
export type Band = ReadonlyArray<{ readonly x: number; readonly y0: number; readonly y1: number }>;

export interface XYChartProps {
  height: number;
  xScale: ScaleKind;
  xDomain: readonly [number, number];
  xTicks?: readonly number[];
  xFormat: (x: number) => string;
  yFormat: (y: number) => string;
  series: readonly XYSeries[];
  refX?: readonly RefLine[];
  refY?: readonly RefLine[];
  dots?: readonly Dot[];
  bands?: readonly Band[];
  bandColor?: string;
  /** Tooltip content for the point of the first series nearest the pointer. */
  tooltip?: (index: number) => ReactNode;
}

const M = { top: 12, right: 16, bottom: 26, left: 76 };

/**
 * A small SVG line chart: a few hundred points, reference lines, marked dots
 * and bands, with a tooltip that follows the pointer. Written for the gate
 * explorer's first paint, where a general charting library would be most of
 * the JavaScript a first visit loads.
 */
export const XYChart = memo(function XYChart(props: XYChartProps) {
  const { height, xScale, xDomain, series, refX = [], refY = [], dots = [], bands = [] } = props;
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);

  // Every derived value below is memoised on numbers, not on the identity of
  // the arrays passed in (callers build `dots`, `refY` and `refX` afresh on
  // every render): when a drag step only moves a marker, the scales keep
  // their identity, so the axes and the series' path strings are not rebuilt.
  const [xLo, xHi] = xDomain;
  const seriesRange = useMemo(() => {
    let min = Infinity;
    let max = -Infinity;
    for (const s of series)
      for (const p of s.points) {
        if (p.x >= xLo && p.x <= xHi && Number.isFinite(p.y)) {
          if (p.y < min) min = p.y;
          if (p.y > max) max = p.y;
        }
      }
    return [min, max] as const;
  }, [series, xLo, xHi]);
  let [min, max] = seriesRange;
  const take = (y: number) => {
    if (Number.isFinite(y)) {
      if (y < min) min = y;
      if (y > max) max = y;
    }
  };
  for (const d of dots) take(d.y);
  for (const r of refY) take(r.value);
  if (min === Infinity) {
    min = 0;
    max = 1;
  }
  const yAxis = useMemo(() => niceAxis(min, max), [min, max]);
  const yTicks = yAxis.ticks;
  const sx = useMemo(
    () => makeScale(xScale, [xLo, xHi], [M.left, width - M.right]),
    [xScale, xLo, xHi, width],
  );
  const sy = useMemo(
    () => makeScale('linear', yAxis.domain, [height - M.bottom, M.top]),
    [yAxis, height],
  );
  const clampX = (x: number) => Math.min(width - M.right, Math.max(M.left, sx(x)));

  const paths = useMemo(
    () =>
      series.map((s) => {
        let d = '';
        let prev: XYPoint | null = null;
        for (const p of s.points) {
          if (!Number.isFinite(p.y)) continue;
          const x = clampX(p.x).toFixed(1);
          const y = sy(p.y).toFixed(1);
          if (prev === null) d += `M${x},${y}`;
          else if (s.step) d += `H${x}V${y}`;
          else d += `L${x},${y}`;
          prev = p;
        }
        return d;
      }),
    // clampX is derived from sx and width.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [series, sx, sy, width],
  );

  const bandPaths = useMemo(
    () =>
      bands.map((band) => {
        if (band.length === 0) return '';
        const top = band
          .map((p, i) => `${i === 0 ? 'M' : 'L'}${clampX(p.x).toFixed(1)},${sy(p.y1).toFixed(1)}`)
          .join('');
        const bottom = [...band]
          .reverse()
          .map((p) => `L${clampX(p.x).toFixed(1)},${sy(p.y0).toFixed(1)}`)
          .join('');
        return `${top}${bottom}Z`;
      }),
    // clampX is derived from sx and width.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bands, sx, sy, width],
  );

  const xTicksProp = props.xTicks;
  const xTicks = useMemo(
    () => xTicksProp ?? niceTicks(xLo, xHi, Math.max(2, Math.floor(width / 90))),
    [xTicksProp, xLo, xHi, width],
  );
  const first = series[0]?.points;
  const xs = useMemo(() => (first ?? []).map((p) => p.x), [first]);

  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (!props.tooltip || xs.length === 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - rect.left;
    // Invert the x scale by search over the first series' pixel positions.
    let best = 0;
    let bestDist = Infinity;
    for (let i = 0; i < xs.length; i++) {
      const dist = Math.abs(sx(xs[i] as number) - px);
      if (dist < bestDist) {
        bestDist = dist;
        best = i;
      }
    }
    setHover(best);
  };

  const hoverPoint = hover === null ? undefined : first?.[hover];
  return (
    <div ref={ref} className="xy-chart" style={{ position: 'relative', height }}>
      <svg
        width={width}
        height={height}
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
        role="presentation"
      >
        <Axes
          width={width}
          height={height}
          margins={M}
          xTicks={xTicks}
          yTicks={yTicks}
          sx={sx}
          sy={sy}
          xFormat={props.xFormat}
          yFormat={props.yFormat}
        />
        {bandPaths.map((d, i) => (
          <path
            key={`b${i}`}
            d={d}
            fill={props.bandColor ?? 'var(--chart-5)'}
            fillOpacity={0.25}
            stroke="none"
          />
        ))}
        {refY.map((r, i) => (
          <line
            key={`ry${i}-${r.label ?? ''}`}
            x1={M.left}
            x2={width - M.right}
            y1={sy(r.value)}
            y2={sy(r.value)}
            stroke={r.color}
            strokeDasharray={r.dash}
          />
        ))}
        {refX
          .filter((r) => r.value >= xDomain[0] && r.value <= xDomain[1])
          .map((r, i) => (
            <g key={`rx${i}-${r.label ?? ''}`}>
              <line
                x1={sx(r.value)}
                x2={sx(r.value)}
                y1={M.top}
                y2={height - M.bottom}
                stroke={r.color}
                strokeDasharray={r.dash ?? '4 3'}
              />
              {r.label && (
                <text
                  x={sx(r.value) + (r.labelSide === 'left' ? -4 : 4)}
                  y={M.top + 10}
                  fill={r.color}
                  fontSize={11}
                  textAnchor={r.labelSide === 'left' ? 'end' : 'start'}
                >
                  {r.label}
                </text>
              )}
            </g>
          ))}
        {series.map((s, i) => (
          <path
            key={s.id}
            d={paths[i]}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dash}
          />
        ))}
        {dots.map((d, i) => (
          <circle
            key={`d${i}`}
            cx={clampX(d.x)}
            cy={sy(d.y)}
            r={6}
            fill={d.color}
            stroke="var(--surface)"
            strokeWidth={2}
          />
        ))}
        {hoverPoint && (
          <line
            x1={sx(hoverPoint.x)}
            x2={sx(hoverPoint.x)}
            y1={M.top}
            y2={height - M.bottom}
            stroke="var(--muted)"
            strokeOpacity={0.6}
          />
        )}
      </svg>
      {hoverPoint && props.tooltip && hover !== null && (
        <div
          className="chart-tooltip xy-tooltip"
          style={{ left: Math.min(sx(hoverPoint.x) + 12, width - 200), top: M.top }}
        >
          {props.tooltip(hover)}
        </div>
      )}
    </div>
  );
});
