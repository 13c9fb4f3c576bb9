import { memo } from 'react';
import { INK } from './palette.ts';

/**
 * The dashed grid, the tick labels and the axis lines of every chart of the
 * kit. The plot spans [left, right] × [top, bottom]; either axis may be left
 * out (a bar chart's category axis has labels of its own). Memoised: a step
 * that moves only a marker keeps the scales, so the axes do not re-render.
 */
export const Axes = memo(function Axes(props: {
  left: number;
  right: number;
  top: number;
  bottom: number;
  xTicks?: readonly number[];
  yTicks?: readonly number[];
  sx?: (x: number) => number;
  sy?: (y: number) => number;
  xFormat?: (x: number) => string;
  yFormat?: (y: number) => string;
  /** Drawn centred under the x tick labels. */
  xTitle?: string;
  /** Drawn turned up the left edge, centred on the plot. */
  yTitle?: string;
  /** Where the x axis line sits (default: the bottom); a bar chart's zero. */
  xAxisAt?: number;
  yAxisAt?: number;
}) {
  const { left, right, top, bottom, sx, sy, xTicks = [], yTicks = [] } = props;
  const xs = sx === undefined ? [] : xTicks;
  const ys = sy === undefined ? [] : yTicks;
  return (
    <>
      <g className="chart-grid-lines" stroke={INK.grid} strokeDasharray="3 3">
        {ys.map((t) => (
          <line key={`y${t}`} x1={left} x2={right} y1={sy?.(t)} y2={sy?.(t)} />
        ))}
        {xs.map((t) => (
          <line key={`x${t}`} x1={sx?.(t)} x2={sx?.(t)} y1={top} y2={bottom} />
        ))}
      </g>
      <g className="chart-axis" fill={INK.muted} fontSize={12}>
        {ys.map((t) => (
          <text key={`yl${t}`} x={left - 6} y={sy?.(t)} dy="0.35em" textAnchor="end">
            {props.yFormat?.(t) ?? String(t)}
          </text>
        ))}
        {xs.map((t) => (
          <text key={`xl${t}`} x={sx?.(t)} y={bottom + 18} textAnchor="middle">
            {props.xFormat?.(t) ?? String(t)}
          </text>
        ))}
        {props.xTitle !== undefined && (
          <text x={(left + right) / 2} y={bottom + 36} textAnchor="middle">
            {props.xTitle}
          </text>
        )}
        {props.yTitle !== undefined && (
          <text transform={`translate(14 ${(top + bottom) / 2}) rotate(-90)`} textAnchor="middle">
            {props.yTitle}
          </text>
        )}
      </g>
      <g stroke={INK.muted}>
        <line x1={props.yAxisAt ?? left} x2={props.yAxisAt ?? left} y1={top} y2={bottom} />
        <line x1={left} x2={right} y1={props.xAxisAt ?? bottom} y2={props.xAxisAt ?? bottom} />
      </g>
    </>
  );
});
