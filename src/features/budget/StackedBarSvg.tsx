import { memo, useId, useMemo, useState } from 'react';
import { makeScale, niceTicks } from '../../ui/charts/scale.ts';
import { useWidth } from '../../ui/charts/use-width.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import { segmentMarker, type Segment } from './bar-segments.ts';
import { STATUS_TEXT } from './evaluate.ts';

const M = { top: 22, right: 16, bottom: 26, left: 76 };
const HEIGHT = 150;
/** Space between the two bars, as a share of each bar's band (as a bar chart's category gap). */
const GAP = 0.18;
const BARS = ['All rows', 'Admitted'] as const;

interface SegmentShapeProps {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Status class: admitted, pinned, dropped, notCompiled or blocking. */
  cls: string;
  label: string;
  hatched: boolean;
  patternId: string;
  segKey: string;
  onHover: (key: string | null) => void;
}

/**
 * One segment: status by fill, hatching, dashed edge and a text marker, not
 * by colour alone. Memoised with plain props, so a budget step that leaves a
 * row's fate and place alone does not touch its shapes.
 */
const SegmentShape = memo(function SegmentShape(props: SegmentShapeProps) {
  const { x, y, width, height, cls, label, segKey, onHover } = props;
  if (!(width > 0) || !(height > 0)) return null;
  const fits = width > label.length * 7 + 10;
  return (
    <g
      className={`budget-seg seg-${cls}`}
      onPointerEnter={() => onHover(segKey)}
      onPointerLeave={() => onHover(null)}
    >
      <rect x={x} y={y} width={width} height={height} className="seg-fill" />
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

function SegmentTooltip({ seg }: { seg: Segment }) {
  return (
    <div className="chart-tooltip">
      <strong>
        #{seg.position + 1} {seg.id}
      </strong>
      <br />
      {formatTokens(seg.tokens)} tokens · {STATUS_TEXT[seg.status]}
      {seg.blocking ? ' (over budget)' : ''}
      <br />
      {seg.tier} tier · {seg.dropRank === null ? 'never dropped' : `drop order ${seg.dropRank}`}
    </div>
  );
}

/**
 * The compiled prompt as two stacked bars in SVG: every row in compiled order,
 * and the rows that ship packed together, against a dashed budget line.
 * A tooltip names the row under the pointer.
 */
export const StackedBarSvg = memo(function StackedBarSvg({
  segs,
  limit,
}: {
  segs: readonly Segment[];
  /** The budget; null = unbounded (no line). */
  limit: number | null;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<string | null>(null);
  const patternId = `budget-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const total = segs.reduce((sum, s) => sum + s.tokens, 0);
  const domainMax = Math.max(1, total, limit ?? 0);
  const right = Math.max(M.left + 1, width - M.right);
  const sx = makeScale('linear', [0, domainMax], [M.left, right]);
  const ticks = useMemo(
    () =>
      niceTicks(0, domainMax, Math.max(2, Math.floor((right - M.left) / 90))).filter(
        (t) => t >= 0 && t <= domainMax,
      ),
    [domainMax, right],
  );
  const band = (HEIGHT - M.top - M.bottom) / BARS.length;
  const barHeight = band * (1 - GAP);
  const barY = (i: number) => M.top + band * i + (band * GAP) / 2;
  const hovered = segs.find((s) => s.key === hover);
  const r = (v: number) => Math.round(v * 10) / 10;

  const shapes = (bar: 0 | 1) =>
    segs.map((seg) => {
      const from = bar === 0 ? seg.start : seg.shippedStart;
      if (from === null) return null;
      const x0 = r(sx(from));
      return (
        <SegmentShape
          key={`${bar}${seg.key}`}
          x={x0}
          y={r(barY(bar))}
          width={r(sx(from + seg.tokens)) - x0}
          height={r(barHeight)}
          cls={seg.blocking ? 'blocking' : seg.status}
          label={`${segmentMarker(seg)}${seg.id}`}
          hatched={bar === 0 && seg.status === 'dropped'}
          patternId={patternId}
          segKey={seg.key}
          onHover={setHover}
        />
      );
    });

  const limitX = limit === null ? null : sx(limit);
  const tooltipX =
    hovered === undefined ? 0 : sx((hovered.shippedStart ?? hovered.start) + hovered.tokens / 2);
  return (
    <div
      ref={ref}
      className="xy-chart budget-bar-chart"
      style={{ position: 'relative', height: HEIGHT }}
    >
      <svg width={width} height={HEIGHT} role="presentation">
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
        <g fill="var(--muted)" fontSize={12}>
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={sx(t)}
                x2={sx(t)}
                y1={HEIGHT - M.bottom}
                y2={HEIGHT - M.bottom + 5}
                stroke="var(--muted)"
              />
              <text x={sx(t)} y={HEIGHT - 6} textAnchor="middle">
                {formatTokensShort(t)}
              </text>
            </g>
          ))}
          {BARS.map((name, i) => (
            <text
              key={name}
              x={M.left - 8}
              y={barY(i) + barHeight / 2}
              dy="0.35em"
              textAnchor="end"
            >
              {name}
            </text>
          ))}
          <line x1={M.left} x2={M.left} y1={M.top} y2={HEIGHT - M.bottom} stroke="var(--muted)" />
          <line
            x1={M.left}
            x2={right}
            y1={HEIGHT - M.bottom}
            y2={HEIGHT - M.bottom}
            stroke="var(--muted)"
          />
        </g>
        <g>{shapes(0)}</g>
        <g>{shapes(1)}</g>
        {limit !== null && limitX !== null && (
          <g className="budget-line">
            <line
              x1={limitX}
              x2={limitX}
              y1={M.top - 4}
              y2={HEIGHT - M.bottom}
              stroke="var(--text)"
              strokeWidth={2}
              strokeDasharray="4 3"
            />
            <text
              x={limitX}
              y={M.top - 8}
              fill="var(--text)"
              fontSize={12}
              textAnchor={limitX > right - 50 ? 'end' : limitX < M.left + 50 ? 'start' : 'middle'}
            >
              Budget {formatTokens(limit)}
            </text>
          </g>
        )}
      </svg>
      {hovered !== undefined && (
        <div
          className="xy-tooltip"
          style={{
            left: Math.max(0, Math.min(tooltipX - 100, width - 240)),
            top: HEIGHT - M.bottom + 4,
          }}
        >
          <SegmentTooltip seg={hovered} />
        </div>
      )}
    </div>
  );
});
