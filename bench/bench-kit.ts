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

const WORDS = [
  'const',
  'total',
  'cart',
  'items',
  'reduce',
  'price',
  'return',
  '合計',
  'ok',
  '✓',
  '=>',
  '{',
  '}',
  'if',
];

/** About `chars` characters of code-like words (a newline after about one word in ten), from `next`. */
export function words(next: () => number, chars: number): string {
  let text = '';
  while (text.length < chars)
    text += `${WORDS[Math.floor(next() * WORDS.length)]}${next() < 0.1 ? '\n' : ' '}`;
  return text;
}

/** A tool output's length in characters: log-normal, median about 2,000, at most 60,000. */
export function toolOutputChars(next: () => number): number {
  return Math.min(
    60_000,
    Math.round(2000 * Math.exp(1.1 * (next() + next() + next() - 1.5) * 1.4)),
  );
}
