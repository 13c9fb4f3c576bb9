import { memo, useMemo, useState } from 'react';
import { makeScale, niceAxis } from '../../ui/charts/scale.ts';
import { useWidth } from '../../ui/charts/use-width.ts';
import { stackSegments, textWidth, truncateLabel, valueExtent, wrapLabel } from './bar-layout.ts';

/** One stacked series: a colour and a name shared by every category. */
export interface BarSeries {
  readonly id: string;
  readonly label: string;
  /** Any CSS colour, CSS variables included. */
  readonly color: string;
}

/** One bar (a stack): its label and one value per series, in series order. */
export interface BarCategory {
  readonly label: string;
  readonly values: readonly number[];
}

/** A dashed line across the plot at a value. */
export interface BarReference {
  readonly value: number;
  readonly color: string;
  readonly dash?: string;
}

export interface StackedBarChartProps {
  /** Columns grow up from a horizontal category axis; rows grow right from a vertical one. */
  orientation: 'columns' | 'rows';
  series: readonly BarSeries[];
  categories: readonly BarCategory[];
  /** Value-axis tick labels. */
  tickFormat: (value: number) => string;
  /** Values in the tooltip. */
  valueFormat: (value: number) => string;
  references?: readonly BarReference[];
  /** Drawing height in pixels for columns (rows take a fixed height per category). */
  height?: number;
}

const FONT = 11;
const LINE = 13;
const ROW = 24;
const ROW_BAR = 16;
const TOP = 10;
const RIGHT = 14;
const NO_REFERENCES: readonly BarReference[] = [];

