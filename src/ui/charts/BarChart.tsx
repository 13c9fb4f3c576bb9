import { memo, useId, useMemo, type ReactNode } from 'react';
import { Axes } from './Axes.tsx';
import type { BarChartProps, BarSeries } from './bar-chart-types.ts';
import { stackSegments, textWidth, truncateLabel, valueExtent, wrapLabel } from './bar-layout.ts';
import { place, rectPath, SegmentShape, type Layout } from './bar-shapes.tsx';
import { INK } from './palette.ts';
import { axisScale, MARGINS, MARKER_ROW, niceLinear } from './scales.ts';
import { Tooltip } from './Tooltip.tsx';
import { useHover } from './use-hover.ts';
import { useWidth } from './use-width.ts';

export type {
  BarCategory,
  BarChartProps,
  BarReference,
  BarSegment,
  BarSeries,
} from './bar-chart-types.ts';

const FONT = 11;
const LINE = 13;
const NONE: readonly never[] = [];

/**
 * The kit's bar chart: one bar per category, stacked by series (one path
 * per series) and/or built of custom segments, in columns or rows, with a
 * d3-scale value axis, reference lines and one tooltip per bar or segment.
 * The SVG carries a viewBox, so print CSS can scale it to its column.
 */
export const BarChart = memo(function BarChart(props: BarChartProps) {
  const { orientation, categories, tickFormat } = props;
  const series = props.series ?? NONE;
  const segments = props.segments ?? NONE;
  const references = props.references ?? NONE;
  const [ref, width] = useWidth<HTMLDivElement>();
  const { hover, setHover, onPointerLeave } = useHover<number | string>();
  const patternId = `chart-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const columns = orientation === 'columns';
  const labelled = references.some((r) => r.label !== undefined);

  const { height: columnHeight, rowHeight = 24 } = props;
  // Memoised on numbers: callers pass fresh arrays every render.
  const refValues = references.map((r) => r.value).join(',');
  const [fixedLo, fixedHi] = props.valueDomain ?? [Number.NaN, Number.NaN];
  const layout = useMemo((): Layout => {
    const valueDomain = Number.isNaN(fixedLo) ? undefined : ([fixedLo, fixedHi] as const);
    const stacks = categories.map((c) => c.values);
    const segEnds = segments.flatMap((s) => [s.start, s.end]);
    const [min, max] =
      valueDomain ??
      valueExtent([...stacks, segEnds], refValues === '' ? [] : refValues.split(',').map(Number));
    const top = MARGINS.top + (labelled ? MARKER_ROW : 0);
    const labels = categories.map((c) => c.label);
    if (columns) {
      const height = columnHeight ?? 210;
      const nice = niceLinear(min, max, 4);
      const ticks = valueDomain ? nice.ticks.filter((t) => t >= min && t <= max) : nice.ticks;
      const left = Math.max(36, ...ticks.map((t) => textWidth(tickFormat(t), FONT) + 12));
      const right = width - MARGINS.right;
      const band = Math.max(1, (right - left) / Math.max(1, categories.length));
      const lines = labels.map((l) => wrapLabel(l, band - 4, FONT, 2));
      const bottom = height - 10 - LINE * Math.max(1, ...lines.map((l) => l.length));
      const domain = valueDomain ?? nice.domain;
      const value = axisScale('linear', domain, [bottom, top], ticks);
      return {
        height,
        left,
        right,
        top,
        bottom,
        band,
        bar: Math.min(band * 0.72, 96),
        lines,
        value,
      };
    }
    const bottom = top + rowHeight * categories.length;
    const height = bottom + MARGINS.bottom;
    const left = Math.min(
      width * 0.4,
      Math.max(MARGINS.left, ...labels.map((l) => textWidth(l, FONT) + 14)),
    );
    const right = Math.max(left + 1, width - MARGINS.right);
    const count = Math.max(2, Math.floor((right - left) / 90));
    const nice = niceLinear(min, max, count);
    const ticks = valueDomain ? nice.ticks.filter((t) => t >= min && t <= max) : nice.ticks;
    const value = axisScale('linear', valueDomain ?? nice.domain, [left, right], ticks);
    const lines = labels.map((l) => [truncateLabel(l, left - 10, FONT)]);
    const bar = Math.round(rowHeight * 0.68);
    return { height, left, right, top, bottom, band: rowHeight, bar, lines, value };
  }, [
    categories,
    segments,
    refValues,
    fixedLo,
    fixedHi,
    columns,
    columnHeight,
    rowHeight,
    tickFormat,
    width,
    labelled,
  ]);

  const { height, left, right, top, bottom, band, lines, value } = layout;

  const paths = useMemo(() => {
    const d = series.map(() => '');
    categories.forEach((category, i) => {
      for (const s of stackSegments(category.values)) {
        // A non-zero value is at least 1 px long, so it never looks like a zero.
        const a = value(s.start);
        const grow = Math.sign(value(s.end) - a) || (columns ? -1 : 1) * Math.sign(s.value);
        const b = a + grow * Math.max(1, Math.abs(value(s.end) - a));
        const r = place(columns, layout, i, a, b);
        d[s.series] += rectPath(r.x, r.y, r.width, r.height);
      }
    });
    return d;
  }, [series, categories, layout, value, columns]);

  const bySegment = props.segmentTooltip !== undefined;
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const bandStart = (i: number) => (columns ? left : top) + band * i;
  const hoveredCategory = typeof hover === 'number' ? categories[hover] : undefined;
  const hoveredSegment =
    typeof hover === 'string' ? segments.find((s) => s.key === hover) : undefined;

  let tip: ReactNode = null;
  let tipX = 0;
  let tipY = 0;
  if (hoveredCategory !== undefined && typeof hover === 'number') {
    const format = props.valueFormat ?? tickFormat;
    const shown = hoveredCategory.values
      .map((v, i) => ({ v, s: series[i] }))
      .filter((e): e is { v: number; s: BarSeries } => e.s !== undefined);
    const nonZero = shown.filter((e) => e.v !== 0);
    tip = props.tooltip ? (
      props.tooltip(hover)
    ) : (
      <>
        <strong>{hoveredCategory.label}</strong>
        {(nonZero.length > 0 ? nonZero : shown.slice(0, 1)).map((e) => (
          <div key={e.s.id}>
            {e.s.label}: {format(e.v)}
          </div>
        ))}
      </>
    );
    tipX = columns ? bandStart(hover) + band * 0.75 : left;
    tipY = columns ? top : bandStart(hover) + band + 2;
  } else if (hoveredSegment !== undefined && props.segmentTooltip) {
    tip = props.segmentTooltip(hoveredSegment.key);
    const mid = value((hoveredSegment.start + hoveredSegment.end) / 2);
    tipX = columns ? bandStart(hoveredSegment.category) + band : mid;
    tipY = columns ? mid : bottom + 4;
  }

  return (
    <div
      ref={ref}
      className={`chart-plot bar-chart ${props.className ?? ''}`}
      onPointerLeave={onPointerLeave}
    >
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="presentation"
        className={`bar-chart-${orientation}`}
      >
        {segments.some((s) => s.hatched) && (
          <defs>
            <pattern
              id={patternId}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line x1="0" y1="0" x2="0" y2="6" className="seg-hatch" />
            </pattern>
          </defs>
        )}
        {typeof hover === 'number' && (
          <rect
            {...(columns
              ? { x: bandStart(hover), y: top, width: band, height: bottom - top }
              : { x: left, y: bandStart(hover), width: right - left, height: band })}
            fill={INK.surface2}
          />
        )}
        <Axes
          left={left}
          right={right}
          top={top}
          bottom={bottom}
          {...(columns
            ? {
                yTicks: value.ticks,
                sy: value,
                yFormat: tickFormat,
                xAxisAt: value(Math.max(value.domain[0], 0)),
              }
            : {
                xTicks: value.ticks,
                sx: value,
                xFormat: tickFormat,
                yAxisAt: value(Math.max(value.domain[0], 0)),
              })}
        />
        <g fill={INK.muted} fontSize={FONT}>
          {lines.map((label, i) =>
            columns ? (
              <text
                key={i}
                x={bandStart(i) + band / 2}
                y={bottom + 4 + LINE - 2}
                textAnchor="middle"
              >
                {label.map((l, j) => (
                  <tspan key={j} x={bandStart(i) + band / 2} dy={j === 0 ? 0 : LINE}>
                    {l}
                  </tspan>
                ))}
              </text>
            ) : (
              <text
                key={i}
                x={left - 8}
                y={bandStart(i) + band / 2}
                dy="0.35em"
                textAnchor="end"
                fontSize={12}
              >
                {label[0]}
              </text>
            ),
          )}
        </g>
        {series.map((s, i) => (
          <path key={s.id} data-series={s.id} d={paths[i]} fill={s.color} />
        ))}
        <g>
          {segments.map((s) => {
            const a = r1(value(s.start));
            const b = r1(value(s.end));
            const r = place(columns, layout, s.category, a, b);
            return (
              <SegmentShape
                key={s.key}
                x={r1(r.x)}
                y={r1(r.y)}
                width={r1(r.width)}
                height={r1(r.height)}
                color={s.color}
                className={s.className}
                label={s.label}
                hatched={s.hatched ?? false}
                patternId={patternId}
                segKey={s.key}
                onHover={bySegment ? setHover : undefined}
              />
            );
          })}
        </g>
        {references.map((r) => {
          const at = value(r.value);
          const anchor = at > right - 50 ? 'end' : at < left + 50 ? 'start' : 'middle';
          return (
            <g key={`${r.value}-${r.label ?? ''}`} className="chart-reference">
              {columns ? (
                <line
                  x1={left}
                  x2={right}
                  y1={at}
                  y2={at}
                  stroke={r.color}
                  strokeDasharray={r.dash ?? '4 3'}
                  strokeWidth={r.width}
                />
              ) : (
                <line
                  x1={at}
                  x2={at}
                  y1={top - 4}
                  y2={bottom}
                  stroke={r.color}
                  strokeDasharray={r.dash ?? '4 3'}
                  strokeWidth={r.width}
                />
              )}
              {r.label !== undefined && !columns && (
                <text x={at} y={top - 8} fill={r.color} fontSize={12} textAnchor={anchor}>
                  {r.label}
                </text>
              )}
            </g>
          );
        })}
        {!bySegment &&
          categories.map((_, i) => (
            <rect
              key={i}
              {...(columns
                ? { x: bandStart(i), y: top, width: band, height: height - top }
                : { x: 0, y: bandStart(i), width, height: band })}
              fill="transparent"
              onPointerEnter={() => setHover(i)}
            />
          ))}
      </svg>
      {tip !== null && (
        <Tooltip x={tipX} y={tipY} width={width}>
          {tip}
        </Tooltip>
      )}
    </div>
  );
});
