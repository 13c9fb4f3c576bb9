/**
 * Shared generators for the fuzz suites: arbitrary text, arbitrary JSON, and
 * mutations of a valid document (cuts, splices, flipped characters, hostile
 * values dropped into random places). Seeded, so every run sees the same inputs.
 */
import fc from 'fast-check';

export const FUZZ_RUNS = 10_000;
export const FUZZ_SEED = 20261130;

const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  -0,
  Infinity,
  -Infinity,
  Number.MAX_VALUE,
  1e-320,
  '',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '__proto__',
  [],
  {},
  [[[]]],
  { __proto__: { polluted: true } },
  'x'.repeat(1000),
  true,
  '\u0000\ud800',
];

/** Replaces, deletes or adds a value somewhere inside a JSON-like value. */
export function mutateJson(value: unknown, path: number[], hostile: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return hostile;
  const [step, ...rest] = path as [number, ...number[]];
  if (Array.isArray(value)) {
    if (value.length === 0) return [hostile];
    const i = step % value.length;
    const copy = value.slice();
    if (rest.length === 0 && step % 7 === 0) copy.splice(i, 1);
    else copy[i] = mutateJson(copy[i], rest, hostile);
    return copy;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return { ['k' + step]: hostile };
  const key = keys[step % keys.length] as string;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && step % 7 === 0) delete copy[key];
  else if (rest.length === 0 && step % 11 === 0) copy['extra' + step] = hostile;
  else copy[key] = mutateJson(copy[key], rest, hostile);
  return copy;
}

/** Text mutations of a valid document. */
function mutateText(text: string, cut: number, insert: string, mode: number): string {
  const at = text.length === 0 ? 0 : cut % text.length;
  switch (mode % 4) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + insert + text.slice(at);
    case 2:
      return text.slice(0, at) + insert + text.slice(at + insert.length);
    default:
      return text.slice(at) + text.slice(0, at);
  }
}

/**
 * A mix of: random text, random JSON, structural mutations of `valid`, and
 * textual mutations of its serialisation.
 */
export function fuzzText(valid: unknown): fc.Arbitrary<string> {
  const serialised = JSON.stringify(valid);
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 200 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 100 }), weight: 1 },
    { arbitrary: fc.json({ maxDepth: 4 }), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(...HOSTILE_VALUES),
        )
        .map(([path, hostile]) => JSON.stringify(mutateJson(valid, path, hostile)) ?? 'null'),
      weight: 4,
    },
    {
      // Numbers JSON.parse reads as infinities or denormals.
      arbitrary: fc
        .tuple(fc.nat(), fc.constantFrom('1e309', '-1e309', '1e-400', '-0'))
        .map(([n, literal]) => {
          let seen = 0;
          return serialised.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, (match) =>
            seen++ === n % 20 ? literal : match,
          );
        }),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.nat(), fc.string({ maxLength: 12 }), fc.nat())
        .map(([cut, insert, mode]) => mutateText(serialised, cut, insert, mode)),
      weight: 3,
    },
  );
}
