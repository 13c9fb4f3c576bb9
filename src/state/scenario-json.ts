/**
 * The scenario's canonical JSON (json-guard.ts's `canonicalJson`: every
 * object's keys sorted, `v` first), built from the canonical JSON of each
 * part, kept per part object: the store replaces a part when it changes, so
 * a slider step re-serialises the part it moved and not, say, a price table
 * of thousands of imported rows. The text is exactly
 * `canonicalJson({ v, ...data })`.
 */
import { canonicalJson } from './json-guard.ts';
import type { ScenarioData } from './store.ts';

const partJson = new WeakMap<object, string>();
const fieldJson = new WeakMap<object, string>();

function jsonOfField(value: object): string {
  let json = fieldJson.get(value);
  if (json === undefined) {
    json = canonicalJson(value);
    fieldJson.set(value, json);
  }
  return json;
}

/**
 * `canonicalJson(part)`, built from the canonical JSON of each of its
 * fields, the object and array fields kept per object: a budget step
 * replaces the budget part but keeps its rows array, so the 10,000 rows are
 * not serialised again.
 */
function jsonOf(part: object): string {
  let json = partJson.get(part);
  if (json === undefined) {
    const record = part as Record<string, unknown>;
    // The key order canonicalJson gives (`v`, then sorted), as an object
    // orders it (integer-like keys first, as JSON.stringify writes them).
    const order: Record<string, true> = {};
    if ('v' in record) order['v'] = true;
    for (const key of Object.keys(record).sort()) order[key] = true;
    const keys = Object.keys(order);
    const pieces: string[] = [];
    for (const key of keys) {
      const value = record[key];
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      const text =
        typeof value === 'object' && value !== null
          ? jsonOfField(value)
          : (JSON.stringify(value) as string);
      pieces.push(`${JSON.stringify(key)}:${text}`);
    }
    json = `{${pieces.join(',')}}`;
    partJson.set(part, json);
  }
  return json;
}

/** `canonicalJson({ v, ...data })` for a scenario of the six parts (keys in sorted order). */
export function versionedScenarioJson(v: number, data: ScenarioData): string {
  return (
    `{"v":${JSON.stringify(v)},"budget":${jsonOf(data.budget)},"gate":${jsonOf(data.gate)},` +
    `"prices":${jsonOf(data.prices)},"routing":${jsonOf(data.routing)},"traffic":${jsonOf(data.traffic)},"ui":${jsonOf(data.ui)}}`
  );
}
