import { memo, useMemo } from 'react';
import { Legend } from '../../ui/charts/Legend.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { MARGINS } from '../../ui/charts/scales.ts';
import { Tooltip } from '../../ui/charts/Tooltip.tsx';
import { useCanvasSurface, type CanvasFrame } from '../../ui/charts/use-canvas-surface.ts';
import { useHover } from '../../ui/charts/use-hover.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { fireMap, type FireMap } from './series.ts';
import { gateAssumptions } from './chart-bits.tsx';
import type { GateView } from './use-gate.ts';

const HEIGHT = 240;

const turns = (n: number | null | undefined, none: string): string =>
  n === null || n === undefined ? none : `${n} turn${n === 1 ? '' : 's'}`;
// Narrower than the kit's left margin: the y title is a column of its own and the ticks are short.
const LEFT = 44;
const BOTTOM = MARGINS.bottom;

/** The colours of the map, resolved for the theme. */
interface Palette {
  saves: string;
  loses: string;
  notPriced: string;
  muted: string;
  text: string;
}

const LEGEND = [
  { label: 'offload (stronger colour = larger saving)', color: PALETTE.saves },
  { label: 'keep inline, offloading would lose money', color: PALETTE.loses },
  { label: 'keep inline, not priced (below threshold or H = 0)', color: PALETTE.notPriced },
  { label: 'current inputs', color: INK.text, kind: 'ring' as const },
];

/** "#rrggbb", "rgb(…)" or any CSS colour as [r, g, b], through the canvas's own parser. */
const parsedColors = new Map<string, [number, number, number]>();
function rgbOf(ctx: CanvasRenderingContext2D, color: string): [number, number, number] {
  const known = parsedColors.get(color);
  if (known !== undefined) return known;
  const rgb = parseColor(ctx, color);
  parsedColors.set(color, rgb);
  return rgb;
}

