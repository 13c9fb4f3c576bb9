import { memo, useState } from 'react';
import { useValue } from '../../state/derive.ts';
import { Legend } from '../../ui/charts/Legend.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { Tooltip } from '../../ui/charts/Tooltip.tsx';
import { useCanvasSurface } from '../../ui/charts/use-canvas-surface.ts';
import { usePointerReadout, type PointerSpot } from '../../ui/charts/use-pointer-readout.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatNumber, formatTokens, formatUsd } from '../../ui/format.ts';
import type { FireCell, FireMap, FireMapAxis } from './fire-map.ts';
import { columnAt, drawFireMap, FIRE_MAP_HEIGHT, plotBox } from './fire-map-draw.ts';
import { fireMapNodes } from './fire-map-nodes.ts';

const LEGEND = [
  { label: 'offload (stronger colour = larger saving)', color: PALETTE.saves },
  { label: 'keep inline, offloading would lose money', color: PALETTE.loses },
  {
    label: 'keep inline, not priced (below threshold or H = 0)',
    color: PALETTE.notPriced,
    kind: 'hatch' as const,
  },
  { label: 'current inputs', color: INK.text, kind: 'ring' as const },
];

const CANVAS_STYLE = { width: '100%', height: FIRE_MAP_HEIGHT };
const PLOT_STYLE = { position: 'relative', gridColumn: 2, gridRow: 1 } as const;

const CELL_WORDS: Record<FireCell, string> = {
  fire: 'offload',
  loses: 'keep (loses)',
  notPriced: 'keep (not priced)',
};

const AXES: { axis: FireMapAxis; label: string; title: string }[] = [
  { axis: 'size', label: 'Size × recall', title: 'output size × recall probability' },
  { axis: 'horizon', label: 'Horizon × recall', title: 'horizon × recall probability' },
];

const columnLabel = (map: FireMap, x: number) =>
  map.axis === 'size' ? `${formatTokens(x)} tokens` : `H = ${x}`;

/** One row of the map's table: a recall probability and its row of cells. */
interface FireMapRow {
  readonly probability: number;
  readonly row: number;
}

function FireMapTable({ map }: { map: FireMap }) {
  const cols = map.xs.length;
  const step = Math.max(1, Math.ceil(cols / 10));
  const shown = map.xs.map((_, c) => c).filter((c) => c % step === 0 || c === cols - 1);
  const columns: DataColumn<FireMapRow>[] = [
    {
      key: 'p',
      header: map.axis === 'size' ? 'p \\ tokens' : 'p \\ H',
      cell: (r) => formatNumber(r.probability, 2),
      rowHeader: true,
    },
    ...shown.map((c): DataColumn<FireMapRow> => ({
      key: String(c),
      header: map.axis === 'size' ? formatTokens(map.xs[c] ?? 0) : map.xs[c],
      cell: (r) => CELL_WORDS[map.cells[r.row]?.[c] ?? 'notPriced'],
    })),
  ];
  const rows = map.probabilities
    .map((probability, row) => ({ probability, row }))
    .filter((r) => r.row % 2 === 0);
  return (
    <DataTable
      caption={`Gate verdict by recall probability (rows) and ${map.axis === 'size' ? 'output size' : 'horizon'} (columns)`}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.probability}
    />
  );
}

/**
 * Where the gate fires over output size (or horizon) × recall probability.
 * It opens on output size, with a log axis chosen from the break-even, so
 * the boundary between offloading and keeping is in view.
 */
export const FireMapChart = memo(function FireMapChart() {
  const [axis, setAxis] = useState<FireMapAxis>('size');
  // Both axes are nodes; the chart reads the one its buttons chose.
  const nodes = fireMapNodes[axis];
  const map = useValue(nodes.map);
  const regions = useValue(nodes.regions);
  const counts = useValue(nodes.tally);
  const scene = useValue(nodes.scene);
  const assumptions = useValue(nodes.assumptions);
  const surface = useCanvasSurface(FIRE_MAP_HEIGHT, scene, drawFireMap);
  const title = AXES.find((a) => a.axis === axis)?.title ?? '';

  // The map's regions in words: its text equivalent, shown with the chart and the table.
  const summary = (
    <>
      The gate fires in {formatTokens(counts.fire)} of {formatTokens(counts.total)} combinations
      drawn, keeps {formatTokens(counts.loses)} inline because offloading would lose money and does
      not price {formatTokens(counts.notPriced)}.
      <ul className="fire-regions">
        {regions.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </>
  );

  // The cell under a spot of the canvas, with where to anchor its readout.
  const cellAt = ({ x, y, width }: PointerSpot) => {
    const box = plotBox(width);
    const fx = (x - box.left) / box.width;
    const fy = (y - box.top) / box.height;
    const rows = map.probabilities.length;
    const c = columnAt(map, fx);
    const r = Math.floor((1 - fy) * rows);
    if (fx < 0 || fx > 1 || c < 0 || c >= map.xs.length || r < 0 || r >= rows) return null;
    return {
      x,
      y,
      column: map.xs[c] ?? 0,
      p: map.probabilities[r] ?? 0,
      net: map.net[r]?.[c] ?? 0,
      cell: map.cells[r]?.[c] ?? ('notPriced' as FireCell),
    };
  };
  const { hover, byTouch, handlers } = usePointerReadout(cellAt, CANVAS_STYLE);

  return (
    <ChartFrame
      title={`Where the gate fires: ${title}`}
      assumptions={assumptions}
      summary={summary}
      actions={
        <div className="segmented fire-map-axis" role="group" aria-label="Fire map columns">
          {AXES.map((a) => (
            <button
              key={a.axis}
              type="button"
              aria-pressed={axis === a.axis}
              onClick={() => setAxis(a.axis)}
            >
              {a.label}
            </button>
          ))}
        </div>
      }
      chart={
        <div className="heatmap">
          <span className="heatmap-y">Recall probability</span>
          {/* The readout's anchor is the canvas: its box, not the grid's (which has the y title). */}
          <div style={PLOT_STYLE}>
            <canvas ref={surface.ref} {...handlers} />
            {hover && (
              <Tooltip x={hover.x} y={byTouch ? 0 : hover.y + 12} width={surface.width}>
                <span>
                  {columnLabel(map, hover.column)}, p = {formatNumber(hover.p, 2)}:{' '}
                  {hover.cell === 'fire'
                    ? `offload, net ${formatUsd(hover.net)}`
                    : hover.cell === 'loses'
                      ? `keep, offloading would lose ${formatUsd(-hover.net)}`
                      : 'keep, not priced'}
                </span>
              </Tooltip>
            )}
          </div>
          <span className="heatmap-x">
            {axis === 'size' ? 'Output size (tokens, log scale)' : 'Horizon (turns)'}
          </span>
          <div className="heatmap-legend">
            <Legend items={LEGEND} />
          </div>
        </div>
      }
      table={<FireMapTable map={map} />}
    />
  );
});
