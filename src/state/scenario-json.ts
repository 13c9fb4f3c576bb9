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

function jsonOf(part: object): string {
  let json = partJson.get(part);
  if (json === undefined) {
    json = canonicalJson(part);
    partJson.set(part, json);
  }
  return json;
}

/** `canonicalJson({ v, ...data })` for a scenario of the five parts (keys in sorted order). */
export function versionedScenarioJson(v: number, data: ScenarioData): string {
  return (
    `{"v":${JSON.stringify(v)},"budget":${jsonOf(data.budget)},"gate":${jsonOf(data.gate)},` +
    `"prices":${jsonOf(data.prices)},"routing":${jsonOf(data.routing)},"ui":${jsonOf(data.ui)}}`
  );
}
