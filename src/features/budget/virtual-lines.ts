import type { Virtualizer, VirtualItem } from '@tanstack/react-virtual';

/** How many lines to draw before the scrolling box has a size. */
const UNMEASURED_LINES = 20;

/**
 * The lines a virtualiser draws; before its scrolling box has a size (it is
 * not laid out yet, or there is no layout at all, as under jsdom) the first
 * few, so the start of the list is always in the page.
 */
export function linesToDraw<S extends Element, E extends Element>(
  virtualizer: Virtualizer<S, E>,
): VirtualItem[] {
  const lines = virtualizer.getVirtualItems();
  if (lines.length > 0 || (virtualizer.scrollRect?.height ?? 0) > 0) return lines;
  const count = Math.min(UNMEASURED_LINES, virtualizer.options.count);
  return virtualizer.measurementsCache.slice(0, count);
}
