/**
 * Paints the fire map on a canvas: one pixel per cell scaled up (one
 * drawImage for ~1,300 cells), the not-priced cells hatched, the axis
 * labels cached per size and theme, and the current inputs ringed.
 */
import type { CanvasFrame } from '../../ui/charts/use-canvas-surface.ts';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { MARGINS } from '../../ui/charts/scales.ts';
import { formatDecimal, formatTokensCompact } from '../../format/number-format.ts';
import type { FireMap } from './fire-map.ts';

export const FIRE_MAP_HEIGHT = 240;
// Narrower than the kit's left margin: the y title is a column of its own and the ticks are short.
export const FIRE_MAP_LEFT = 44;
const BOTTOM = MARGINS.bottom;
const TOP = 14;

/** What the map draws: the map and the marked inputs (all of it, for the redraw check). */
export interface FireMapScene {
  readonly map: FireMap;
  /** The current input along the columns (size or horizon) and its recall probability. */
  readonly x: number;
  readonly p: number;
  readonly threshold: number;
}

/** The plot's box in CSS pixels for a canvas `width` wide. */
export function plotBox(width: number) {
  return {
    left: FIRE_MAP_LEFT,
    top: TOP,
    // Room on the right for half of the last tick's label ("100k").
    width: Math.max(1, width - FIRE_MAP_LEFT - 16),
    height: FIRE_MAP_HEIGHT - BOTTOM - TOP,
  };
}

