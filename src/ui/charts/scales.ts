/**
 * The chart kit's geometry: the one margins constant, scales and ticks from
 * d3-scale, and the pure helpers every chart shares (nearest point, marker
 * label rows). No DOM.
 */
import { scaleLinear, scaleLog } from 'd3-scale';

/** Plot margins of every chart of the kit, CSS pixels. */
export const MARGINS = { top: 12, right: 16, bottom: 26, left: 76 } as const;

export type Margins = typeof MARGINS;

/** Height of one row of marker labels above a plot, CSS pixels. */
export const MARKER_ROW = 13;

/** Extra bottom margin for an axis title under the tick labels, CSS pixels. */
export const AXIS_TITLE = 18;

/** Rough width of an 11 px label character, CSS pixels. */
export const CHAR_WIDTH = 6.2;

export type ScaleKind = 'linear' | 'log';

/** A position function with the ticks of its axis. */
export interface AxisScale {
  (value: number): number;
  readonly ticks: readonly number[];
  readonly domain: readonly [number, number];
}

/**
 * Round ticks (about `count`, 1, 2 or 5 × 10ⁿ apart) covering [min, max],
 * and the domain they span: d3's `scaleLinear().nice()`. A single value is
 * widened by 10% (or 1 around 0) so the axis keeps a length.
 */
export function niceLinear(
  min: number,
  max: number,
  count = 5,
): { ticks: number[]; domain: [number, number] } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { ticks: [0, 1], domain: [0, 1] };
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    return niceLinear(min - pad, max + pad, count);
  }
  const scale = scaleLinear().domain([min, max]).nice(count);
  const [d0, d1] = scale.domain() as [number, number];
  return { ticks: scale.ticks(count), domain: [Math.min(min, d0), Math.max(max, d1)] };
}

/**
 * A linear or logarithmic scale from `domain` onto the pixel `range`, with
 * `ticks` (given, or round ones from d3 about every 90 px for linear).
 * Positions outside the domain are not clamped; callers clamp what they must.
 */
export function axisScale(
  kind: ScaleKind,
  domain: readonly [number, number],
  range: readonly [number, number],
  ticks?: readonly number[],
  options: { integer?: boolean; tickCount?: number } = {},
): AxisScale {
  const [d0, d1] = domain;
  const span = Math.abs(range[1] - range[0]);
  const count = options.tickCount ?? Math.max(2, Math.floor(span / 90));
  let position: (value: number) => number;
  let made: number[];
  if (kind === 'log') {
    const s = scaleLog()
      .domain([Math.max(d0, Number.MIN_VALUE), Math.max(d1, Number.MIN_VALUE * 10)])
      .range(range as [number, number]);
    position = (v) => s(Math.max(v, d0 * 1e-9));
    made = ticks ? [...ticks] : s.ticks(count);
  } else {
    const s = scaleLinear()
      .domain([d0, d1 === d0 ? d0 + 1 : d1])
      .range(range as [number, number]);
    position = (v) => s(v);
    made = ticks ? [...ticks] : s.ticks(count);
  }
  const lo = Math.min(d0, d1);
  const hi = Math.max(d0, d1);
  const inside = made.filter(
    (t) => t >= lo - 1e-9 * Math.abs(hi - lo) && t <= hi + 1e-9 * Math.abs(hi - lo),
  );
  const shown = options.integer ? inside.filter((t) => Number.isInteger(t)) : inside;
  return Object.assign(position, { ticks: shown, domain: [d0, d1] as const });
}

/** A pixel value rounded to a tenth, for short path strings. */
export const px = (v: number): number => Math.round(v * 10) / 10;

/** Index of the value nearest `pixel` once placed by `at` (values ascending): a binary search. */
export function nearestIndex(
  values: readonly number[],
  at: (value: number) => number,
  pixel: number,
): number | null {
  if (values.length === 0) return null;
  let lo = 0;
  let hi = values.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (at(values[mid] as number) < pixel) lo = mid;
    else hi = mid;
  }
  const dLo = Math.abs(at(values[lo] as number) - pixel);
  const dHi = Math.abs(at(values[hi] as number) - pixel);
  return dHi < dLo ? hi : lo;
}

/** A labelled vertical line at an x value: a threshold, a TTL, the current setting. */
export interface Marker {
  readonly x: number;
  readonly label: string;
  readonly color: string;
  /** SVG dash pattern; solid when absent. */
  readonly dash?: string;
}

/** A marker with its pixel position and the row its label takes above the plot. */
export interface PlacedMarker extends Marker {
  readonly at: number;
  readonly row: number;
  readonly anchorEnd: boolean;
}

/**
 * Places marker labels in rows above the plot: a label that would overlap
 * the one before it takes the next row; one that would run past the right
 * edge ends at its line. Markers outside [xMin, xMax] are left out.
 */
export function placeMarkers(
  markers: readonly Marker[],
  sx: (x: number) => number,
  xMin: number,
  xMax: number,
  right: number,
): PlacedMarker[] {
  const rowsEnd: number[] = [];
  return markers
    .filter((m) => m.x >= xMin && m.x <= xMax)
    .map((m) => ({ m, at: sx(m.x) }))
    .sort((a, b) => a.at - b.at)
    .map(({ m, at }) => {
      const labelWidth = m.label.length * CHAR_WIDTH + 8;
      const anchorEnd = at + labelWidth > right;
      const start = anchorEnd ? at - labelWidth : at;
      let row = rowsEnd.findIndex((end) => end <= start);
      if (row < 0) row = rowsEnd.length;
      rowsEnd[row] = start + labelWidth;
      return { ...m, at, row, anchorEnd };
    });
}
