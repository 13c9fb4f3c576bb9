import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useThemeVersion } from './use-theme-version.ts';

/** Turns `var(--name)` (or any CSS colour) into the colour the theme gives it. */
export type ColorResolver = (color: string) => string;

/** What a draw function is given: a cleared context scaled to CSS pixels. */
export interface CanvasFrame {
  readonly ctx: CanvasRenderingContext2D;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  /** Resolves palette colours; cached per theme, so drawing reads no style. */
  readonly color: ColorResolver;
}

/**
 * Whether two draw inputs draw the same picture: equal primitives, or
 * arrays, typed arrays and plain objects equal member by member. Functions
 * and other objects compare by identity.
 */
export function sameDrawInputs(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    const x = a as ArrayLike<unknown>;
    const y = b as ArrayLike<unknown>;
    if (!(Array.isArray(b) || ArrayBuffer.isView(b)) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameDrawInputs(x[i], y[i])) return false;
    return true;
  }
  const protoA = Object.getPrototypeOf(a);
  if (protoA !== Object.prototype && protoA !== null) return false;
  if (Object.getPrototypeOf(b) !== protoA) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys)
    if (!sameDrawInputs((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  return true;
}

function resolverFor(el: Element): ColorResolver {
  const style = getComputedStyle(el);
  const cache = new Map<string, string>();
  return (color) => {
    let value = cache.get(color);
    if (value !== undefined) return value;
    const m = /^var\((--[\w-]+)\)$/.exec(color);
    value = m ? style.getPropertyValue(m[1] as string).trim() || '#888888' : color;
    cache.set(color, value);
    return value;
  };
}

/**
 * The kit's canvas surface (the fire map, the timeline). It keeps the
 * bitmap at the device pixel ratio, takes its width from a ResizeObserver
 * (drawing never reads layout), resolves palette colours once per theme,
 * and redraws whenever what the draw function is given changes: `inputs` is
 * compared by value ({@link sameDrawInputs}), so there is no hand-kept list
 * of drawn fields to forget. Pass in `inputs` exactly what `draw` reads.
 *
 * Drawing happens during the commit (a layout effect), so new inputs reach
 * the screen in the same frame as the rest of the results.
 *
 * `same` replaces the comparison for inputs that carry their own identity:
 * the timeline's scene of 6,000 hops is kept as the same object while the
 * run draws the same picture (`timelineScene`), so `Object.is` tells a new
 * picture from an old one without comparing every hop again.
 */
export function useCanvasSurface<I>(
  height: number,
  inputs: I,
  draw: (frame: CanvasFrame, inputs: I) => void,
  same: (a: I, b: I) => boolean = sameDrawInputs,
): {
  /** The canvas's ref: the element itself, so a canvas that is replaced is followed. */
  readonly ref: (canvas: HTMLCanvasElement | null) => void;
  readonly canvas: HTMLCanvasElement | null;
  /** The canvas's CSS width (0 until known). */
  readonly width: number;
} {
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [width, setWidth] = useState(0);
  const theme = useThemeVersion();
  const drawRef = useRef(draw);
  drawRef.current = draw;
  const drawn = useRef<{
    canvas: HTMLCanvasElement;
    inputs: I;
    width: number;
    theme: number;
    height: number;
  } | null>(null);
  const colors = useRef<{ theme: number; canvas: HTMLCanvasElement; color: ColorResolver } | null>(
    null,
  );

  const paint = useCallback(
    (el: HTMLCanvasElement, w: number, drawInputs: I, themeVersion: number) => {
      const ctx = el.getContext('2d');
      if (!ctx || w <= 0) return;
      const dpr = window.devicePixelRatio || 1;
      const pixelWidth = Math.round(w * dpr);
      const pixelHeight = Math.round(height * dpr);
      // Resizing the bitmap clears it; otherwise clear it without touching the
      // attributes (which would lay the page out again).
      if (el.width !== pixelWidth || el.height !== pixelHeight) {
        el.width = pixelWidth;
        el.height = pixelHeight;
      } else {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, pixelWidth, pixelHeight);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      let c = colors.current;
      if (c === null || c.theme !== themeVersion || c.canvas !== el) {
        c = { theme: themeVersion, canvas: el, color: resolverFor(el) };
        colors.current = c;
      }
      drawRef.current({ ctx, width: w, height, dpr, color: c.color }, drawInputs);
      drawn.current = { canvas: el, inputs: drawInputs, width: w, theme: themeVersion, height };
    },
    [height],
  );

  // A new canvas (the data table was shown, then the chart again) starts blank,
  // at the width it has now: read once, when it arrives.
  useLayoutEffect(() => {
    if (canvas === null) return;
    const w = canvas.clientWidth;
    if (w > 0) setWidth(w);
  }, [canvas]);

  useEffect(() => {
    if (canvas === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const w = Math.round(entries[entries.length - 1]?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas]);

  useLayoutEffect(() => {
    if (canvas === null) return;
    const w = width > 0 ? width : canvas.clientWidth;
    const last = drawn.current;
    if (
      last !== null &&
      last.canvas === canvas &&
      last.width === w &&
      last.theme === theme &&
      last.height === height &&
      same(last.inputs, inputs)
    )
      return;
    paint(canvas, w, inputs, theme);
  });

  return { ref: setCanvas, canvas, width };
}
