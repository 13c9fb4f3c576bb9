import { memo, useMemo, type PointerEvent } from 'react';
import { Dots, finite, Plot, type Geometry } from './line-plot.tsx';
import type { LineChartProps, LineSeries } from './line-chart-types.ts';
import { INK } from './palette.ts';
import {
  AXIS_TITLE,
  axisScale,
  MARGINS,
  MARKER_ROW,
  nearestIndex,
  niceLinear,
  placeMarkers,
} from './scales.ts';
import { Tooltip } from './Tooltip.tsx';
import { useHover } from './use-hover.ts';
import { useWidth } from './use-width.ts';

export type {
  Band,
  Dot,
  LineChartProps,
  LinePoint,
  LineSeries,
  RefY,
  Region,
  Span,
} from './line-chart-types.ts';

const NONE: readonly never[] = [];

/** The y range of the finite values inside the x domain. */
function seriesExtent(series: readonly LineSeries[], x0: number, x1: number): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const s of series)
    for (const p of s.points) {
      const y = p.y;
      if (y == null || !Number.isFinite(y) || p.x < x0 || p.x > x1) continue;
      if (y < min) min = y;
      if (y > max) max = y;
    }
  return [min, max];
}

/**
 * The kit's line chart: lines (straight or steps) over a linear or log x
 * axis, bands, shaded regions, reference lines, labelled markers and points,
 * and a tooltip for the point nearest the pointer. Scales and ticks come
 * from d3-scale, paths from d3-shape; both are memoised on numbers (the
 * domains, the width) and on the series, so a step that moves only a marker
 * or the current point re-renders those alone.
 */
export const LineChart = memo(function LineChart(props: LineChartProps) {
  const { height, series, markers = NONE, refY = NONE, dots = NONE, spans = NONE } = props;
  const [ref, width] = useWidth<HTMLDivElement>();
  const { hover, setHover, onPointerLeave } = useHover<number>();
  const kind = props.x.kind ?? 'linear';
  const [x0, x1] = props.x.domain;
  const left = MARGINS.left;
  const right = Math.max(left + 1, width - MARGINS.right);
  const bottom = height - MARGINS.bottom - (props.x.title === undefined ? 0 : AXIS_TITLE);

  const xTicks = props.x.ticks;
  const integer = props.x.integer ?? false;
  const sx = useMemo(
    () => axisScale(kind, [x0, x1], [left, right], xTicks, { integer }),
    [kind, x0, x1, left, right, xTicks, integer],
  );
  const placed = placeMarkers(markers, sx, Math.min(x0, x1), Math.max(x0, x1), right);
  const labelRows = placed.reduce((rows, m) => Math.max(rows, m.row + 1), 0);
  const top = MARGINS.top + labelRows * MARKER_ROW;

  // The y domain: fixed, or round ticks over the data, the dots and the reference lines.
  const [sMin, sMax] = useMemo(() => seriesExtent(series, x0, x1), [series, x0, x1]);
  let min = sMin;
  let max = sMax;
  const take = (y: number) => {
    if (!Number.isFinite(y)) return;
    if (y < min) min = y;
    if (y > max) max = y;
  };
  for (const d of dots) take(d.y);
  for (const r of refY) take(r.value);
  if (props.y.includeZero) take(0);
  if (min === Infinity) [min, max] = [0, 1];
  const fixed = props.y.domain;
  const [yLo, yHi] = fixed ?? [min, max];
  const sy = useMemo(() => {
    if (fixed !== undefined) {
      const ticks = niceLinear(yLo, yHi, 5).ticks;
      return axisScale('linear', [yLo, yHi], [bottom, top], ticks);
    }
    const nice = niceLinear(yLo, yHi, 5);
    return axisScale('linear', nice.domain, [bottom, top], nice.ticks);
    // `fixed` matters only through its numbers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fixed === undefined, yLo, yHi, bottom, top]);

  const g = useMemo<Geometry>(
    () => ({
      width,
      left,
      right,
      top,
      bottom,
      sx,
      sy,
      clampX: (x: number) => Math.min(right, Math.max(left, sx(x))),
    }),
    [width, left, right, top, bottom, sx, sy],
  );

  const firstPoints = series[0]?.points;
  const hoverXs = useMemo(
    () => props.hoverXs ?? (firstPoints ?? []).map((p) => p.x),
    [props.hoverXs, firstPoints],
  );
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!props.tooltip) return;
    const rect = e.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(hoverXs, sx, e.clientX - rect.left));
  };
  const hoverX = hover === null ? undefined : hoverXs[hover];
  const hoverPx = hoverX === undefined ? 0 : g.clampX(hoverX);

  return (
    <div ref={ref} className="chart-plot" style={{ height }}>
      <svg
        width={width}
        height={height}
        role="presentation"
        onPointerMove={onPointerMove}
        onPointerLeave={onPointerLeave}
      >
        <Plot
          g={g}
          series={series}
          bands={props.bands ?? NONE}
          regions={props.regions ?? NONE}
          points={props.points ?? NONE}
          xFormat={props.x.format}
          yFormat={props.y.format}
          xTitle={props.x.title}
          yTitle={props.y.title}
        />
        {refY.map((r, i) => (
          <line
            key={`ry${i}`}
            x1={left}
            x2={right}
            y1={sy(r.value)}
            y2={sy(r.value)}
            stroke={r.color}
            strokeDasharray={r.dash}
          />
        ))}
        {placed.map((m) => (
          <g key={m.label} className="chart-marker">
            <line
              x1={m.at}
              x2={m.at}
              y1={MARGINS.top + m.row * MARKER_ROW}
              y2={bottom}
              stroke={m.color}
              strokeDasharray={m.dash}
            />
            <text
              x={m.at + (m.anchorEnd ? -4 : 4)}
              y={MARGINS.top - 3 + m.row * MARKER_ROW}
              fill={m.color}
              fontSize={11}
              textAnchor={m.anchorEnd ? 'end' : 'start'}
            >
              {m.label}
            </text>
          </g>
        ))}
        {spans.map((s) => (
          <line
            key={`s${s.x}`}
            className={s.className}
            x1={g.clampX(s.x)}
            x2={g.clampX(s.x)}
            y1={sy(s.y0)}
            y2={sy(s.y1)}
            stroke={s.color}
            strokeWidth={s.width}
          />
        ))}
        <Dots dots={dots} g={g} />
        {hoverX !== undefined && hover !== null && (
          <g pointerEvents="none">
            <line
              x1={hoverPx}
              x2={hoverPx}
              y1={top}
              y2={bottom}
              stroke={INK.muted}
              strokeOpacity={0.6}
            />
            {series.map((s) => {
              const p = s.points.find((q) => q.x === hoverX);
              return p === undefined || !finite(p) ? null : (
                <circle
                  key={`h${s.id}`}
                  cx={hoverPx}
                  cy={sy(p.y as number)}
                  r={3.5}
                  fill={s.color}
                  stroke={INK.surface}
                  strokeWidth={1.5}
                />
              );
            })}
          </g>
        )}
      </svg>
      {hover !== null && hoverX !== undefined && props.tooltip && (
        <Tooltip x={hoverPx} y={top} width={width}>
          {props.tooltip(hover)}
        </Tooltip>
      )}
    </div>
  );
});
