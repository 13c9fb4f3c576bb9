/**
 * What every benchmark script shares: one JSON line per figure on stdout,
 * and a small seeded generator so every run measures the same inputs.
 */

/** One measured figure, printed as `{"name", "value", "unit"}`. */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

/** Prints one figure as a JSON line. */
export function report(figure: Figure): void {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

/** Mulberry32: a small seeded generator, so every run benchmarks the same inputs. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
