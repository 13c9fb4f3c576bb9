/**
 * The stacked bar of the compiled prompt as data: one segment per row in
 * compiled order, with where it starts in the full prompt and where it starts
 * among the rows that ship (admitted and pinned rows, packed together).
 */
import type { BarSegment } from '../../ui/charts/BarChart.tsx';
import { TIER_LABELS, type CompiledRow } from '../../domain/compiled-rows.ts';
import type { RowStatus } from './evaluate.ts';
import type { RowFates } from './fates.ts';

/** One row of the compiled prompt in the stacked bar. */
export interface Segment {
  readonly key: string;
  readonly id: string;
  /** Compiled position (0 = first). */
  readonly position: number;
  readonly tokens: number;
  /** First token of the row in the full prompt. */
  readonly start: number;
  /** First token of the row in the shipped prompt; null when it does not ship. */
  readonly shippedStart: number | null;
  readonly status: RowStatus;
  /** A pinned row in a failed compile. */
  readonly blocking: boolean;
  /** Human name of the row's tier. */
  readonly tier: string;
  /** Place in the core's drop order (1 = first); null for pinned rows. */
  readonly dropRank: number | null;
}

/** The segments for these rows and fates (pure; depends on no budget). */
export function barSegments(
  compiled: readonly CompiledRow[],
  fates: RowFates,
  ranks: ReadonlyMap<string, number>,
): Segment[] {
  let start = 0;
  let shipped = 0;
  return compiled.map((c, i) => {
    const id = c.row.contributionId;
    const status = fates.status.get(id) ?? 'notCompiled';
    const ships = fates.kind === 'ok' && (status === 'admitted' || status === 'pinned');
    const seg: Segment = {
      key: `s${i}`,
      id,
      position: c.position,
      tokens: c.tokens,
      start,
      shippedStart: ships ? shipped : null,
      status,
      blocking: fates.kind === 'pinnedExceeds' && c.row.pinned,
      tier: TIER_LABELS[c.row.tier],
      dropRank: ranks.get(id) ?? null,
    };
    start += c.tokens;
    if (ships) shipped += c.tokens;
    return seg;
  });
}

/** The marker a segment's label starts with, so status never rests on colour alone. */
export function segmentMarker(seg: Segment): string {
  if (seg.blocking) return '! ';
  if (seg.status === 'dropped') return '✕ ';
  if (seg.status === 'pinned') return '◆ ';
  return '';
}

/** The two bars of the compiled-prompt chart, top to bottom. */
export const COMPILED_BARS = ['All rows', 'Admitted'] as const;

/**
 * The segments as the kit's bar chart draws them: every row on the first bar
 * at its place in the full prompt, and the rows that ship on the second,
 * packed together. Status is a class (fill, hatching, dashed edge) and a
 * text marker in the label, never colour alone.
 */
export function compiledBarSegments(segs: readonly Segment[]): BarSegment[] {
  const out: BarSegment[] = [];
  for (const bar of [0, 1] as const) {
    for (const seg of segs) {
      const from = bar === 0 ? seg.start : seg.shippedStart;
      if (from === null) continue;
      out.push({
        key: `${bar}${seg.key}`,
        category: bar,
        start: from,
        end: from + seg.tokens,
        className: `seg-${seg.blocking ? 'blocking' : seg.status}`,
        label: `${segmentMarker(seg)}${seg.id}`,
        hatched: bar === 0 && seg.status === 'dropped',
      });
    }
  }
  return out;
}

/**
 * Most segments a bar of the compiled-prompt chart draws one per row; a bar
 * of more rows is drawn in at most this many stretches (see `drawnBarSegments`).
 */
export const MAX_ROW_SEGMENTS = 300;

/** The rows of one status inside a drawn stretch of a bar. */
export interface StretchPart {
  readonly className: string;
  readonly rows: number;
  readonly tokens: number;
}

/** A drawn stretch of consecutive rows of one bar (one segment per status in it). */
export interface Stretch {
  readonly key: string;
  readonly bar: 0 | 1;
  /** The first and last row of the stretch (segments, compiled order). */
  readonly first: Segment;
  readonly last: Segment;
  readonly parts: readonly StretchPart[];
}

