import { useCallback, useMemo, useState } from 'react';

/** What a chart's pointer handlers need: the hovered item, and how to change it. */
export interface Hover<K> {
  readonly hover: K | null;
  readonly setHover: (key: K | null) => void;
  /** Pointer handlers for an element that stands for one item (a bar, a segment). */
  readonly target: (key: K) => { onPointerEnter: () => void };
  readonly onPointerLeave: () => void;
}

/**
 * The kit's one hover state: which point, bar or segment is under the
 * pointer. Line charts set it from the pointer's x (nearest point), bar
 * charts from the bar or segment entered. The drawing sits in an
 * `aria-hidden` box (ChartFrame): its keyboard and screen-reader equivalent
 * is the chart's summary and data table, so the drawing takes no focus.
 */
export function useHover<K>(): Hover<K> {
  const [hover, setHover] = useState<K | null>(null);
  const onPointerLeave = useCallback(() => setHover(null), []);
  const target = useCallback((key: K) => ({ onPointerEnter: () => setHover(key) }), []);
  return useMemo(
    () => ({ hover, setHover, target, onPointerLeave }),
    [hover, target, onPointerLeave],
  );
}
