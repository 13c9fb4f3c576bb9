import { memo, useMemo, useState, type PointerEvent, type ReactNode } from 'react';
import { Axes } from '../../ui/charts/Axes.tsx';
import { makeScale, niceAxis, niceTicks } from '../../ui/charts/scale.ts';
import { useWidth } from '../../ui/charts/use-width.ts';

/** One line of a {@link CostLineChart}: a value per x of the chart. */
export interface LineSeries {
  readonly id: string;
  /** One y per entry of the chart's `xs`; a missing value breaks the line there. */
  readonly values: readonly (number | null | undefined)[];
  readonly color: string;
  /** Stroke width, CSS pixels. */
  readonly width: number;
  /** SVG dash pattern, such as "4 3"; solid when absent. */
  readonly dash?: string;
  /** Mark every point with a small dot. */
  readonly dots?: boolean;
}

/** A labelled vertical line at an x value (a TTL, the current setting). */
export interface MarkerLine {
  readonly x: number;
  readonly label: string;
  readonly color: string;
  /** SVG dash pattern; solid when absent. */
  readonly dash?: string;
}

export interface CostLineChartProps {
  readonly height: number;
  /** The x of every point, ascending; shared by all series. */
  readonly xs: readonly number[];
  readonly xMin: number;
  readonly xMax: number;
  /** Tick values on the x axis; round values over the domain when absent. */
  readonly xTicks?: readonly number[];
  /** Only whole-number ticks on the x axis. */
  readonly integerTicks?: boolean;
  readonly xFormat: (x: number) => string;
  readonly yFormat: (y: number) => string;
  /** Drawn in order: the last series is on top. */
  readonly series: readonly LineSeries[];
  readonly markers?: readonly MarkerLine[];
  /** What the tooltip shows for the point at `index` of `xs`. */
  readonly tooltip: (index: number) => ReactNode;
}

const M = { top: 12, right: 16, bottom: 26, left: 76 };
const MARKER_ROW = 13;
/** Rough width of a marker label character at 11 px, CSS pixels. */
const CHAR_WIDTH = 6.2;

const px = (v: number): number => Math.round(v * 10) / 10;