function parseColor(ctx: CanvasRenderingContext2D, color: string): [number, number, number] {
  ctx.fillStyle = '#000000';
  ctx.fillStyle = color;
  const parsed = String(ctx.fillStyle);
  if (parsed.startsWith('#') && parsed.length === 7) {
    const n = Number.parseInt(parsed.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const parts = /rgba?\(([^)]*)\)/.exec(parsed)?.[1]?.split(',') ?? [];
  return [Number(parts[0]) || 0, Number(parts[1]) || 0, Number(parts[2]) || 0];
}

/** One pixel per cell, scaled up by the canvas: drawing ~3,000 cells costs one drawImage. */
let cellBitmap: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;

function paintCells(
  ctx: CanvasRenderingContext2D,
  map: FireMap,
  colors: Palette,
): HTMLCanvasElement | null {
  const cols = map.horizons.length;
  const rows = map.probabilities.length;
  if (cellBitmap === null) {
    const canvas = document.createElement('canvas');
    const cellCtx = canvas.getContext('2d');
    if (cellCtx === null) return null;
    cellBitmap = { canvas, ctx: cellCtx };
  }
  const { canvas, ctx: cellCtx } = cellBitmap;
  if (canvas.width !== cols) canvas.width = cols;
  if (canvas.height !== rows) canvas.height = rows;
  const base = rgbOf(ctx, colors.notPriced);
  const good = rgbOf(ctx, colors.saves);
  const bad = rgbOf(ctx, colors.loses);
  let maxAbs = 0;
  for (const row of map.net) for (const v of row) maxAbs = Math.max(maxAbs, Math.abs(v));
  const image = cellCtx.createImageData(cols, rows);
  const data = image.data;
  for (let r = 0; r < rows; r++) {
    // Row 0 (p = 0) is drawn at the bottom.
    const line = (rows - 1 - r) * cols * 4;
    const netRow = map.net[r] ?? [];
    const fireRow = map.fire[r] ?? [];
    for (let c = 0; c < cols; c++) {
      const net = netRow[c] ?? 0;
      const alpha = net !== 0 && maxAbs > 0 ? 0.25 + 0.75 * Math.min(1, Math.abs(net) / maxAbs) : 0;
      const tint = fireRow[c] ? good : bad;
      const at = line + c * 4;
      data[at] = Math.round(base[0] + (tint[0] - base[0]) * alpha);
      data[at + 1] = Math.round(base[1] + (tint[1] - base[1]) * alpha);
      data[at + 2] = Math.round(base[2] + (tint[2] - base[2]) * alpha);
      data[at + 3] = 255;
    }
  }
  cellCtx.putImageData(image, 0, 0);
  return canvas;
}

/** The axis labels, drawn once per size, grid and theme: text is the slow part of a redraw. */
let labelCache: { key: string; canvas: HTMLCanvasElement } | null = null;

function axisLabels(
  pixelWidth: number,
  pixelHeight: number,
  dpr: number,
  width: number,
  map: FireMap,
  color: string,
): HTMLCanvasElement {
  const cols = map.horizons.length;
  const rows = map.probabilities.length;
  const key = `${pixelWidth}x${pixelHeight}@${dpr}|${map.horizons[0]}-${map.horizons[cols - 1]}/${cols}|${rows}|${color}`;
  if (labelCache !== null && labelCache.key === key) return labelCache.canvas;
  const canvas = labelCache?.canvas ?? document.createElement('canvas');
  canvas.width = pixelWidth;
  canvas.height = pixelHeight;
  labelCache = { key, canvas };
  const ctx = canvas.getContext('2d');
  if (ctx === null) return canvas;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const cw = (width - LEFT - 4) / cols;
  const ch = (HEIGHT - BOTTOM - 4) / rows;
  ctx.fillStyle = color;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'right';
  for (const p of [0, 0.5, 1])
    ctx.fillText(p.toFixed(1), LEFT - 6, HEIGHT - BOTTOM - p * (rows - 1) * ch - ch / 2 + 4);
  ctx.textAlign = 'center';
  const step = Math.max(1, Math.ceil(cols / 8 / 5) * 5);
  for (let c = 0; c < cols; c += step)
    ctx.fillText(String(map.horizons[c]), LEFT + c * cw + cw / 2, HEIGHT - BOTTOM + 14);
  return canvas;
}

/** What the map draws: the map and the marked inputs (all of it, for the redraw check). */
interface FireMapScene {
  readonly map: FireMap;
  readonly h: number;
  readonly p: number;
}

/** Draws the map on a canvas, which redraws in well under a frame, unlike ~1,000 SVG cells. */
function draw(frame: CanvasFrame, { map, h, p }: FireMapScene): void {
  const { ctx, width, dpr } = frame;
  const colors: Palette = {
    saves: frame.color(PALETTE.saves),
    loses: frame.color(PALETTE.loses),
    notPriced: frame.color(PALETTE.notPriced),
    muted: frame.color(INK.muted),
    text: frame.color(INK.text),
  };
  const cols = map.horizons.length;
  const rows = map.probabilities.length;
  const cw = (width - LEFT - 4) / cols;
  const ch = (HEIGHT - BOTTOM - 4) / rows;
  const cells = paintCells(ctx, map, colors);
  if (cells !== null) {
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(cells, LEFT, HEIGHT - BOTTOM - rows * ch, cols * cw, rows * ch);
  }
  ctx.drawImage(
    axisLabels(Math.round(width * dpr), Math.round(HEIGHT * dpr), dpr, width, map, colors.muted),
    0,
    0,
    width,
    HEIGHT,
  );
  // Current inputs.
  const cx = LEFT + Math.min(cols - 1, h) * cw + cw / 2;
  const cy = HEIGHT - BOTTOM - (p * (rows - 1) + 0.5) * ch;
  ctx.strokeStyle = colors.text;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(cx, cy, 6, 0, Math.PI * 2);
  ctx.stroke();
}

function FireMapTable({ map }: { map: FireMap }) {
  return (
    <table className="data">
      <caption className="visually-hidden">
        Gate verdict by recall probability (rows) and horizon (columns)
      </caption>
      <thead>
        <tr>
          <th scope="col">p \ H</th>
          {map.horizons
            .filter((hh) => hh % 5 === 0)
            .map((hh) => (
              <th key={hh} scope="col">
                {hh}
              </th>
            ))}
        </tr>
      </thead>
      <tbody>
        {map.probabilities.map((prob, r) =>
          r % 2 === 0 ? (
            <tr key={prob}>
              <th scope="row">{prob.toFixed(2)}</th>
              {map.horizons.map((hh, c) =>
                hh % 5 === 0 ? <td key={hh}>{map.fire[r]?.[c] ? 'offload' : 'keep'}</td> : null,
              )}
            </tr>
          ) : null,
        )}
      </tbody>
    </table>
  );
}

/** Where the gate fires over horizon × recall probability, for the current output size. */
export const FireMapChart = memo(function FireMapChart({ view }: { view: GateView }) {
  const { inputs, pricing } = view;
  const h = Math.max(0, Math.trunc(inputs.horizon));
  const maxHorizon = Math.max(30, Math.min(100, h));
  const map = useMemo(() => fireMap(inputs, pricing, maxHorizon), [inputs, pricing, maxHorizon]);
  const { hover, setHover, onPointerLeave } = useHover<{
    x: number;
    y: number;
    h: number;
    p: number;
    net: number;
    fire: boolean;
  }>();
  const p = Math.max(0, Math.min(1, inputs.recallProbability));
  const scene = useMemo(() => ({ map, h, p }), [map, h, p]);
  const surface = useCanvasSurface(HEIGHT, scene, draw);
  const canvas = surface.canvas;

  let fires = 0;
  for (const row of map.fire) for (const f of row) if (f) fires += 1;
  const total = map.horizons.length * map.probabilities.length;
  const minFiringHorizon = (pIndex: number) => {
    const i = map.fire[pIndex]?.findIndex(Boolean) ?? -1;
    return i < 0 ? null : map.horizons[i];
  };
  const atZero = minFiringHorizon(0);
  const atOne = minFiringHorizon(map.probabilities.length - 1);
  const summary =
    inputs.outputTokens < inputs.largeOffloadThresholdTokens
      ? `At ${formatTokens(inputs.outputTokens)} tokens the output is below the threshold: the gate never fires, at any horizon or recall probability.`
      : `At ${formatTokens(inputs.outputTokens)} tokens the gate fires in ${fires} of ${total} combinations of horizon (0–${maxHorizon} turns) and recall probability (0–1): ` +
        `from ${turns(atZero, 'no horizon')} when recall never happens, and from ${turns(atOne, 'no horizon shown')} when it always does.`;

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    if (!canvas) return;
    const rect = canvas.getBoundingClientRect();
    const cols = map.horizons.length;
    const rows = map.probabilities.length;
    const cw = (rect.width - LEFT - 4) / cols;
    const ch = (HEIGHT - BOTTOM - 4) / rows;
    const c = Math.floor((e.clientX - rect.left - LEFT) / cw);
    const r = Math.floor((HEIGHT - BOTTOM - (e.clientY - rect.top)) / ch);
    if (c < 0 || c >= cols || r < 0 || r >= rows) return setHover(null);
    setHover({
      x: e.clientX - rect.left,
      y: e.clientY - rect.top,
      h: map.horizons[c] ?? 0,
      p: map.probabilities[r] ?? 0,
      net: map.net[r]?.[c] ?? 0,
      fire: map.fire[r]?.[c] ?? false,
    });
  };

  return (
    <ChartFrame
      title="Where the gate fires: horizon × recall probability"
      assumptions={gateAssumptions(inputs, 'horizon and recall')}
      summary={summary}
      chart={
        <div className="heatmap">
          <span className="heatmap-y">Recall probability</span>
          <canvas
            ref={surface.ref}
            style={{ width: '100%', height: HEIGHT }}
            onMouseMove={onMove}
            onMouseLeave={onPointerLeave}
          />
          <span className="heatmap-x">Horizon (turns)</span>
          <div className="heatmap-legend">
            <Legend items={LEGEND} />
          </div>
          {hover && (
            <Tooltip x={hover.x} y={hover.y + 12} width={surface.width}>
              <span className="tip-line">
                H = {hover.h}, p = {hover.p.toFixed(2)}: {hover.fire ? 'offload' : 'keep'}, net{' '}
                {formatUsd(hover.net)}
              </span>
            </Tooltip>
          )}
        </div>
      }
      table={<FireMapTable map={map} />}
    />
  );
});
