/**
 * Drawing the hop timeline on a canvas: a stacked cost bar per hop and four
 * thin lanes (model, thinking, rule, cache state). A canvas keeps thousands
 * of hops as cheap as a dozen, where SVG would need a shape per segment.
 */
import type { HopRecord } from '../../core/index.ts';
import { formatUsd } from '../../ui/format.ts';

/** Margins and band sizes of the timeline, CSS pixels. */
export const TIMELINE_LAYOUT = {
  left: 72,
  right: 10,
  top: 14,
  barHeight: 170,
  laneHeight: 10,
  laneGap: 3,
  axis: 18,
} as const;

/** The thin lanes under the bars, top to bottom. */
export const LANES = ['Model', 'Thinking', 'Rule', 'Cache'] as const;

const L = TIMELINE_LAYOUT;

/** Canvas height, CSS pixels. */
export const TIMELINE_HEIGHT =
  L.top + L.barHeight + 8 + LANES.length * (L.laneHeight + L.laneGap) + L.axis;

/** The colours the drawing uses (CSS colour values or `var(--…)` references). */
export interface TimelinePalette {
  readonly read: string;
  readonly write: string;
  readonly output: string;
  readonly classifier: string;
  readonly drop: string;
  readonly thinkingOn: string;
  readonly thinkingOff: string;
  readonly policy: string;
  readonly resolver: string;
  readonly default: string;
  readonly warm: string;
  readonly partial: string;
  readonly cold: string;
  readonly text: string;
  readonly grid: string;
  readonly model: (model: string) => string;
}

/** Width of one hop's slot, CSS pixels. */
export function slotWidth(canvasWidth: number, hopCount: number): number {
  return Math.max(0, canvasWidth - L.left - L.right) / Math.max(1, hopCount);
}

/** The hop under an x position (CSS pixels from the canvas's left edge), or null. */
export function hopAt(x: number, canvasWidth: number, hopCount: number): number | null {
  if (hopCount === 0) return null;
  const slot = slotWidth(canvasWidth, hopCount);
  const i = Math.floor((x - L.left) / slot);
  return i < 0 || i >= hopCount ? null : i;
}

/** What one mark shows: a hop, or for a pixel that covers several hops, the costliest of them. */
export interface TimelineMark {
  readonly hop: HopRecord;
  /** First hop (index) the mark covers, and how many. */
  readonly slotStart: number;
  readonly slotWidth: number;
  /** Some hop it covers dropped a forced tool choice. */
  readonly dropped: boolean;
}

/**
 * One mark per hop while a hop is at least a pixel wide; past that, one mark
 * per pixel or so, showing the costliest of the hops it covers (the cold
 * starts and thinking spikes a reader looks for), so drawing stays
 * proportional to the width, not the hops. A mark covers about a pixel's
 * worth of hops, and always reaches into the next whole pixel column (counted
 * from the plot's left edge, a whole number of pixels from the canvas's):
 * so no two marks are drawn in the same column.
 */
export function timelineMarks(hops: readonly HopRecord[], slot: number): TimelineMark[] {
  if (slot >= 1 || hops.length === 0) {
    return hops.map((hop, i) => ({ hop, slotStart: i, slotWidth: 1, dropped: hop.forceDropped }));
  }
  const perPixel = 1 / slot;
  const marks: TimelineMark[] = [];
  for (let start = 0; start < hops.length;) {
    const column = Math.floor(start * slot);
    let end = Math.min(hops.length, Math.max(start + 1, Math.round(start + perPixel)));
    while (end < hops.length && Math.floor(end * slot) === column) end++;
    let costliest = hops[start] as HopRecord;
    let dropped = false;
    for (let i = start; i < end; i++) {
      const h = hops[i] as HopRecord;
      if (h.totalUsd > costliest.totalUsd) costliest = h;
      if (h.forceDropped) dropped = true;
    }
    marks.push({ hop: costliest, slotStart: start, slotWidth: end - start, dropped });
    start = end;
  }
  return marks;
}

/** The fields of a hop the drawing shows (the clock, for one, it does not). */
const DRAWN_FIELDS = [
  'turn',
  'model',
  'thinking',
  'source',
  'cache',
  'readUsd',
  'writeUsd',
  'outputUsd',
  'classifierUsd',
  'totalUsd',
  'forceDropped',
] as const satisfies readonly (keyof HopRecord)[];

