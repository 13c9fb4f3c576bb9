/**
 * The scenario's JSON, built from the JSON of each part, kept per part
 * object: the store replaces a part when it changes, so a slider step
 * re-serialises the part it moved and not, say, a price table of thousands
 * of imported rows. The text is exactly `JSON.stringify({ v, ...data })`.
 */
import type { ScenarioData } from './store.ts';

const partJson = new WeakMap<object, string>();

function jsonOf(part: object): string {
  let json = partJson.get(part);
  if (json === undefined) {
    json = JSON.stringify(part);
    partJson.set(part, json);
  }
  return json;
}

/** `JSON.stringify({ v, ...data })` for a scenario of the five parts, in their order. */
export function versionedScenarioJson(v: number, data: ScenarioData): string {
  return (
    `{"v":${JSON.stringify(v)},"ui":${jsonOf(data.ui)},"prices":${jsonOf(data.prices)},` +
    `"gate":${jsonOf(data.gate)},"budget":${jsonOf(data.budget)},"routing":${jsonOf(data.routing)}}`
  );
}
