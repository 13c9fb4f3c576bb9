/**
 * Reading and writing the scenario outside the store (SPEC §6): the URL hash,
 * local storage and pasted or imported text. Every function here is pure or
 * takes its storage as an argument, never throws, and reports a bad scenario
 * as a message naming the field (via the zod schema).
 *
 * Link formats (both are read; the app writes the first):
 * - `#s=<base64url of the deflate-raw compressed JSON>`
 * - `#json=<encodeURIComponent(JSON)>`, for links written by hand.
 */
import { MAX_HASH_CHARS, MAX_SCENARIO_BYTES } from '../core/limits.ts';
import { canonicalJson, guardJsonText, megabytes } from './json-guard.ts';
import type { ScenarioData } from '../model/scenario.ts';
import {
  parseScenario,
  SCENARIO_VERSION,
  toVersionedScenario,
  type ScenarioParse,
} from './scenario-schema.ts';
import { versionedScenarioJson } from './scenario-json.ts';
import { deflateRaw, fromBase64Url, inflateRaw, toBase64Url } from './link-codec.ts';
import { markScenarioChecked } from './checked-parts.ts';

export { fromBase64Url, toBase64Url } from './link-codec.ts';

export type { ScenarioParse };

/** Largest scenario accepted from a link, a file or pasted text, in bytes of JSON (see core/limits.ts). */
export { MAX_SCENARIO_BYTES };
/** Longest URL hash read or written, characters (see core/limits.ts). */
export { MAX_HASH_CHARS };
/** Local storage key of the saved scenario. */
export const STORAGE_KEY = 'cce:scenario:v1';
/**
 * Session storage key (per tab, kept across reloads) of digests of the hashes
 * this tab wrote: the saved scenario supersedes them (see `chooseStartupSource`).
 */
export const OWN_HASHES_KEY = 'cce:own-hashes:v1';
/** How many of a tab's own hashes are remembered. */
export const OWN_HASHES_KEPT = 20;

const COMPRESSED_PREFIX = 's=';
const JSON_PREFIX = 'json=';

/** The storage calls persistence needs (a subset of the DOM's `Storage`). */
export type ScenarioStorage = Pick<Storage, 'getItem' | 'setItem'>;

function stripHash(hash: string): string {
  return hash.startsWith('#') ? hash.slice(1) : hash;
}

/** True when a URL hash carries a scenario (`#s=…` or `#json=…`). */
export function hasScenarioInHash(hash: string): boolean {
  const body = stripHash(hash);
  return body.startsWith(COMPRESSED_PREFIX) || body.startsWith(JSON_PREFIX);
}

function parseJson(
  text: string,
  what: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return { ok: false, error: `${what}: not valid JSON${detail}` };
  }
}

/** A scenario the schema accepted: its arrays need no second check when saved. */
function checked(parsed: ScenarioParse): ScenarioParse {
  if (parsed.ok) markScenarioChecked(parsed.data);
  return parsed;
}

/**
 * The URL hash for a scenario: `#s=` and the base64url of the deflate-raw
 * compressed, versioned JSON.
 */
export async function encodeScenarioHash(data: ScenarioData): Promise<string> {
  const json = versionedScenarioJson(SCENARIO_VERSION, data);
  const compressed = await deflateRaw(new TextEncoder().encode(json));
  return `#${COMPRESSED_PREFIX}${toBase64Url(compressed)}`;
}

/**
 * Reads a scenario from a URL hash (`#s=…` compressed or `#json=…` plain; the
 * leading `#` is optional). Never rejects: a damaged, oversized, malformed or
 * newer-version link gives `{ ok: false, error }` naming what is wrong.
 */
export async function decodeScenarioHash(hash: string): Promise<ScenarioParse> {
  try {
    if (hash.length > MAX_HASH_CHARS) {
      return {
        ok: false,
        error: `link: too long (${hash.length.toLocaleString('en-US')} characters; at most ${MAX_HASH_CHARS.toLocaleString('en-US')})`,
      };
    }
    const body = stripHash(hash);
    if (body.startsWith(JSON_PREFIX)) {
      let text: string;
      try {
        text = decodeURIComponent(body.slice(JSON_PREFIX.length));
      } catch {
        return { ok: false, error: 'link: the json= part is not correctly percent-encoded' };
      }
      return parseScenarioText(text);
    }
    if (!body.startsWith(COMPRESSED_PREFIX)) {
      return { ok: false, error: 'link: no scenario in this link (expected #s=… or #json=…)' };
    }
    const bytes = fromBase64Url(body.slice(COMPRESSED_PREFIX.length));
    if (bytes === null || bytes.length === 0) {
      return { ok: false, error: 'link: the scenario code is damaged (not base64url)' };
    }
    const inflated = await inflateRaw(bytes, MAX_SCENARIO_BYTES);
    if (inflated === 'tooLarge') {
      return {
        ok: false,
        error: `link: the scenario is larger than ${megabytes(MAX_SCENARIO_BYTES)}`,
      };
    }
    if (inflated === null) {
      return { ok: false, error: 'link: the scenario code is damaged (it does not decompress)' };
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
    } catch {
      return { ok: false, error: 'link: the scenario code is damaged (not UTF-8 text)' };
    }
    const guard = guardJsonText(text, 'link');
    if (!guard.ok) return guard;
    const json = parseJson(text, 'link');
    return json.ok ? checked(parseScenario(json.value)) : json;
  } catch (error) {
    // Belt and braces: nothing read from a URL may crash the app.
    return { ok: false, error: `link: could not be read (${String(error)})` };
  }
}