/** The y range every series and zero fit in (costs are read from 0). */
function yExtent(series: readonly LineSeries[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const s of series)
    for (const v of s.values) {
      if (v == null || !Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  return [min, max];
}

/** An SVG path through the finite values; a gap starts a new sub-path. */
function linePath(
  xs: readonly number[],
  values: LineSeries['values'],
  sx: (x: number) => number,
  sy: (y: number) => number,
): string {
  let d = '';
  let drawing = false;
  for (let i = 0; i < xs.length; i++) {
    const v = values[i];
    if (v == null || !Number.isFinite(v)) {
      drawing = false;
      continue;
    }
    d += `${drawing ? 'L' : 'M'}${px(sx(xs[i] as number))},${px(sy(v))}`;
    drawing = true;
  }
  return d;
}

interface PlacedMarker extends MarkerLine {
  readonly at: number;
  readonly row: number;
  readonly anchorEnd: boolean;
}

/** Positions marker labels so that close ones stack in rows instead of overlapping. */
function placeMarkers(
  markers: readonly MarkerLine[],
  sx: (x: number) => number,
  xMin: number,
  xMax: number,
  right: number,
): PlacedMarker[] {
  const rowsEnd: number[] = [];
  return markers
    .filter((m) => m.x >= xMin && m.x <= xMax)
    .map((m) => ({ m, at: sx(m.x) }))
    .sort((a, b) => a.at - b.at)
    .map(({ m, at }) => {
      const labelWidth = m.label.length * CHAR_WIDTH + 8;
      const anchorEnd = at + labelWidth > right;
      const start = anchorEnd ? at - labelWidth : at;
      let row = rowsEnd.findIndex((end) => end <= start);
      if (row < 0) row = rowsEnd.length;
      rowsEnd[row] = start + labelWidth;
      return { ...m, at, row, anchorEnd };
    });
}

/** Index of the x nearest a pixel position (xs ascending, so a binary search). */
function nearestIndex(xs: readonly number[], sx: (x: number) => number, pixel: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (sx(xs[mid] as number) < pixel) lo = mid;
    else hi = mid;
  }
  const dLo = Math.abs(sx(xs[lo] as number) - pixel);
  const dHi = Math.abs(sx(xs[hi] as number) - pixel);
  return dHi < dLo ? hi : lo;
}

/**
 * A light SVG line chart for the routing lab's cost curves: a few lines of
 * up to a few hundred points each (one `<path>` per line, so the shapes stay
 * few), labelled vertical markers, and a tooltip for the point nearest the
 * pointer. The paths are memoised on the series, so a step that only moves a
 * marker redraws the marker alone.
 */
export const CostLineChart = memo(function CostLineChart(props: CostLineChartProps) {
  const { height, xs, xMin, xMax, series, markers = [], integerTicks = false } = props;
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);

  const [yLow, yHigh] = useMemo(() => yExtent(series), [series]);
  const sx = useMemo(
    () => makeScale('linear', [xMin, xMax], [M.left, width - M.right]),
    [xMin, xMax, width],
  );
  // Marker labels sit in a band above the plot, a row each where they would overlap.
  const placed = placeMarkers(markers, sx, xMin, xMax, width - M.right);
  const labelRows = placed.reduce((rows, m) => Math.max(rows, m.row + 1), 0);
  const top = M.top + labelRows * MARKER_ROW;
  const { sy, yTicks } = useMemo(() => {
    const { ticks, domain } = niceAxis(yLow, yHigh === yLow ? yLow + 1 : yHigh);
    return { yTicks: ticks, sy: makeScale('linear', domain, [height - M.bottom, top]) };
  }, [yLow, yHigh, height, top]);

  const paths = useMemo(
    () => series.map((s) => linePath(xs, s.values, sx, sy)),
    [series, xs, sx, sy],
  );
  const xTicks = useMemo(
    () =>
      (props.xTicks ?? niceTicks(xMin, xMax, Math.max(2, Math.floor(width / 90)))).filter(
        (t) => t >= xMin && t <= xMax && (!integerTicks || Number.isInteger(t)),
      ),
    [props.xTicks, xMin, xMax, width, integerTicks],
  );

  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    if (xs.length === 0) return;
    const rect = e.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(xs, sx, e.clientX - rect.left));
  };

  const hoverX = hover === null ? null : (xs[hover] ?? null);
  const hoverPx = hoverX === null ? 0 : sx(hoverX);
  const bottom = height - M.bottom;
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
          top={top}
          xTicks={xTicks}
          yTicks={yTicks}
          sx={sx}
          sy={sy}
          xFormat={props.xFormat}
          yFormat={props.yFormat}
        />
        {placed.map((m) => (
          <g key={m.label} className="marker-line">
            <line
              x1={m.at}
              x2={m.at}
              y1={M.top + m.row * MARKER_ROW}
              y2={bottom}
              stroke={m.color}
              strokeDasharray={m.dash}
            />
            <text
              x={m.at + (m.anchorEnd ? -4 : 4)}
              y={M.top - 3 + m.row * MARKER_ROW}
              fill={m.color}
              fontSize={11}
              textAnchor={m.anchorEnd ? 'end' : 'start'}
            >
              {m.label}
            </text>
          </g>
        ))}
        {series.map((s, i) => (
          <path
            key={s.id}
            d={paths[i]}
            fill="none"
            stroke={s.color}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
            strokeLinejoin="round"
          />
        ))}
        {series.map((s) =>
          s.dots ? <SeriesDots key={`d${s.id}`} xs={xs} series={s} sx={sx} sy={sy} /> : null,
        )}
        {hoverX !== null && (
          <g pointerEvents="none">
            <line
              x1={hoverPx}
              x2={hoverPx}
              y1={top}
              y2={bottom}
              stroke="var(--muted)"
              strokeOpacity={0.6}
            />
            {series.map((s) => {
              const v = hover === null ? undefined : s.values[hover];
              return v == null || !Number.isFinite(v) ? null : (
                <circle
                  key={`h${s.id}`}
                  cx={hoverPx}
                  cy={sy(v)}
                  r={3.5}
                  fill={s.color}
                  stroke="var(--surface)"
                  strokeWidth={1.5}
                />
              );
            })}
          </g>
        )}
      </svg>
      {hover !== null && hoverX !== null && (
        <div
          className="chart-tooltip xy-tooltip"
          style={
            hoverPx > width / 2 ? { right: width - hoverPx + 12, top } : { left: hoverPx + 12, top }
          }
        >
          {props.tooltip(hover)}
        </div>
      )}
    </div>
  );
});

/** Small dots on every point of a series; memoised, so hovering does not redraw them. */
const SeriesDots = memo(function SeriesDots(props: {
  xs: readonly number[];
  series: LineSeries;
  sx: (x: number) => number;
  sy: (y: number) => number;
}) {
  const { xs, series, sx, sy } = props;
  return (
    <g fill={series.color}>
      {xs.map((x, i) => {
        const v = series.values[i];
        return v == null || !Number.isFinite(v) ? null : (
          <circle key={i} cx={px(sx(x))} cy={px(sy(v))} r={2.5} />
        );
      })}
    </g>
  );
});
