import { useVirtualizer } from '@tanstack/react-virtual';
import { linesToDraw } from './virtual-lines.ts';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { TIERS, type Tier } from '../../model/budget.ts';

/** One line of the list: a tier's heading, its "no rows" note, or a row. */
export type RowListItem =
  | { readonly kind: 'tier'; readonly tier: Tier }
  | { readonly kind: 'empty'; readonly tier: Tier }
  | {
      readonly kind: 'row';
      readonly tier: Tier;
      readonly row: CompiledRow;
      /** Index within its tier. */
      readonly inTier: number;
      readonly tierSize: number;
    };

/** The list's lines in compiled order: each tier's heading, then its rows (or a note). */
export function rowListItems(compiled: readonly CompiledRow[]): RowListItem[] {
  const items: RowListItem[] = [];
  for (const tier of TIERS) {
    const inTier = compiled.filter((c) => c.row.tier === tier);
    items.push({ kind: 'tier', tier });
    if (inTier.length === 0) items.push({ kind: 'empty', tier });
    inTier.forEach((row, i) =>
      items.push({ kind: 'row', tier, row, inTier: i, tierSize: inTier.length }),
    );
  }
  return items;
}

/** What a drawn row passes to its `<li>`: its line's index, and the ref that measures it. */
export interface MeasuredLine {
  readonly index: number;
  readonly ref: (node: Element | null) => void;
}

/** Rough heights before a line is measured, px. */
const ESTIMATE = { tier: 40, empty: 28, row: 150 } as const;

/**
 * A long row list drawn a screenful at a time (`@tanstack/react-virtual`): a
 * scrolling box in which only the lines near the view are in the page, each
 * tier's rows still a list under its heading. Keyboard reach stays: moving
 * focus scrolls the focused control into view, and the lines just past the
 * view are always rendered, so Tab walks on from row to row; a row that an
 * edit asks to focus (`focusIndex`) is scrolled to first.
 */
export function VirtualRowList(props: {
  items: readonly RowListItem[];
  /** Draws a row: an `<li>` that passes `line` on (the list measures it). */
  renderRow: (item: Extract<RowListItem, { kind: 'row' }>, line: MeasuredLine) => ReactNode;
  /** Draws a tier's heading. */
  renderTier: (tier: Tier) => ReactNode;
  /** The line to bring into view (a row about to take focus), or null. */
  focusIndex: number | null;
}) {
  const { items, focusIndex } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => ESTIMATE[items[i]?.kind ?? 'row'],
    overscan: 6,
    // The rows' list puts 0.5rem between rows.
    gap: 8,
  });

  useEffect(() => {
    if (focusIndex !== null) virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focusIndex, virtualizer]);

  const lines = linesToDraw(virtualizer);
  const before = lines[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (lines.at(-1)?.end ?? 0);

  // Consecutive lines of one tier share a heading's section and one list.
  const groups = useMemo(() => {
    const out: { tier: Tier; lines: typeof lines }[] = [];
    for (const line of lines) {
      const item = items[line.index];
      if (item === undefined) continue;
      const last = out.at(-1);
      if (last !== undefined && last.tier === item.tier && item.kind !== 'tier')
        last.lines.push(line);
      else out.push({ tier: item.tier, lines: [line] });
    }
    return out;
  }, [lines, items]);

  return (
    <div ref={scroller} className="budget-rows-scroller">
      <div style={{ height: before }} aria-hidden="true" />
      {groups.map((group) => {
        const rows = group.lines.filter((l) => items[l.index]?.kind === 'row');
        const first = group.lines[0];
        return (
          <div key={`${group.tier}-${first?.index ?? 0}`} className="budget-tier">
            {group.lines.map((line) => {
              const item = items[line.index];
              if (item?.kind === 'tier')
                return (
                  <div key={line.key} data-index={line.index} ref={virtualizer.measureElement}>
                    {props.renderTier(item.tier)}
                  </div>
                );
              if (item?.kind === 'empty')
                return (
                  <p
                    key={line.key}
                    data-index={line.index}
                    ref={virtualizer.measureElement}
                    className="note"
                  >
                    No rows in this tier.
                  </p>
                );
              return null;
            })}
            {rows.length > 0 && (
              <ul className="budget-rows">
                {rows.map((line) => {
                  const item = items[line.index];
                  if (item?.kind !== 'row') return null;
                  return props.renderRow(item, {
                    index: line.index,
                    ref: virtualizer.measureElement,
                  });
                })}
              </ul>
            )}
          </div>
        );
      })}
      <div style={{ height: Math.max(0, after) }} aria-hidden="true" />
    </div>
  );
}
