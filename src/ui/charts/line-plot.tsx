/**
 * The memoised drawing of a {@link LineChart}: grid and axes, regions,
 * bands, the lines (or points) and the labelled points, and the marked dots.
 */
import { area, curveLinear, curveStepAfter, line } from 'd3-shape';
import { memo, useMemo } from 'react';
import { Axes } from './Axes.tsx';
import type { Band, Dot, LinePoint, LineSeries, Region } from './line-chart-types.ts';
import { INK } from './palette.ts';
import { px, type AxisScale } from './scales.ts';

/** The plot's box and scales, shared by its layers. */
export interface Geometry {
  readonly width: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly sx: AxisScale;
  readonly sy: AxisScale;
  readonly clampX: (x: number) => number;
}

/** A dot at every finite point, as one path of circles (two arcs each). */
function pointsPath(
  points: readonly LinePoint[],
  r: number,
  x: (value: number) => number,
  y: (value: number) => number,
): string {
  let d = '';
  const across = (2 * r).toFixed(1);
  for (const p of points) {
    if (!finite(p)) continue;
    const cx = x(p.x) - r;
    const cy = y(p.y as number);
    d += `M${cx.toFixed(1)},${cy.toFixed(1)}a${r},${r} 0 1,0 ${across},0a${r},${r} 0 1,0 -${across},0`;
  }
  return d;
}

export const finite = (p: LinePoint): boolean => p.y != null && Number.isFinite(p.y);

/**
 * Everything that depends only on the data and the scales: grid and axes,
 * regions, bands, the lines with their dots, and the labelled points. A
 * step that moves only a marker or the current point leaves it alone.
 */
export const Plot = memo(function Plot(props: {
  g: Geometry;
  series: readonly LineSeries[];
  bands: readonly Band[];
  regions: readonly Region[];
  points: readonly Dot[];
  xFormat: (x: number) => string;
  yFormat: (y: number) => string;
  xTitle: string | undefined;
  yTitle: string | undefined;
}) {
  const { g, series, bands, regions, points } = props;
  const { sx, sy, clampX, left, right, top, bottom } = g;
  const paths = useMemo(() => {
    const make = line<LinePoint>()
      .defined(finite)
      .x((p) => clampX(p.x))
      .y((p) => sy(p.y as number))
      .digits(1);
    return series.map((s) =>
      s.mode === 'points'
        ? pointsPath(s.points, s.radius ?? 3, clampX, sy)
        : (make.curve(s.curve === 'step' ? curveStepAfter : curveLinear)(s.points) ?? ''),
    );
  }, [series, clampX, sy]);
  const bandPaths = useMemo(() => {
    const make = area<Band['points'][number]>()
      .x((p) => clampX(p.x))
      .y0((p) => sy(p.y0))
      .y1((p) => sy(p.y1))
      .digits(1);
    return bands.map((b) => make(b.points) ?? '');
  }, [bands, clampX, sy]);
  return (
    <>
      <Axes
        left={left}
        right={right}
        top={top}
        bottom={bottom}
        xTicks={sx.ticks}
        yTicks={sy.ticks}
        sx={sx}
        sy={sy}
        xFormat={props.xFormat}
        yFormat={props.yFormat}
        {...(props.xTitle === undefined ? {} : { xTitle: props.xTitle })}
        {...(props.yTitle === undefined ? {} : { yTitle: props.yTitle })}
      />
      {regions.map((r) => {
        const x0 = clampX(r.from);
        const w = Math.max(0, clampX(r.to) - x0);
        return (
          <g key={`r${r.from}-${r.to}`} className="chart-region">
            <rect
              x={x0}
              y={top}
              width={w}
              height={bottom - top}
              fill={r.color}
              fillOpacity={0.12}
            />
            {r.label !== undefined && w > r.label.length * 7 + 10 && (
              <text
                x={x0 + w / 2}
                y={(top + bottom) / 2}
                textAnchor="middle"
                fill={r.color}
                fontSize={12}
              >
                {r.label}
              </text>
            )}
          </g>
        );
      })}
      {bandPaths.map((d, i) => (
        <path key={`b${i}`} d={d} fill={bands[i]?.color} fillOpacity={0.3} stroke="none" />
      ))}
      {series.map((s, i) =>
        s.mode === 'points' ? (
          <path key={s.id} d={paths[i]} fill={s.color} stroke="none" data-series={s.id} />
        ) : (
          <path
            key={s.id}
            d={paths[i]}
            fill="none"
            stroke={s.color}
            strokeWidth={s.width ?? 2}
            strokeDasharray={s.dash}
            strokeLinejoin="round"
          />
        ),
      )}
      {series.map((s) =>
        s.dots ? (
          <g key={`d${s.id}`} fill={s.color}>
            {s.points.map((p, i) =>
              finite(p) ? (
                <circle key={i} cx={px(clampX(p.x))} cy={px(sy(p.y as number))} r={2.5} />
              ) : null,
            )}
          </g>
        ) : null,
      )}
      <Dots dots={points} g={g} />
    </>
  );
});

/** Marked points, with labels that stay inside the plot. */
export function Dots({ dots, g }: { dots: readonly Dot[]; g: Geometry }) {
  return (
    <>
      {dots.map((d, i) => {
        const x = g.clampX(d.x);
        const y = g.sy(d.y);
        const r = d.r ?? 6;
        const labelWidth = (d.label?.length ?? 0) * 6;
        const leftFits = x - 8 - labelWidth >= g.left;
        const rightFits = x + 8 + labelWidth <= g.right;
        const onLeft = d.prefer === 'left' ? leftFits || !rightFits : !rightFits && leftFits;
        return (
          <g key={`p${i}-${d.x}`}>
            <circle
              cx={x}
              cy={y}
              r={r}
              fill={d.color}
              {...(d.r === undefined ? { stroke: INK.surface, strokeWidth: 2 } : {})}
            />
            {d.label != null && (
              <text
                x={onLeft ? x - 8 : x + 8}
                y={y}
                dy="0.35em"
                textAnchor={onLeft ? 'end' : 'start'}
                fill={INK.muted}
                fontSize={11}
              >
                {d.label}
              </text>
            )}
          </g>
        );
      })}
    </>
  );
}