/** Where a column value sits across the plot, 0…1 (log for sizes, cell centres for horizons). */
export function columnFraction(map: FireMap, x: number): number {
  if (map.axis === 'size') {
    const [min, max] = map.domain;
    const f =
      (Math.log10(Math.max(x, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
    return Math.min(1, Math.max(0, f));
  }
  const cols = map.xs.length;
  return (Math.min(cols - 1, Math.max(0, x)) + 0.5) / cols;
}

/** The column under a fraction 0…1 of the plot's width. */
export function columnAt(map: FireMap, fraction: number): number {
  const cols = map.xs.length;
  if (map.axis === 'horizon') return Math.floor(fraction * cols);
  // Sizes are sampled at both ends: column i covers its sample ± half a step.
  return Math.round(fraction * (cols - 1));
}

/** The left and right edge (CSS pixels) of column `c`, within the plot. */
function cellEdges(map: FireMap, box: ReturnType<typeof plotBox>, c: number): [number, number] {
  const cols = map.xs.length;
  if (map.axis === 'horizon') {
    const cw = box.width / cols;
    return [box.left + c * cw, box.left + (c + 1) * cw];
  }
  const cw = box.width / (cols - 1);
  const x0 = Math.max(box.left, box.left + (c - 0.5) * cw);
  const x1 = Math.min(box.left + box.width, box.left + (c + 0.5) * cw);
  return [x0, x1];
}

/** "#rrggbb", "rgb(…)" or any CSS colour as [r, g, b], through the canvas's own parser. */
const parsedColors = new Map<string, [number, number, number]>();
function rgbOf(ctx: CanvasRenderingContext2D, color: string): [number, number, number] {
  const known = parsedColors.get(color);
  if (known !== undefined) return known;
  ctx.fillStyle = '#000000';
  ctx.fillStyle = color;
  const parsed = String(ctx.fillStyle);
  let rgb: [number, number, number];
  if (parsed.startsWith('#') && parsed.length === 7) {
    const n = Number.parseInt(parsed.slice(1), 16);
    rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  } else {
    const parts = /rgba?\(([^)]*)\)/.exec(parsed)?.[1]?.split(',') ?? [];
    rgb = [Number(parts[0]) || 0, Number(parts[1]) || 0, Number(parts[2]) || 0];
  }
  parsedColors.set(color, rgb);
  return rgb;
}

let cellBitmap: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;

/** One pixel per cell: firing cells green, losing red (stronger = larger), not priced flat. */
function paintCells(ctx: CanvasRenderingContext2D, map: FireMap, frame: CanvasFrame) {
  const cols = map.xs.length;
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
  const base = rgbOf(ctx, frame.color(INK.surface));
  const good = rgbOf(ctx, frame.color(PALETTE.saves));
  const bad = rgbOf(ctx, frame.color(PALETTE.loses));
  const none = rgbOf(ctx, frame.color(PALETTE.notPriced));
  let maxGain = 0;
  let maxLoss = 0;
  map.net.forEach((row, r) =>
    row.forEach((v, c) => {
      const cell = map.cells[r]?.[c];
      if (cell === 'fire') maxGain = Math.max(maxGain, v);
      else if (cell === 'loses') maxLoss = Math.max(maxLoss, -v);
    }),
  );
  const image = cellCtx.createImageData(cols, rows);
  const data = image.data;
  for (let r = 0; r < rows; r++) {
    // Row 0 (p = 0) is drawn at the bottom.
    const line = (rows - 1 - r) * cols * 4;
    for (let c = 0; c < cols; c++) {
      const cell = map.cells[r]?.[c] ?? 'notPriced';
      const net = map.net[r]?.[c] ?? 0;
      let rgb = none;
      if (cell !== 'notPriced') {
        const top = cell === 'fire' ? maxGain : maxLoss;
        const alpha = 0.3 + 0.7 * (top > 0 ? Math.min(1, Math.abs(net) / top) : 1);
        const tint = cell === 'fire' ? good : bad;
        rgb = [0, 1, 2].map((i) => Math.round(base[i]! + (tint[i]! - base[i]!) * alpha)) as [
          number,
          number,
          number,
        ];
      }
      const at = line + c * 4;
      data[at] = rgb[0];
      data[at + 1] = rgb[1];
      data[at + 2] = rgb[2];
      data[at + 3] = 255;
    }
  }
  cellCtx.putImageData(image, 0, 0);
  return canvas;
}

/** Hatches the not-priced cells, as the legend's swatch is hatched. */
function hatchNotPriced(
  ctx: CanvasRenderingContext2D,
  map: FireMap,
  box: ReturnType<typeof plotBox>,
  color: string,
) {
  const cols = map.xs.length;
  const rows = map.probabilities.length;
  const ch = box.height / rows;
  ctx.save();
  ctx.beginPath();
  let any = false;
  for (let r = 0; r < rows; r++) {
    const y = box.top + (rows - 1 - r) * ch;
    let start = -1;
    for (let c = 0; c <= cols; c++) {
      const off = c < cols && map.cells[r]?.[c] === 'notPriced';
      if (off && start < 0) start = c;
      if (!off && start >= 0) {
        const x0 = cellEdges(map, box, start)[0];
        const x1 = cellEdges(map, box, c - 1)[1];
        ctx.rect(x0, y, x1 - x0, ch);
        any = true;
        start = -1;
      }
    }
  }
  if (!any) {
    ctx.restore();
    return;
  }
  ctx.clip();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.45;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let d = -box.height; d < box.width; d += 7) {
    ctx.moveTo(box.left + d, box.top + box.height);
    ctx.lineTo(box.left + d + box.height, box.top);
  }
  ctx.stroke();
  ctx.restore();
}

/** The axis ticks: decades (sizes) or every few turns, and p = 0, 0.5, 1. */
function drawAxes(
  ctx: CanvasRenderingContext2D,
  map: FireMap,
  box: ReturnType<typeof plotBox>,
  color: string,
) {
  ctx.fillStyle = color;
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'right';
  for (const p of [0, 0.5, 1])
    ctx.fillText(formatDecimal(p, 1, 1), box.left - 6, box.top + box.height * (1 - p) + 4);
  ctx.textAlign = 'center';
  const baseline = box.top + box.height + 14;
  if (map.axis === 'size') {
    const [min, max] = map.domain;
    for (let t = min; t <= max * 1.0001; t *= 10)
      ctx.fillText(formatTokensCompact(t), box.left + columnFraction(map, t) * box.width, baseline);
  } else {
    const cols = map.xs.length;
    const step = Math.max(1, Math.ceil(cols / 8 / 5) * 5);
    for (let c = 0; c < cols; c += step)
      ctx.fillText(String(map.xs[c]), box.left + columnFraction(map, c) * box.width, baseline);
  }
}

/** Draws the map: cells, hatching, the threshold (size axis), the axes and the ringed inputs. */
export function drawFireMap(frame: CanvasFrame, { map, x, p, threshold }: FireMapScene): void {
  const { ctx, width } = frame;
  const box = plotBox(width);
  const muted = frame.color(INK.muted);
  const cells = paintCells(ctx, map, frame);
  if (cells !== null) {
    ctx.imageSmoothingEnabled = false;
    if (map.axis === 'size') {
      // Sampled at both ends: each sample's cell is centred on it.
      const cw = box.width / (map.xs.length - 1);
      ctx.save();
      ctx.beginPath();
      ctx.rect(box.left, box.top, box.width, box.height);
      ctx.clip();
      ctx.drawImage(cells, box.left - cw / 2, box.top, box.width + cw, box.height);
      ctx.restore();
    } else ctx.drawImage(cells, box.left, box.top, box.width, box.height);
  }
  hatchNotPriced(ctx, map, box, muted);
  if (map.axis === 'size' && threshold > map.domain[0] && threshold < map.domain[1]) {
    const tx = box.left + columnFraction(map, threshold) * box.width;
    ctx.save();
    ctx.strokeStyle = muted;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(tx, box.top);
    ctx.lineTo(tx, box.top + box.height);
    ctx.stroke();
    ctx.restore();
    ctx.fillStyle = muted;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText('threshold', tx, box.top - 3);
  }
  drawAxes(ctx, map, box, muted);
  const cx = box.left + columnFraction(map, x) * box.width;
  const rows = map.probabilities.length;
  const cy = box.top + box.height * (1 - (p * (rows - 1) + 0.5) / rows);
  ctx.strokeStyle = frame.color(INK.text);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(cx, cy, 6, 0, Math.PI * 2);
  ctx.stroke();
}
