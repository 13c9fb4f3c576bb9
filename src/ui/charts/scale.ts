/**
 * Scales and ticks for the explorer's small SVG charts (pure functions).
 */

export type ScaleKind = 'linear' | 'log';

/** Maps a domain onto a pixel range, linearly or logarithmically. */
export function makeScale(
  kind: ScaleKind,
  domain: readonly [number, number],
  range: readonly [number, number],
) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (kind === 'log') {
    const l0 = Math.log10(d0);
    const l1 = Math.log10(d1);
    const span = l1 - l0 || 1;
    return (v: number) => r0 + ((Math.log10(Math.max(v, d0 * 1e-9)) - l0) / span) * (r1 - r0);
  }
  const span = d1 - d0 || 1;
  return (v: number) => r0 + ((v - d0) / span) * (r1 - r0);
}

/** About `count` round tick values covering [min, max] (1, 2, 2.5 or 5 × 10ⁿ apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0];
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 0.5 && ticks.length < 50; v += step) {
    ticks.push(Number(v.toPrecision(12)));
  }
  if ((ticks[ticks.length - 1] ?? max) < max)
    ticks.push(Number((first + ticks.length * step).toPrecision(12)));
  return ticks;
}

/**
 * Round ticks for the values [min, max] and the domain an axis with those
 * ticks spans: the values widened to the first and the last tick.
 */
export function niceAxis(
  min: number,
  max: number,
  count = 5,
): { ticks: number[]; domain: readonly [number, number] } {
  const ticks = niceTicks(min, max, count);
  return {
    ticks,
    domain: [Math.min(min, ticks[0] ?? min), Math.max(max, ticks[ticks.length - 1] ?? max)],
  };
}