/** The drawn shapes of the chart, and the stretch behind each aggregated shape. */
export interface DrawnSegments {
  readonly shapes: readonly BarSegment[];
  /** Null while every row is its own segment. */
  readonly stretches: ReadonlyMap<string, Stretch> | null;
}

const PART_MARKER: Record<string, string> = {
  'seg-blocking': '! ',
  'seg-dropped': '✕ ',
  'seg-pinned': '◆ ',
};

const STATUS_CLASS: Record<RowStatus, string> = {
  admitted: 'seg-admitted',
  dropped: 'seg-dropped',
  pinned: 'seg-pinned',
  notCompiled: 'seg-notCompiled',
};

function classOf(seg: Segment): string {
  return seg.blocking ? 'seg-blocking' : STATUS_CLASS[seg.status];
}

/**
 * The chart's shapes: one segment per row (`compiledBarSegments`) while a
 * bar has at most `max` rows; beyond, a bar is cut into `max` equal stretches
 * of tokens, each drawn as one segment per status of the rows that start in
 * it (in the order they first appear there), and neighbouring stretches of a
 * single, equal status are drawn as one. Every bar keeps its exact length
 * and every status its exact tokens per stretch; thousands of rows draw a
 * few hundred segments instead of thousands. The data table lists every row.
 */
export function drawnBarSegments(segs: readonly Segment[], max = MAX_ROW_SEGMENTS): DrawnSegments {
  if (segs.length <= max) return { shapes: compiledBarSegments(segs), stretches: null };
  const shapes: BarSegment[] = [];
  const stretches = new Map<string, Stretch>();
  for (const bar of [0, 1] as const) {
    const rows = segs.filter((s) => (bar === 0 ? true : s.shippedStart !== null));
    const at = (s: Segment) => (bar === 0 ? s.start : (s.shippedStart as number));
    const last = rows.at(-1);
    if (last === undefined) continue;
    const width = Math.max(1, (at(last) + last.tokens) / max);
    let i = 0;
    let previous: { stretch: Stretch; shape: BarSegment } | null = null;
    while (i < rows.length) {
      const bucket = Math.floor(at(rows[i] as Segment) / width);
      const first = rows[i] as Segment;
      // At most five statuses: a short list searched in order beats a map.
      const list: { className: string; rows: number; tokens: number }[] = [];
      let end = i;
      while (end < rows.length && Math.floor(at(rows[end] as Segment) / width) === bucket) {
        const seg = rows[end] as Segment;
        const className = classOf(seg);
        let part = list.find((p) => p.className === className);
        if (part === undefined) {
          part = { className, rows: 0, tokens: 0 };
          list.push(part);
        }
        part.rows += 1;
        part.tokens += seg.tokens;
        end += 1;
      }
      const lastRow = rows[end - 1] as Segment;
      const only = list.length === 1 ? (list[0] as StretchPart) : null;
      const prevOnly = previous?.stretch.parts.length === 1 ? previous.stretch.parts[0] : null;
      if (previous !== null && only !== null && prevOnly?.className === only.className) {
        // The same single status as the stretch before: one longer segment.
        const part = {
          ...only,
          rows: prevOnly.rows + only.rows,
          tokens: prevOnly.tokens + only.tokens,
        };
        const stretch: Stretch = { ...previous.stretch, last: lastRow, parts: [part] };
        const shape: BarSegment = {
          ...previous.shape,
          end: at(lastRow) + lastRow.tokens,
          label: partLabel(part),
        };
        stretches.set(stretch.key, stretch);
        shapes[shapes.length - 1] = shape;
        previous = { stretch, shape };
      } else {
        let from = at(first);
        for (const [p, part] of list.entries()) {
          const key = `${bar}b${first.key}-${p}`;
          const stretch: Stretch = { key, bar, first, last: lastRow, parts: list };
          const shape: BarSegment = {
            key,
            category: bar,
            start: from,
            end: from + part.tokens,
            className: part.className,
            label: partLabel(part),
            hatched: bar === 0 && part.className === 'seg-dropped',
          };
          stretches.set(key, stretch);
          shapes.push(shape);
          previous = { stretch, shape };
          from += part.tokens;
        }
      }
      i = end;
    }
  }
  return { shapes, stretches };
}

function partLabel(part: StretchPart): string {
  return `${PART_MARKER[part.className] ?? ''}${part.rows} ${part.rows === 1 ? 'row' : 'rows'}`;
}