function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${x.toFixed(1)},${y.toFixed(1)}h${w.toFixed(1)}v${h.toFixed(1)}h${(-w).toFixed(1)}Z`;
}

/**
 * A small SVG chart of stacked bars, one stack per category, with a value
 * axis, grid, reference lines and a tooltip per category. Each series is one
 * `<path data-series>` (a rectangle per non-zero value). The SVG carries a
 * viewBox, so print CSS can scale it to its column.
 */
export const StackedBarChart = memo(function StackedBarChart(props: StackedBarChartProps) {
  const { orientation, series, categories, tickFormat, references = NO_REFERENCES } = props;
  const [ref, width] = useWidth<HTMLDivElement>(340);
  const [hover, setHover] = useState<number | null>(null);
  const columns = orientation === 'columns';

  const layout = useMemo(() => {
    const [min, max] = valueExtent(
      categories.map((c) => c.values),
      references.map((r) => r.value),
    );
    const labels = categories.map((c) => c.label);
    if (columns) {
      const height = props.height ?? 210;
      const { ticks, domain } = niceAxis(min, max, 4);
      const left = Math.max(36, ...ticks.map((t) => textWidth(tickFormat(t), FONT) + 12));
      const band = Math.max(1, (width - left - RIGHT) / Math.max(1, categories.length));
      const lines = labels.map((l) => wrapLabel(l, band - 4, FONT, 2));
      const bottom = 10 + LINE * Math.max(1, ...lines.map((l) => l.length));
      const value = makeScale('linear', domain, [height - bottom, TOP]);
      const barWidth = Math.min(band * 0.72, 96);
      return { height, ticks, left, bottom, band, lines, value, barWidth };
    }
    const height = TOP + ROW * categories.length + 24;
    const left = Math.min(width * 0.4, Math.max(40, ...labels.map((l) => textWidth(l, FONT) + 10)));
    const { ticks, domain } = niceAxis(
      min,
      max,
      Math.max(2, Math.floor((width - left - RIGHT) / 70)),
    );
    const value = makeScale('linear', domain, [left, width - RIGHT]);
    const lines = labels.map((l) => [truncateLabel(l, left - 10, FONT)]);
    return { height, ticks, left, bottom: 24, band: ROW, lines, value, barWidth: ROW_BAR };
  }, [categories, references, columns, props.height, tickFormat, width]);

  const { height, ticks, left, bottom, band, lines, value, barWidth } = layout;
  const plotEnd = columns ? height - bottom : width - RIGHT;

  // Position of category i across the category axis: the start of its band and of its bar.
  const bandStart = (i: number) => (columns ? left : TOP) + band * i;
  const barStart = (i: number) => bandStart(i) + (band - barWidth) / 2;

  const paths = useMemo(() => {
    const d = series.map(() => '');
    categories.forEach((category, i) => {
      const across = barStart(i);
      for (const s of stackSegments(category.values)) {
        // A non-zero value is at least 1 px long, so it never looks like a zero.
        const a = value(s.start);
        const grow = Math.sign(value(s.end) - a) || (columns ? -1 : 1) * Math.sign(s.value);
        const b = a + grow * Math.max(1, Math.abs(value(s.end) - a));
        d[s.series] += columns
          ? rectPath(across, Math.min(a, b), barWidth, Math.abs(a - b))
          : rectPath(Math.min(a, b), across, Math.abs(a - b), barWidth);
      }
    });
    return d;
    // barStart is derived from the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, categories, layout]);

  const hovered = hover === null ? undefined : categories[hover];
  const shown = hovered
    ? hovered.values
        .map((v, i) => ({ v, s: series[i] }))
        .filter((e): e is { v: number; s: BarSeries } => e.s !== undefined)
    : [];
  const nonZero = shown.filter((e) => e.v !== 0);

  return (
    <div ref={ref} className="bar-chart" onPointerLeave={() => setHover(null)}>
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="presentation"
        className={`bar-chart-${orientation}`}
      >
        <g stroke="var(--grid)" strokeDasharray="3 3">
          {ticks.map((t) =>
            columns ? (
              <line key={t} x1={left} x2={width - RIGHT} y1={value(t)} y2={value(t)} />
            ) : (
              <line key={t} x1={value(t)} x2={value(t)} y1={TOP} y2={height - bottom} />
            ),
          )}
        </g>
        {hover !== null &&
          (columns ? (
            <rect
              x={bandStart(hover)}
              y={TOP}
              width={band}
              height={plotEnd - TOP}
              fill="var(--surface-2)"
            />
          ) : (
            <rect
              x={left}
              y={bandStart(hover)}
              width={plotEnd - left}
              height={band}
              fill="var(--surface-2)"
            />
          ))}
        <g fill="var(--muted)" fontSize={FONT}>
          {ticks.map((t) =>
            columns ? (
              <text key={t} x={left - 6} y={value(t) + 4} textAnchor="end">
                {tickFormat(t)}
              </text>
            ) : (
              <text key={t} x={value(t)} y={height - 8} textAnchor="middle">
                {tickFormat(t)}
              </text>
            ),
          )}
          {lines.map((label, i) =>
            columns ? (
              <text
                key={i}
                x={bandStart(i) + band / 2}
                y={plotEnd + 4 + LINE - 2}
                textAnchor="middle"
              >
                {label.map((line, j) => (
                  <tspan key={j} x={bandStart(i) + band / 2} dy={j === 0 ? 0 : LINE}>
                    {line}
                  </tspan>
                ))}
              </text>
            ) : (
              <text key={i} x={left - 6} y={bandStart(i) + band / 2 + 4} textAnchor="end">
                {label[0]}
              </text>
            ),
          )}
        </g>
        {series.map((s, i) => (
          <path key={s.id} data-series={s.id} d={paths[i]} fill={s.color} />
        ))}
        {references.map((r) => {
          const at = value(r.value);
          return columns ? (
            <line
              key={r.value}
              x1={left}
              x2={width - RIGHT}
              y1={at}
              y2={at}
              stroke={r.color}
              strokeDasharray={r.dash ?? '4 3'}
            />
          ) : (
            <line
              key={r.value}
              x1={at}
              x2={at}
              y1={TOP}
              y2={height - bottom}
              stroke={r.color}
              strokeDasharray={r.dash ?? '4 3'}
            />
          );
        })}
        <g stroke="var(--muted)">
          {columns ? (
            <>
              <line x1={left} x2={left} y1={TOP} y2={plotEnd} />
              <line x1={left} x2={width - RIGHT} y1={value(0)} y2={value(0)} />
            </>
          ) : (
            <>
              <line x1={left} x2={plotEnd} y1={height - bottom} y2={height - bottom} />
              <line x1={value(0)} x2={value(0)} y1={TOP} y2={height - bottom} />
            </>
          )}
        </g>
        {categories.map((_, i) =>
          columns ? (
            <rect
              key={i}
              x={bandStart(i)}
              y={TOP}
              width={band}
              height={height - TOP}
              fill="transparent"
              onPointerEnter={() => setHover(i)}
            />
          ) : (
            <rect
              key={i}
              x={0}
              y={bandStart(i)}
              width={width}
              height={band}
              fill="transparent"
              onPointerEnter={() => setHover(i)}
            />
          ),
        )}
      </svg>
      {hovered && hover !== null && (
        <div
          className="chart-tooltip bar-tooltip"
          style={
            columns
              ? {
                  left: Math.max(0, Math.min(bandStart(hover) + band * 0.75, width - 190)),
                  top: TOP,
                }
              : { left: left + 8, top: bandStart(hover) + band + 2 }
          }
        >
          <strong>{hovered.label}</strong>
          {(nonZero.length > 0 ? nonZero : shown.slice(0, 1)).map((e) => (
            <div key={e.s.id}>
              {e.s.label}: {props.valueFormat(e.v)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
