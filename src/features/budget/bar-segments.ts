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
