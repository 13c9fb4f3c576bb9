/**
 * Checks run on any JSON text before it is parsed and validated: its size,
 * and how deeply its arrays and objects nest. A schema walks a value
 * recursively, so a value nested thousands of levels deep would overflow the
 * stack; this scan is iterative and looks at the text itself, before
 * `JSON.parse` builds anything. Never throws.
 */
import { MAX_JSON_DEPTH, MAX_SCENARIO_BYTES } from '../core/limits.ts';

/** What a guard gives: fine, or the reason the text is refused. */
export type GuardResult = { ok: true } | { ok: false; error: string };

/** Whether `text` is over `maxBytes` in UTF-8 bytes (encoded only when cheap bounds cannot decide). */
export function overByteCap(text: string, maxBytes: number = MAX_SCENARIO_BYTES): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(text).length > maxBytes;
}

/**
 * The deepest nesting of `[`/`{` in JSON text, outside strings. Stops
 * counting (and returns `limit + 1`) as soon as `limit` is passed.
 */
export function jsonDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The depth of an already-parsed value (iterative), stopping past `limit`. */
export function valueDepth(value: unknown, limit: number = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  let visited = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    // A guard against cyclic objects handed in by code (JSON has none).
    if (++visited > 5_000_000) return limit + 1;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Checks JSON text before parsing: at most `maxBytes` UTF-8 bytes and at
 * most `MAX_JSON_DEPTH` levels of nesting. `what` starts the message.
 */
export function guardJsonText(
  text: string,
  what: string,
  maxBytes: number = MAX_SCENARIO_BYTES,
): GuardResult {
  if (overByteCap(text, maxBytes)) {
    return { ok: false, error: `${what}: too large (at most ${megabytes(maxBytes)} of JSON)` };
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return {
      ok: false,
      error: `${what}: nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
    };
  }
  return { ok: true };
}

/** "2.0 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function sortedCopy(value: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(value).sort();
  const out: Record<string, unknown> = {};
  // The version tag leads, so a file still reads {"v": 1, …}.
  if ('v' in value) out['v'] = value['v'];
  for (const key of keys) if (key !== 'v') out[key] = value[key];
  return out;
}

/**
 * JSON with every object's keys in one order (sorted, `v` first): the same
 * state always gives the same text, whatever order its objects were built
 * in, so saves, links and history entries of one state are equal.
 */
export function canonicalJson(value: unknown, space?: number): string {
  return JSON.stringify(
    value,
    (_key, item: unknown) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? sortedCopy(item as Record<string, unknown>)
        : item,
    space,
  );
}
