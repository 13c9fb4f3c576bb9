/**
 * Which hops the timeline draws a mark for: every hop while a hop is a
 * pixel wide or more, else the costliest of each pixel's worth. Pure.
 */
import type { HopColumns } from '../../domain/hop-list.ts';

/** What one mark shows: a hop, or for a pixel that covers several hops, the costliest of them. */
export interface TimelineMark {
  /** The hop shown (its index). */
  readonly index: number;
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
export function timelineMarks(
  hops: HopColumns<'totalUsd' | 'forceDropped'>,
  slot: number,
): TimelineMark[] {
  const n = hops.length;
  const totalUsd = hops.number('totalUsd');
  const forceDropped = hops.flag('forceDropped');
  const marks: TimelineMark[] = [];
  if (slot >= 1 || n === 0) {
    for (let i = 0; i < n; i++)
      marks.push({ index: i, slotStart: i, slotWidth: 1, dropped: forceDropped(i) });
    return marks;
  }
  const perPixel = 1 / slot;
  for (let start = 0; start < n;) {
    const column = Math.floor(start * slot);
    let end = Math.min(n, Math.max(start + 1, Math.round(start + perPixel)));
    while (end < n && Math.floor(end * slot) === column) end++;
    let costliest = start;
    let dropped = false;
    for (let i = start; i < end; i++) {
      if (totalUsd(i) > totalUsd(costliest)) costliest = i;
      if (forceDropped(i)) dropped = true;
    }
    marks.push({ index: costliest, slotStart: start, slotWidth: end - start, dropped });
    start = end;
  }
  return marks;
}
