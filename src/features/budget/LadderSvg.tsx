import { memo, useMemo, useState } from 'react';
import { makeScale, niceTicks } from '../../ui/charts/scale.ts';
import { useWidth } from '../../ui/charts/use-width.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import type { LadderCorner, LadderPoint } from './ladder-series.ts';

const M = { top: 16, right: 20, bottom: 44, left: 60 };
const HEIGHT = 300;

/** The plot's geometry for one width and axis length. */
interface Geometry {
  readonly width: number;
  readonly maxBudget: number;
  readonly sx: (budget: number) => number;
  readonly sy: (tokens: number) => number;
  readonly right: number;
  readonly bottom: number;
}

function geometry(width: number, maxBudget: number): Geometry {
  const right = Math.max(M.left + 1, width - M.right);
  const bottom = HEIGHT - M.bottom;
  return {
    width,
    maxBudget,
    sx: makeScale('linear', [0, maxBudget], [M.left, right]),
    sy: makeScale('linear', [0, maxBudget], [bottom, M.top]),
    right,
    bottom,
  };
}

/** A "step after" path through the points that have a value; a missing value breaks the line. */
function stepPath(
  points: readonly LadderPoint[],
  value: (p: LadderPoint) => number | null,
  g: Geometry,
): string {
  let d = '';
  let open = false;
  for (const p of points) {
    const v = value(p);
    if (v === null) {
      open = false;
      continue;
    }
    const x = g.sx(p.budget).toFixed(1);
    const y = g.sy(v).toFixed(1);
    d += open ? `H${x}V${y}` : `M${x},${y}`;
    open = true;
  }
  return d;
}

/**
 * Everything that depends on the rows and the width only: grid, axes, the
 * compile-fails area, the no-waste diagonal, both step lines and the drop
 * points. A budget step does not re-render it.
 */
