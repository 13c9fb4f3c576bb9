import { area, curveLinear, curveStepAfter, line } from 'd3-shape';
import { memo, useMemo, type PointerEvent, type ReactNode } from 'react';
import { Axes } from './Axes.tsx';
import { INK } from './palette.ts';
import {
  AXIS_TITLE,
  axisScale,
  MARGINS,
  MARKER_ROW,
  nearestIndex,
  niceLinear,
  placeMarkers,
  px,
  type AxisScale,
  type Marker,
  type ScaleKind,
} from './scales.ts';
import { Tooltip } from './Tooltip.tsx';
import { useHover } from './use-hover.ts';
import { useWidth } from './use-width.ts';

/** One point of a line; a null or non-finite y breaks the line there. */
export interface LinePoint {
  readonly x: number;
  readonly y: number | null | undefined;
}

/** One line of a {@link LineChart}. */
export interface LineSeries {
  readonly id: string;
  /** Ascending in x. */
  readonly points: readonly LinePoint[];
  readonly color: string;
  /** Stroke width, CSS pixels (2 when absent). */
  readonly width?: number;
  /** SVG dash pattern, such as "4 3"; solid when absent. */
  readonly dash?: string;
  /** 'step': the value holds until the next x (d3's curveStepAfter). */
  readonly curve?: 'linear' | 'step';
  /** Mark every point with a small dot. */
  readonly dots?: boolean;
}

/** A filled band between y0 and y1 over consecutive x. */
export interface Band {
  readonly points: ReadonlyArray<{ readonly x: number; readonly y0: number; readonly y1: number }>;
  readonly color: string;
}

/** A shaded stretch of the x axis, with an optional label in its middle. */
export interface Region {
  readonly from: number;
  readonly to: number;
  readonly color: string;
  readonly label?: string;
}

/** A horizontal reference line at a y value (zero, a level). */
export interface RefY {
  readonly value: number;
  readonly color: string;
  readonly dash?: string;
}

/** A marked point: the current setting (a ringed dot), or a small labelled one. */
export interface Dot {
  readonly x: number;
  readonly y: number;
  readonly color: string;
  /** Radius, CSS pixels: 6 (ringed) when absent. */
  readonly r?: number;
  readonly label?: string | null;
  /** The side its label prefers; it moves to the other when it would not fit. */
  readonly prefer?: 'left' | 'right';
}

/** A thick vertical stroke from y0 to y1 at x (the headroom wasted at a budget). */
export interface Span {
  readonly x: number;
  readonly y0: number;
  readonly y1: number;
  readonly color: string;
  readonly width: number;
  readonly className?: string;
}

export interface LineChartProps {
  readonly height: number;
  readonly x: {
    readonly kind?: ScaleKind;
    readonly domain: readonly [number, number];
    readonly ticks?: readonly number[];
    readonly format: (x: number) => string;
    /** Only whole-number ticks. */
    readonly integer?: boolean;
    /** The axis title under the ticks. */
    readonly title?: string;
  };
  readonly y: {
    readonly format: (y: number) => string;
    /** A fixed domain; otherwise round ticks over the data (and 0 with `includeZero`). */
    readonly domain?: readonly [number, number];
    readonly includeZero?: boolean;
  };
  /** Drawn in order: the last series is on top. */
  readonly series: readonly LineSeries[];
  readonly bands?: readonly Band[];
  readonly regions?: readonly Region[];
  readonly refY?: readonly RefY[];
  /** Labelled vertical lines; their labels take rows above the plot. */
  readonly markers?: readonly Marker[];
  /** Small labelled points drawn with the lines (memoised with them). */
  readonly points?: readonly Dot[];
  /** Points that move with the inputs (the current setting). */
  readonly dots?: readonly Dot[];
  readonly spans?: readonly Span[];
  /** The x values the pointer snaps to, ascending: the first series' when absent. */
  readonly hoverXs?: readonly number[];
  /** What the tooltip shows for the hovered index of `hoverXs`. */
  readonly tooltip?: (index: number) => ReactNode;
}

const NONE: readonly never[] = [];

interface Geometry {
  readonly width: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly sx: AxisScale;
  readonly sy: AxisScale;
  readonly clampX: (x: number) => number;
}

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

const finite = (p: LinePoint): boolean => p.y != null && Number.isFinite(p.y);

/**
 * Everything that depends only on the data and the scales: grid and axes,
 * regions, bands, the lines with their dots, and the labelled points. A
 * step that moves only a marker or the current point leaves it alone.
 */
const Plot = memo(function Plot(props: {
  g: Geometry;
  series: readonly LineSeries[];
  bands: readonly Band[];
  regions: readonly Region[];
  points: readonly Dot[];
  xFormat: (x: number) => string;
  yFormat: (y: number) => string;
  xTitle: string | undefined;
}) {
  const { g, series, bands, regions, points } = props;
  const { sx, sy, clampX, left, right, top, bottom } = g;
  const paths = useMemo(() => {
    const make = line<LinePoint>()
      .defined(finite)
      .x((p) => clampX(p.x))
      .y((p) => sy(p.y as number))
      .digits(1);
    return series.map(
      (s) => make.curve(s.curve === 'step' ? curveStepAfter : curveLinear)(s.points) ?? '',
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
      {series.map((s, i) => (
        <path
          key={s.id}
          d={paths[i]}
          fill="none"
          stroke={s.color}
          strokeWidth={s.width ?? 2}
          strokeDasharray={s.dash}
          strokeLinejoin="round"
        />
      ))}
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
function Dots({ dots, g }: { dots: readonly Dot[]; g: Geometry }) {
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
