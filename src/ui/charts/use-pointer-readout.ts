import { useEffect, useState, type CSSProperties, type PointerEvent } from 'react';
import { useHover } from './use-hover.ts';

/** Where a pointer is on a drawing: CSS pixels from its top left, and the drawing's size. */
export interface PointerSpot {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The touch gestures a canvas chart leaves to the browser: a vertical swipe
 * still scrolls the page and two fingers still zoom it, while a horizontal
 * drag belongs to the chart and moves the readout along it.
 */
export const CHART_TOUCH_ACTION: CSSProperties = { touchAction: 'pan-y pinch-zoom' };

/** The pointer handlers (and touch style) to spread on a chart's canvas. */
export interface PointerReadoutHandlers {
  readonly onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerLeave: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerCancel: () => void;
  readonly style: CSSProperties;
}

/**
 * The hover readout of a canvas chart, the same for a mouse, a pen and a
 * finger. `locate` names the item under a spot of the drawing (null where
 * there is none).
 *
 * A mouse or a pen shows the readout while it moves over the drawing and
 * hides it on leaving. A finger has no hover: a tap shows the item under it,
 * a horizontal drag moves the readout along, and the readout stays after
 * the finger lifts (a touch always "leaves" on lifting) until the next tap,
 * on the chart or anywhere else on the page. A swipe the browser takes for
 * scrolling or zooming cancels the pointer and hides the readout.
 */
export function usePointerReadout<K>(
  locate: (spot: PointerSpot) => K | null,
  style: CSSProperties = {},
): {
  readonly hover: K | null;
  /** Whether a finger put the readout there (the hand is below it: anchor the readout higher). */
  readonly byTouch: boolean;
  readonly handlers: PointerReadoutHandlers;
} {
  const { hover, setHover } = useHover<K>();
  // The drawing a touch readout is pinned to, so a tap elsewhere can hide it.
  const [pinnedOn, setPinnedOn] = useState<Element | null>(null);
  const shown = hover !== null;

  useEffect(() => {
    if (pinnedOn === null || !shown) return undefined;
    const away = (e: Event) => {
      if (e.target instanceof Node && pinnedOn.contains(e.target)) return;
      setHover(null);
      setPinnedOn(null);
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [pinnedOn, shown, setHover]);

  const at = (e: PointerEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return locate({
      x: e.clientX - rect.left,
      y: e.clientY - rect.top,
      width: rect.width,
      height: rect.height,
    });
  };

  const handlers: PointerReadoutHandlers = {
    onPointerMove: (e) => {
      if (e.pointerType !== 'touch') setPinnedOn(null);
      setHover(at(e));
    },
    onPointerDown: (e) => {
      const item = at(e);
      setHover(item);
      setPinnedOn(e.pointerType === 'touch' && item !== null ? e.currentTarget : null);
    },
    onPointerLeave: (e) => {
      if (e.pointerType === 'touch') return;
      setHover(null);
    },
    onPointerCancel: () => {
      setHover(null);
      setPinnedOn(null);
    },
    style: { ...style, ...CHART_TOUCH_ACTION },
  };
  return { hover, byTouch: shown && pinnedOn !== null, handlers };
}
