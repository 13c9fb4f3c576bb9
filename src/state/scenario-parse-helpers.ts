/**
 * Small helpers of reading a scenario from outside (`scenario-schema.ts`):
 * filling what it leaves out from the defaults, and wording what is wrong.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills what a hand-made scenario leaves out from the defaults (objects merge, arrays replace). */
export function overDefaults(defaults: unknown, given: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(given))
    return given === undefined ? defaults : given;
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = overDefaults(defaults[key], value);
  }
  return out;
}

/** JSON of a value, cut to 40 characters: messages never echo a whole input. */
export function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A zod issue's path in words: `routing.scenario.turns[3].gapSeconds`. */
export function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'scenario';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}
