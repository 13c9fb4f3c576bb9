import { memo } from 'react';

/** Plot margins of a chart, CSS pixels. */
export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/**
 * The dashed grid, the tick labels and the two axis lines of an x/y chart,
 * shared by the line charts. `top` is where the plot starts (the margin, or
 * lower when labels sit above the plot). Memoised: a drag step that moves
 * only a marker keeps the scales, so the axes are not rendered again.
 */
export const Axes = memo(function Axes(props: {
  width: number;
  height: number;
  margins: Margins;
  top?: number;
  xTicks: readonly number[];
  yTicks: readonly number[];
  sx: (x: number) => number;
  sy: (y: number) => number;
  xFormat: (x: number) => string;
  yFormat: (y: number) => string;
}) {
  const { width, height, margins: M, xTicks, yTicks, sx, sy } = props;
  const top = props.top ?? M.top;
  const bottom = height - M.bottom;
  return (
    <>
      <g className="xy-grid" stroke="var(--grid)" strokeDasharray="3 3">
        {yTicks.map((t) => (
          <line key={`y${t}`} x1={M.left} x2={width - M.right} y1={sy(t)} y2={sy(t)} />
        ))}
        {xTicks.map((t) => (
          <line key={`x${t}`} x1={sx(t)} x2={sx(t)} y1={top} y2={bottom} />
        ))}
      </g>
      <g className="xy-axis" fill="var(--muted)" fontSize={12}>
        {yTicks.map((t) => (
          <text key={`yl${t}`} x={M.left - 6} y={sy(t) + 4} textAnchor="end">
            {props.yFormat(t)}
          </text>
        ))}
        {xTicks.map((t) => (
          <text key={`xl${t}`} x={sx(t)} y={height - 8} textAnchor="middle">
            {props.xFormat(t)}
          </text>
        ))}
      </g>
      <g stroke="var(--muted)">
        <line x1={M.left} x2={M.left} y1={top} y2={bottom} />
        <line x1={M.left} x2={width - M.right} y1={bottom} y2={bottom} />
      </g>
    </>
  );
});
