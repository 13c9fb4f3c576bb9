/**
 * A small seeded pseudo-random number generator for the conversation
 * generator: the same seed always gives the same conversation, so a shared
 * link or a test reproduces it exactly.
 */

/** A source of numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a 32-bit-state generator, fast and good enough for spreading
 * token counts (not for anything secret). `seed` is any number; only its low
 * 32 bits matter.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The indices 0…n−1 in a seeded random order (Fisher–Yates). */
export function seededOrder(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = order[i] as number;
    order[i] = order[j] as number;
    order[j] = a;
  }
  return order;
}