/**
 * Whether two runs draw the same timeline: an idle-gap step moves every
 * hop's clock but, while the cache stays warm, changes nothing drawn.
 */
export function sameTimeline(a: readonly HopRecord[], b: readonly HopRecord[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as HopRecord;
    const y = b[i] as HopRecord;
    for (const field of DRAWN_FIELDS) if (x[field] !== y[field]) return false;
  }
  return true;
}

/** Resolves `var(--name)` against an element's computed style. */
function resolver(el: Element): (color: string) => string {
  const style = getComputedStyle(el);
  const cache = new Map<string, string>();
  return (color) => {
    const m = /^var\((--[\w-]+)\)$/.exec(color);
    if (!m) return color;
    let value = cache.get(color);
    if (value === undefined) {
      value = style.getPropertyValue(m[1] as string).trim() || '#888';
      cache.set(color, value);
    }
    return value;
  };
}

/**
 * The palette with every `var(--…)` replaced by its value on `el` (the
 * theme's colours). Drawing with a resolved palette reads no style, so a
 * redraw forces no style recalculation; resolve again when the theme changes.
 */
export function resolvePalette(el: Element, palette: TimelinePalette): TimelinePalette {
  const color = resolver(el);
  const models = new Map<string, string>();
  return {
    read: color(palette.read),
    write: color(palette.write),
    output: color(palette.output),
    classifier: color(palette.classifier),
    drop: color(palette.drop),
    thinkingOn: color(palette.thinkingOn),
    thinkingOff: color(palette.thinkingOff),
    policy: color(palette.policy),
    resolver: color(palette.resolver),
    default: color(palette.default),
    warm: color(palette.warm),
    partial: color(palette.partial),
    cold: color(palette.cold),
    text: color(palette.text),
    grid: color(palette.grid),
    model: (model) => {
      let value = models.get(model);
      if (value === undefined) {
        value = color(palette.model(model));
        models.set(model, value);
      }
      return value;
    },
  };
}

/**
 * Draws the timeline at `width` CSS pixels with a palette from
 * {@link resolvePalette} (colours, not CSS variables: drawing reads no style).
 */
