/**
 * Drawing the hop timeline on a canvas: a stacked cost bar per hop and four
 * thin lanes (model, thinking, rule, cache state). A canvas keeps thousands
 * of hops as cheap as a dozen, where SVG would need a shape per segment.
 */
import type { HopRecord } from '../../core/index.ts';
import {
  sameColumns,
  type HopColumns,
  type HopFlagKey,
  type HopNumberKey,
  type HopTextKey,
} from '../../domain/hop-list.ts';
import { samePackedColumns } from '../../domain/packed-hops.ts';
import { timelineMarks } from './timeline-marks.ts';
import { INK, modelColor, PALETTE } from '../../ui/charts/palette.ts';
import { MARGINS } from '../../ui/charts/scales.ts';
import type { CanvasFrame } from '../../ui/charts/use-canvas-surface.ts';
import { formatUsd } from '../../ui/format.ts';

/** Margins and band sizes of the timeline, CSS pixels. */
export const TIMELINE_LAYOUT = {
  left: MARGINS.left,
  right: MARGINS.right,
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

/**
 * What the drawing shows of a hop, and nothing else (the clock, for one, it
 * does not show). The drawing reads only these fields, and the canvas
 * redraws whenever any of them changes: a run whose drawn fields all equal
 * the last run's keeps the last scene (see {@link timelineScene}), and a
 * field drawn must be a field here, so none can go stale.
 */
export interface TimelineHop {
  readonly turn: number;
  readonly model: string;
  readonly thinking: boolean;
  readonly source: HopRecord['source'];
  readonly cache: HopRecord['cache'];
  readonly readUsd: number;
  readonly writeUsd: number;
  /** Plain input: the prompt of a hop too short to cache (SPEC §5.1). */
  readonly inputUsd: number;
  readonly outputUsd: number;
  readonly classifierUsd: number;
  readonly totalUsd: number;
  readonly forceDropped: boolean;
  /** Billed at the long-context rate (SPEC §1.1). */
  readonly longContext: boolean;
}

/**
 * Every field of {@link TimelineHop}, with its kind: the type checker
 * refuses a list that misses one (the record's keys are `keyof
 * TimelineHop`, all required) or names its kind wrong, so a field added to
 * the drawing is compared too.
 */
const DRAWN: {
  readonly [K in keyof TimelineHop]-?: TimelineHop[K] extends number
    ? 'number'
    : TimelineHop[K] extends boolean
      ? 'flag'
      : 'text';
} = {
  turn: 'number',
  model: 'text',
  thinking: 'flag',
  source: 'text',
  cache: 'text',
  readUsd: 'number',
  writeUsd: 'number',
  inputUsd: 'number',
  outputUsd: 'number',
  classifierUsd: 'number',
  totalUsd: 'number',
  forceDropped: 'flag',
  longContext: 'flag',
};
type Drawn = keyof TimelineHop;
const keysOf = <V>(kind: string) =>
  (Object.keys(DRAWN) as Drawn[]).filter((k) => DRAWN[k] === kind) as unknown as readonly (Drawn &
    V)[];
const DRAWN_KEYS = {
  numbers: keysOf<HopNumberKey>('number'),
  flags: keysOf<HopFlagKey>('flag'),
  texts: keysOf<HopTextKey>('text'),
};

/** A run's hops as the timeline reads them: only the drawn fields (see {@link TimelineHop}). */
export type TimelineHops = HopColumns<Drawn>;

/** The marks of a run (see `timeline-marks.ts`). */
export { timelineMarks, type TimelineMark } from './timeline-marks.ts';

/** Everything the timeline draws. */
export interface TimelineScene {
  readonly hops: TimelineHops;
  /** The price table's model names, which give each model its colour. */
  readonly modelNames: readonly string[];
}

/** Whether `hops` draw exactly what `scene` draws (same models, same drawn fields of every hop). */
function drawsSame(
  scene: TimelineScene,
  hops: TimelineHops,
  modelNames: readonly string[],
): boolean {
  if (scene.hops.length !== hops.length || scene.modelNames.length !== modelNames.length)
    return false;
  for (let i = 0; i < modelNames.length; i++)
    if (scene.modelNames[i] !== modelNames[i]) return false;
  return (
    samePackedColumns(scene.hops, hops, DRAWN_KEYS) ?? sameColumns(scene.hops, hops, DRAWN_KEYS)
  );
}

/**
 * The scene of a run. Given the previous scene, returns that very object
 * when the run draws the same picture (the same drawn fields of every hop,
 * the same model names), so the canvas compares scenes by identity: a new
 * scene is a new picture. An idle-gap step moves every hop's clock and, while
 * the caches stay warm, keeps the scene. The hops are the run's own, read
 * by field (a long conversation's from the engine's packed columns, never
 * unpacked) and seen through {@link TimelineHops}, so the drawing can read
 * no field the comparison does not.
 */
export function timelineScene(
  hops: TimelineHops,
  modelNames: readonly string[],
  previous?: TimelineScene | null,
): TimelineScene {
  if (previous != null && drawsSame(previous, hops, modelNames)) return previous;
  return { hops, modelNames };
}

/** The palette colour of each thing the timeline draws (legend and drawing alike). */
export const TIMELINE_COLORS = {
  read: PALETTE.cacheRead,
  write: PALETTE.cacheWrite,
  input: PALETTE.input,
  output: PALETTE.output,
  classifier: PALETTE.classifier,
  drop: PALETTE.forcedToolDropped,
  thinkingOn: PALETTE.thinking,
  thinkingOff: INK.surface2,
  policy: PALETTE.rulePolicy,
  resolver: PALETTE.ruleResolver,
  default: PALETTE.ruleDefault,
  warm: PALETTE.warm,
  partial: PALETTE.partial,
  cold: PALETTE.cold,
  notCacheable: PALETTE.notCacheable,
  longContext: PALETTE.longContext,
  text: INK.muted,
  grid: INK.grid,
} as const;

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

/**
 * Draws the timeline on a frame of the kit's canvas surface (cleared,
 * scaled, with colours resolved for the theme: drawing reads no style).
 */
export function drawTimeline(frame: CanvasFrame, scene: TimelineScene): void {
  const { ctx, width, color } = frame;
  const { hops, modelNames } = scene;
  const models = new Map<string, string>();
  const palette = {
    ...Object.fromEntries(
      Object.entries(TIMELINE_COLORS).map(([key, value]) => [key, color(value)]),
    ),
    model: (model: string) => {
      let value = models.get(model);
      if (value === undefined) {
        value = color(modelColor(model, modelNames));
        models.set(model, value);
      }
      return value;
    },
  } as { [K in keyof typeof TIMELINE_COLORS]: string } & { model: (m: string) => string };

  const n = hops.length;
  const slot = slotWidth(width, n);
  const barWidth = slot >= 3 ? slot * 0.8 : slot;
  const turnOf = hops.number('turn');
  const modelOf = hops.text('model');
  const thinkingOf = hops.flag('thinking');
  const sourceOf = hops.text('source');
  const cacheOf = hops.text('cache');
  const longContextOf = hops.flag('longContext');
  const totalUsd = hops.number('totalUsd');
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, totalUsd(i));
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
  for (let i = 0; i < n; i++) {
    const turn = turnOf(i);
    if (turn === previousTurn) continue;
    previousTurn = turn;
    const x = L.left + i * slot;
    if (slot >= 2 && i > 0) {
      ctx.moveTo(Math.round(x) + 0.5, L.top);
      ctx.lineTo(Math.round(x) + 0.5, base);
    }
    if (x - lastLabelX >= 36) {
      ctx.fillText(String(turn + 1), x + Math.min(slot, 12) / 2, axisY);
      lastLabelX = x;
    }
  }
  ctx.stroke();

  const segments: Array<[(i: number) => number, string]> = [
    [hops.number('readUsd'), palette.read],
    [hops.number('writeUsd'), palette.write],
    [hops.number('inputUsd'), palette.input],
    [hops.number('outputUsd'), palette.output],
    [hops.number('classifierUsd'), palette.classifier],
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
    const h = mark.index;
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
    for (const [part, fill] of segments) {
      const height = part(h) * scale;
      if (height <= 0) continue;
      rect(fill, x, y - height, markWidth, height);
      y -= height;
    }
    // A long-context hop wears a cap above its bar.
    if (longContextOf(h)) rect(palette.longContext, x, Math.max(0, y - 4), markWidth, 3);
    // Markers closer than their own width would merge into a band: keep the first.
    if (mark.dropped && x - lastMarkerX >= 8) {
      lastMarkerX = x;
      markers.push(x + markWidth / 2, y);
    }
    const laneX = slot >= 1 ? L.left + mark.slotStart * slot : x;
    const laneWidth = slot >= 1 ? Math.max(slot - (slot >= 3 ? 1 : 0), 1) : markWidth;
    const laneY = (k: number) => laneTop + k * (L.laneHeight + L.laneGap);
    rect(palette.model(modelOf(h)), laneX, laneY(0), laneWidth, L.laneHeight);
    rect(
      thinkingOf(h) ? palette.thinkingOn : palette.thinkingOff,
      laneX,
      laneY(1),
      laneWidth,
      L.laneHeight,
    );
    rect(
      sourceOf(h) === 'resolver'
        ? palette.resolver
        : sourceOf(h) === 'default'
          ? palette.default
          : palette.policy,
      laneX,
      laneY(2),
      laneWidth,
      L.laneHeight,
    );
    rect(
      palette[
        cacheOf(h) === 'warm'
          ? 'warm'
          : cacheOf(h) === 'partial'
            ? 'partial'
            : cacheOf(h) === 'uncacheable'
              ? 'notCacheable'
              : 'cold'
      ],
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
