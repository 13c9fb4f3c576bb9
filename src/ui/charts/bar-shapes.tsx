/** The shapes of a {@link BarChart}: stacked rectangles as path data, and custom segments. */
import { memo } from 'react';
import type { AxisScale } from './scales.ts';

/** A rectangle as path data (the stacked series draw one path each). */
export function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${x.toFixed(1)},${y.toFixed(1)}h${w.toFixed(1)}v${h.toFixed(1)}h${(-w).toFixed(1)}Z`;
}

/** Where a bar chart draws: the plot box, the band and bar sizes, the label lines and the value scale. */
export interface Layout {
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly band: number;
  readonly bar: number;
  readonly lines: readonly (readonly string[])[];
  readonly value: AxisScale;
}

/** A rectangle from `a` to `b` along the value axis, `across` the category axis. */
export function place(columns: boolean, layout: Layout, category: number, a: number, b: number) {
  const across =
    (columns ? layout.left : layout.top) + layout.band * category + (layout.band - layout.bar) / 2;
  const lo = Math.min(a, b);
  const len = Math.abs(a - b);
  return columns
    ? { x: across, y: lo, width: layout.bar, height: len }
    : { x: lo, y: across, width: len, height: layout.bar };
}

/**
 * One custom segment. Memoised with plain props, so a step that leaves a
 * segment's place and class alone does not touch its shapes.
 */
export const SegmentShape = memo(function SegmentShape(props: {
  x: number;
  y: number;
  width: number;
  height: number;
  color: string | undefined;
  className: string | undefined;
  label: string | undefined;
  hatched: boolean;
  patternId: string;
  segKey: string;
  /** Stable (the hover setter), so a step re-renders only the segments that moved. */
  onHover: ((key: string) => void) | undefined;
}) {
  const { onHover, segKey } = props;
  const { x, y, width, height, label } = props;
  if (!(width > 0) || !(height > 0)) return null;
  const fits = label !== undefined && width > label.length * 7 + 10;
  return (
    <g
      className={`chart-seg ${props.className ?? ''}`}
      onPointerEnter={onHover === undefined ? undefined : () => onHover(segKey)}
    >
      <rect x={x} y={y} width={width} height={height} className="seg-fill" fill={props.color} />
      {props.hatched && (
        <rect x={x} y={y} width={width} height={height} fill={`url(#${props.patternId})`} />
      )}
      <rect x={x} y={y} width={width} height={height} className="seg-edge" fill="none" />
      {fits && (
        <text
          x={x + width / 2}
          y={y + height / 2}
          dy="0.35em"
          textAnchor="middle"
          className="seg-label"
        >
          {label}
        </text>
      )}
    </g>
  );
});
