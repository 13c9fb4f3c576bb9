import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date with a
 * ResizeObserver. Where there is one, its first report (in the frame after
 * the element is laid out) gives the width: reading the box in the effect
 * instead would force a layout of the whole page there, a long task when a
 * large section has just been added.
 */
export function useWidth<T extends HTMLElement>(fallback = 560) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