/**
 * Reads a scenario from pasted or imported JSON text, refusing text over
 * `MAX_SCENARIO_BYTES` or nested deeper than `MAX_JSON_DEPTH`. Never throws.
 */
export function parseScenarioText(text: string): ScenarioParse {
  try {
    if (typeof text !== 'string') return { ok: false, error: 'scenario: expected JSON text' };
    const guard = guardJsonText(text, 'scenario');
    if (!guard.ok) return guard;
    if (text.trim() === '') return { ok: false, error: 'scenario: the text is empty' };
    const json = parseJson(text, 'scenario');
    return json.ok ? checked(parseScenario(json.value)) : json;
  } catch (error) {
    return { ok: false, error: `scenario: could not be read (${String(error)})` };
  }
}

/**
 * Whether a scenario the app holds could be opened again from its own save,
 * file and link: its JSON within `MAX_SCENARIO_BYTES` and valid. The error
 * names the field and the limit. Never throws.
 */
export function checkReopenable(data: ScenarioData): ScenarioParse {
  let json: string;
  try {
    json = scenarioToJson(data);
  } catch (error) {
    return { ok: false, error: `scenario: cannot be saved (${String(error)})` };
  }
  return parseScenarioText(json);
}

/** The JSON text of a scenario as files and local storage hold it (versioned). */
export function scenarioToJson(data: ScenarioData, pretty = false): string {
  return canonicalJson(toVersionedScenario(data), pretty ? 2 : undefined);
}

/**
 * The scenario saved in `storage`, parsed; `null` when there is none or the
 * storage cannot be read (disabled, sandboxed). Never throws.
 */
export function readStoredScenario(
  storage: Pick<Storage, 'getItem'> | null,
  key: string = STORAGE_KEY,
): ScenarioParse | null {
  if (storage === null) return null;
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch {
    return null;
  }
  if (text === null) return null;
  return parseScenarioText(text);
}

/** Saves a scenario; false when the storage refuses (full, disabled). Never throws. */
export function writeStoredScenario(
  storage: ScenarioStorage | null,
  data: ScenarioData,
  key: string = STORAGE_KEY,
): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(key, scenarioToJson(data));
    return true;
  } catch {
    return false;
  }
}

/** Reads a plain string from storage; null when absent or unreadable. Never throws. */
export function readStoredString(
  storage: Pick<Storage, 'getItem'> | null,
  key: string,
): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a plain string; false on failure. Never throws. */
export function writeStoredString(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  key: string,
  value: string | null,
): boolean {
  if (storage === null) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** `window.localStorage`, or null where reading it throws (sandboxed frames, disabled storage). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** `window.sessionStorage` (per tab), or null where reading it throws. */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A short digest of a URL hash (cyrb53, 53 bits, plus the length), so a tab
 * can remember many long hashes in little space.
 */
export function hashDigest(hash: string): string {
  // A save asks for the digest of the same (long) address again and again.
  if (hash === lastDigest.hash) return lastDigest.digest;
  const digest = cyrb53(hash);
  lastDigest = { hash, digest };
  return digest;
}

let lastDigest = { hash: '', digest: cyrb53('') };

function cyrb53(hash: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < hash.length; i++) {
    const c = hash.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}.${hash.length}`;
}

/** Digests of the hashes this tab wrote, newest last; empty when unreadable. Never throws. */
export function readOwnHashes(storage: Pick<Storage, 'getItem'> | null): string[] {
  const text = readStoredString(storage, OWN_HASHES_KEY);
  if (text === null) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers that this tab wrote (or saw superseded) `hash`. Never throws. */
export function rememberOwnHash(storage: Storage | null, hash: string): void {
  if (storage === null || !hasScenarioInHash(hash)) return;
  const digest = hashDigest(hash);
  const list = readOwnHashes(storage).filter((d) => d !== digest);
  list.push(digest);
  writeStoredString(storage, OWN_HASHES_KEY, JSON.stringify(list.slice(-OWN_HASHES_KEPT)));
}

/**
 * Where the scenario comes from at startup. A hash this tab wrote itself
 * (its digest is in `ownDigests`) is superseded by the saved scenario, which
 * is never older than any hash written: that makes a reload keep the latest
 * edit even when the address bar lags behind. Any other hash is a link and
 * wins over the saved work.
 */
export function chooseStartupSource(
  hash: string,
  ownDigests: readonly string[],
  hasSaved: boolean,
): 'link' | 'saved' | 'defaults' {
  const isLink = hasScenarioInHash(hash);
  if (isLink && (!hasSaved || !ownDigests.includes(hashDigest(hash)))) return 'link';
  return hasSaved ? 'saved' : 'defaults';
}