export function drawTimeline(
  canvas: HTMLCanvasElement,
  hops: readonly HopRecord[],
  palette: TimelinePalette,
  width: number,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const dpr = window.devicePixelRatio || 1;
  const pixelWidth = Math.round(width * dpr);
  const pixelHeight = Math.round(TIMELINE_HEIGHT * dpr);
  // Resizing the bitmap clears it; otherwise clear it, without touching the
  // attributes (which would lay the page out again).
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
  } else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, pixelWidth, pixelHeight);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  const n = hops.length;
  const slot = slotWidth(width, n);
  const barWidth = slot >= 3 ? slot * 0.8 : slot;
  let max = 0;
  for (const h of hops) max = Math.max(max, h.totalUsd);
  if (max <= 0) max = 1;
  const base = L.top + L.barHeight;
  const scale = L.barHeight / max;

  // Text on a canvas in the page makes the browser compute the page's style
  // first (during React's commit, a style recalculation the frame would
  // otherwise do): measured, moving the labels off the page saved nothing.
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.strokeStyle = palette.grid;
  ctx.fillStyle = palette.text;
  ctx.lineWidth = 1;
  ctx.textAlign = 'right';
  for (const f of [0, 0.5, 1]) {
    const y = Math.round(base - f * L.barHeight) + 0.5;
    ctx.beginPath();
    ctx.moveTo(L.left, y);
    ctx.lineTo(width - L.right, y);
    ctx.stroke();
    ctx.fillText(formatUsd(f * max), L.left - 6, y);
  }

  // Turn boundaries, when they are far enough apart to read.
  let previousTurn = -1;
  let lastLabelX = -Infinity;
  ctx.textAlign = 'center';
  const axisY = TIMELINE_HEIGHT - L.axis / 2;
  ctx.strokeStyle = palette.grid;
  ctx.fillStyle = palette.text;
  ctx.beginPath();
  hops.forEach((h, i) => {
    if (h.turn === previousTurn) return;
    previousTurn = h.turn;
    const x = L.left + i * slot;
    if (slot >= 2 && i > 0) {
      ctx.moveTo(Math.round(x) + 0.5, L.top);
      ctx.lineTo(Math.round(x) + 0.5, base);
    }
    if (x - lastLabelX >= 36) {
      ctx.fillText(String(h.turn + 1), x + Math.min(slot, 12) / 2, axisY);
      lastLabelX = x;
    }
  });
  ctx.stroke();

  const segments: Array<[keyof HopRecord, string]> = [
    ['readUsd', palette.read],
    ['writeUsd', palette.write],
    ['outputUsd', palette.output],
    ['classifierUsd', palette.classifier],
  ];
  // Rectangles are gathered by colour and drawn a colour at a time: setting
  // fillStyle parses a CSS colour, which on a software canvas cost more than
  // the drawing (8 fills a hop, 1.2 ms for 24). No two marks overlap (see
  // timelineMarks), and the cost segments are drawn bottom to top as before,
  // so where two meet the upper one's edge is drawn last.
  const rects = new Map<string, number[]>(segments.map(([, fill]) => [fill, []]));
  const rect = (fill: string, x: number, y: number, w: number, h: number) => {
    let list = rects.get(fill);
    if (list === undefined) {
      list = [];
      rects.set(fill, list);
    }
    list.push(x, y, w, h);
  };
  const markers: number[] = [];
  const laneTop = base + 8;
  let lastMarkerX = -Infinity;
  for (const mark of timelineMarks(hops, slot)) {
    const h = mark.hop;
    let x: number;
    let markWidth: number;
    if (slot >= 1) {
      markWidth = barWidth;
      x = L.left + mark.slotStart * slot + (slot - barWidth) / 2;
    } else {
      // Whole pixels, so that neighbouring columns tile without seams.
      x = Math.floor(L.left + mark.slotStart * slot);
      markWidth = Math.max(1, Math.floor(L.left + (mark.slotStart + mark.slotWidth) * slot) - x);
    }
    let y = base;
    for (const [key, fill] of segments) {
      const height = (h[key] as number) * scale;
      if (height <= 0) continue;
      rect(fill, x, y - height, markWidth, height);
      y -= height;
    }
    // Markers closer than their own width would merge into a band: keep the first.
    if (mark.dropped && x - lastMarkerX >= 8) {
      lastMarkerX = x;
      markers.push(x + markWidth / 2, y);
    }
    const laneX = slot >= 1 ? L.left + mark.slotStart * slot : x;
    const laneWidth = slot >= 1 ? Math.max(slot - (slot >= 3 ? 1 : 0), 1) : markWidth;
    const laneY = (k: number) => laneTop + k * (L.laneHeight + L.laneGap);
    rect(palette.model(h.model), laneX, laneY(0), laneWidth, L.laneHeight);
    rect(
      h.thinking ? palette.thinkingOn : palette.thinkingOff,
      laneX,
      laneY(1),
      laneWidth,
      L.laneHeight,
    );
    rect(
      h.source === 'resolver'
        ? palette.resolver
        : h.source === 'default'
          ? palette.default
          : palette.policy,
      laneX,
      laneY(2),
      laneWidth,
      L.laneHeight,
    );
    rect(
      palette[h.cache === 'warm' ? 'warm' : h.cache === 'partial' ? 'partial' : 'cold'],
      laneX,
      laneY(3),
      laneWidth,
      L.laneHeight,
    );
  }
  for (const [fill, list] of rects) {
    ctx.fillStyle = fill;
    for (let i = 0; i < list.length; i += 4)
      ctx.fillRect(
        list[i] as number,
        list[i + 1] as number,
        list[i + 2] as number,
        list[i + 3] as number,
      );
  }
  // Dropped forced tools: a triangle over the bar, drawn over everything else.
  if (markers.length > 0) {
    ctx.fillStyle = palette.drop;
    ctx.beginPath();
    for (let i = 0; i < markers.length; i += 2) {
      const mid = markers[i] as number;
      const top = markers[i + 1] as number;
      ctx.moveTo(mid, top - 2);
      ctx.lineTo(mid - 4, top - 10);
      ctx.lineTo(mid + 4, top - 10);
      ctx.closePath();
    }
    ctx.fill();
  }

  ctx.textAlign = 'right';
  ctx.fillStyle = palette.text;
  LANES.forEach((lane, k) =>
    ctx.fillText(lane, L.left - 6, laneTop + k * (L.laneHeight + L.laneGap) + L.laneHeight / 2),
  );
}
