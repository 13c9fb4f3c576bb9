/**
 * The scenario's canonical JSON (json-guard.ts's `canonicalJson`: every
 * object's keys sorted, `v` first), built from the canonical JSON of each
 * part, kept per part object: the store replaces a part when it changes, so
 * a slider step re-serialises the part it moved and not, say, a price table
 * of thousands of imported rows. The text is exactly
 * `canonicalJson({ v, ...data })`.
 */
import { canonicalJson } from './json-guard.ts';
import type { ScenarioData } from '../model/scenario.ts';
import { shareableTraffic } from './trace-names.ts';

const partJson = new WeakMap<object, string>();
const partBytes = new WeakMap<object, number>();
const fieldJson = new WeakMap<object, { json: string; bytes: number }>();

/** Bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD, as TextEncoder writes it). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

function jsonOfField(value: object): { json: string; bytes: number } {
  let field = fieldJson.get(value);
  if (field === undefined) {
    const json = canonicalJson(value);
    field = { json, bytes: utf8Length(json) };
    fieldJson.set(value, field);
  }
  return field;
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
    let bytes = 2;
    for (const key of keys) {
      const value = record[key];
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      const name = JSON.stringify(key);
      let text: string;
      if (typeof value === 'object' && value !== null) {
        const field = jsonOfField(value);
        text = field.json;
        bytes += field.bytes;
      } else {
        text = JSON.stringify(value) as string;
        bytes += utf8Length(text);
      }
      bytes += utf8Length(name) + 1 + (pieces.length > 0 ? 1 : 0);
      pieces.push(`${name}:${text}`);
    }
    json = `{${pieces.join(',')}}`;
    partJson.set(part, json);
    partBytes.set(part, bytes);
  }
  return json;
}

/** The parts of a scenario in the order its canonical JSON writes them. */
const PARTS = ['budget', 'gate', 'prices', 'routing', 'traffic', 'ui'] as const;

/** `canonicalJson({ v, ...data })` for a scenario of the six parts (keys in sorted order). */
export function versionedScenarioJson(v: number, data: ScenarioData): string {
  return (
    `{"v":${JSON.stringify(v)},"budget":${jsonOf(data.budget)},"gate":${jsonOf(data.gate)},` +
    `"prices":${jsonOf(data.prices)},"routing":${jsonOf(data.routing)},"traffic":${jsonOf(shareableTraffic(data))},"ui":${jsonOf(data.ui)}}`
  );
}

/**
 * The UTF-8 bytes of `versionedScenarioJson(v, data)`, from the byte counts
 * kept with each part's and field's JSON: a budget step counts the bytes of
 * what it moved, not the megabytes of 10,000 unchanged rows.
 */
export function versionedScenarioBytes(v: number, data: ScenarioData): number {
  // `{"v":1` and `}`, then `,"name":` before each part (all ASCII).
  let bytes = 5 + String(JSON.stringify(v)).length + 1;
  for (const name of PARTS) {
    const part = (name === 'traffic' ? shareableTraffic(data) : data[name]) as object;
    jsonOf(part);
    bytes += name.length + 4 + (partBytes.get(part) ?? 0);
  }
  return bytes;
}