const LadderPlot = memo(function LadderPlot({
  g,
  data,
  pinned,
  corners,
}: {
  g: Geometry;
  data: readonly LadderPoint[];
  pinned: number;
  corners: readonly LadderCorner[];
}) {
  const { sx, sy, right, bottom, maxBudget } = g;
  const count = Math.max(2, Math.floor((right - M.left) / 90));
  const xTicks = niceTicks(0, maxBudget, count).filter((t) => t >= 0 && t <= maxBudget);
  const yTicks = niceTicks(0, maxBudget, 5).filter((t) => t >= 0 && t <= maxBudget);
  const rule = stepPath(data, (p) => p.rule, g);
  const best = stepPath(data, (p) => p.best, g);
  const failsWidth = sx(Math.min(pinned, maxBudget)) - M.left;
  return (
    <g>
      <g stroke="var(--grid)" strokeDasharray="3 3">
        {yTicks.map((t) => (
          <line key={`gy${t}`} x1={M.left} x2={right} y1={sy(t)} y2={sy(t)} />
        ))}
        {xTicks.map((t) => (
          <line key={`gx${t}`} x1={sx(t)} x2={sx(t)} y1={M.top} y2={bottom} />
        ))}
      </g>
      {pinned > 0 && (
        <g className="ladder-fails">
          <rect
            x={M.left}
            y={M.top}
            width={Math.max(0, failsWidth)}
            height={bottom - M.top}
            fill="var(--bad)"
            fillOpacity={0.12}
          />
          {failsWidth > 90 && (
            <text
              x={M.left + failsWidth / 2}
              y={(M.top + bottom) / 2}
              textAnchor="middle"
              fill="var(--bad)"
              fontSize={12}
            >
              compile fails
            </text>
          )}
        </g>
      )}
      <g fill="var(--muted)" fontSize={12}>
        {yTicks.map((t) => (
          <text key={`ly${t}`} x={M.left - 6} y={sy(t)} dy="0.35em" textAnchor="end">
            {formatTokensShort(t)}
          </text>
        ))}
        {xTicks.map((t) => (
          <text key={`lx${t}`} x={sx(t)} y={bottom + 18} textAnchor="middle">
            {formatTokensShort(t)}
          </text>
        ))}
        <text x={(M.left + right) / 2} y={HEIGHT - 4} textAnchor="middle">
          Budget (tokens)
        </text>
        <line x1={M.left} x2={M.left} y1={M.top} y2={bottom} stroke="var(--muted)" />
        <line x1={M.left} x2={right} y1={bottom} y2={bottom} stroke="var(--muted)" />
      </g>
      <line
        x1={sx(0)}
        y1={sy(0)}
        x2={sx(maxBudget)}
        y2={sy(maxBudget)}
        stroke="var(--muted)"
        strokeDasharray="2 4"
      />
      <path d={best} fill="none" stroke="var(--chart-3)" strokeWidth={2} strokeDasharray="6 4" />
      <path d={rule} fill="none" stroke="var(--chart-1)" strokeWidth={2.5} />
      {corners.map((c) => {
        const x = sx(c.budget);
        const y = sy(c.budget);
        // Labels go left of their dot on the upper part of the ladder, unless
        // that would cross the axis on a narrow screen and the right has room.
        const labelWidth = (c.label?.length ?? 0) * 6;
        const left =
          c.budget > maxBudget * 0.35
            ? x - 8 - labelWidth >= M.left || x + 8 + labelWidth > right
            : x + 8 + labelWidth > right && x - 8 - labelWidth >= M.left;
        return (
          <g key={c.budget}>
            <circle cx={x} cy={y} r={3} fill="var(--chart-2)" />
            {c.label !== null && (
              <text
                x={left ? x - 8 : x + 8}
                y={y}
                dy="0.35em"
                textAnchor={left ? 'end' : 'start'}
                fill="var(--muted)"
                fontSize={11}
              >
                {c.label}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});

function LadderTooltip({ point }: { point: LadderPoint }) {
  return (
    <div className="chart-tooltip">
      <strong>Budget {formatTokens(point.budget)}</strong>
      <br />
      {point.rule === null ? (
        'Compile fails: the pinned rows do not fit.'
      ) : (
        <>
          Whole-row rule admits {formatTokens(point.rule)} (wastes{' '}
          {formatTokens(point.budget - point.rule)})
          <br />
          Best subset keeps {formatTokens(point.best ?? 0)}
        </>
      )}
    </div>
  );
}

/** Index of the point whose budget is nearest `budget` (points sorted by budget). */
function nearest(points: readonly LadderPoint[], budget: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as LadderPoint).budget <= budget) lo = mid;
    else hi = mid;
  }
  const a = points[lo] as LadderPoint;
  const b = points[hi] as LadderPoint;
  return Math.abs(b.budget - budget) < Math.abs(a.budget - budget) ? hi : lo;
}

/**
 * The admission ladder in SVG: admitted tokens against the budget under the
 * whole-row rule and the best subset, with the budget line and the headroom
 * wasted there drawn over a plot that only changes with the rows.
 */
export const LadderSvg = memo(function LadderSvg(props: {
  data: readonly LadderPoint[];
  maxBudget: number;
  pinned: number;
  corners: readonly LadderCorner[];
  /** The budget; null = unbounded. */
  limit: number | null;
  /** Tokens the rule admits at the budget; null when nothing compiles. */
  admitted: number | null;
}) {
  const { data, maxBudget, limit, admitted } = props;
  const [ref, width] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const g = useMemo(() => geometry(width, maxBudget), [width, maxBudget]);
  const { sx, sy, bottom, right } = g;

  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (data.length === 0) return;
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    const budget = ((px - M.left) / Math.max(1, right - M.left)) * maxBudget;
    setHover(nearest(data, budget));
  };

  const point = hover === null ? undefined : data[hover];
  const limitX = limit === null || limit > maxBudget ? null : sx(limit);
  return (
    <div
      ref={ref}
      className="xy-chart budget-ladder-chart"
      style={{ position: 'relative', height: HEIGHT }}
    >
      <svg
        width={width}
        height={HEIGHT}
        role="presentation"
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
      >
        <LadderPlot g={g} data={data} pinned={props.pinned} corners={props.corners} />
        {limitX !== null && (
          <g className="ladder-budget">
            <line
              x1={limitX}
              x2={limitX}
              y1={M.top}
              y2={bottom}
              stroke="var(--text)"
              strokeDasharray="4 3"
            />
            <text
              x={limitX < M.left + 60 ? limitX + 4 : limitX - 4}
              y={bottom - 6}
              textAnchor={limitX < M.left + 60 ? 'start' : 'end'}
              fill="var(--text)"
              fontSize={12}
            >
              Budget
            </text>
            {limit !== null && admitted !== null && limit > admitted && (
              <line
                className="ladder-waste"
                x1={limitX}
                x2={limitX}
                y1={sy(admitted)}
                y2={sy(limit)}
                stroke="var(--bad)"
                strokeWidth={5}
              />
            )}
          </g>
        )}
        {point !== undefined && (
          <line
            x1={sx(point.budget)}
            x2={sx(point.budget)}
            y1={M.top}
            y2={bottom}
            stroke="var(--muted)"
            strokeOpacity={0.6}
          />
        )}
      </svg>
      {point !== undefined && (
        <div
          className="xy-tooltip"
          style={{ left: Math.max(0, Math.min(sx(point.budget) + 12, width - 260)), top: M.top }}
        >
          <LadderTooltip point={point} />
        </div>
      )}
    </div>
  );
});
