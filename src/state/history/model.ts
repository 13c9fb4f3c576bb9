/**
 * The save history, as pure data: every distinct state the user reached,
 * newest first, each with its time, its tab and a one-line summary; bounded
 * by count and size with the oldest dropped first. Saves that cannot be read
 * now (refused, from a newer version, too large) are kept apart, exactly as
 * they were, and never dropped for newer states. No storage here: see
 * history-store.ts.
 */
import type { ScenarioData } from '../../model/scenario.ts';
import { formatTokenCount } from '../../format/number-format.ts';

/** Why a state entered the history. */
export type HistorySource = 'edit' | 'link' | 'saved' | 'restore' | 'startup' | 'kept';

export interface HistoryEntry {
  /** Unique id: time, tab and a counter. */
  readonly id: string;
  /** When it was recorded, ms since the epoch. */
  readonly time: number;
  /** Id of the tab that recorded it. */
  readonly tab: string;
  /** One line: "gate: 40,000 tokens, H 6, opus-4-6". */
  readonly summary: string;
  /** The scenario as saved: versioned JSON text, exactly as read or written. */
  readonly json: string;
  /** Digest of `json`: equal digests are the same state. */
  readonly digest: string;
  /** 'kept': a save that cannot be read now, kept as it was. */
  readonly status: 'ok' | 'kept';
  /** For kept entries: why the save cannot be read. */
  readonly reason?: string;
  readonly source: HistorySource;
}

export interface HistoryBounds {
  /** Readable entries kept. */
  readonly maxEntries: number;
  /** Total characters of JSON of the readable entries (the newest is always kept). */
  readonly maxChars: number;
  /** Kept (unreadable) entries. */
  readonly maxKept: number;
}

/**
 * A short digest of a text (cyrb53, 53 bits, plus the length), for telling
 * states apart cheaply.
 */
export function textDigest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}.${text.length}`;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The one-line summary of a scenario, led by its open tab. */
export function summarize(data: ScenarioData): string {
  try {
    switch (data.ui.tab) {
      case 'traffic': {
        // What the scenario's explorers hold; never the replay's models (they may name the trace's).
        const rows = data.budget.rows.length;
        const turns = data.routing.scenario.turns.length;
        return `${data.ui.tab}: gate ${formatTokenCount(data.gate.outputTokens)} tokens, budget ${formatTokenCount(rows)} ${rows === 1 ? 'row' : 'rows'}, routing ${formatTokenCount(turns)} ${turns === 1 ? 'turn' : 'turns'}`;
      }
      // The Overview opens first: its entries keep the gate's summary, as before it was added.
      case 'overview':
      case 'gate':
        return `gate: ${formatTokenCount(data.gate.outputTokens)} tokens, H ${formatTokenCount(data.gate.horizon)}, ${cut(data.gate.modelName, 40)}`;
      case 'budget': {
        const rows = data.budget.rows.length;
        const budget = data.budget.unbounded
          ? 'unbounded'
          : `${formatTokenCount(data.budget.maxTotalTokens)} tokens`;
        return `budget: ${budget}, ${formatTokenCount(rows)} ${rows === 1 ? 'row' : 'rows'}`;
      }
      case 'routing': {
        const turns = data.routing.scenario.turns.length;
        return `routing: ${formatTokenCount(turns)} ${turns === 1 ? 'turn' : 'turns'}, ${data.routing.preset}, ${cut(data.routing.scenario.defaultModel.model, 40)}`;
      }
      case 'prices': {
        const rows = data.prices.rows.length;
        return `prices: ${formatTokenCount(rows)} ${rows === 1 ? 'model' : 'models'}`;
      }
      default:
        return 'scenario';
    }
  } catch {
    return 'scenario';
  }
}

/** The summary of a kept save: what can be said without reading it. */
export function summarizeKept(json: string, reason: string): string {
  const size =
    json.length >= 1_000_000
      ? `${(json.length / 1_000_000).toFixed(1)} MB`
      : json.length >= 1_000
        ? `${formatTokenCount(Math.round(json.length / 1000))} KB`
        : `${json.length} ${json.length === 1 ? 'character' : 'characters'}`;
  const why = /newer version/.test(reason) ? 'from a newer version of the explorer' : reason;
  return `${cut(why, 120)} (${size})`;
}

let counter = 0;

/** A new entry for a readable state. */
export function makeEntry(
  data: ScenarioData,
  json: string,
  tab: string,
  time: number,
  source: HistorySource,
): HistoryEntry {
  counter = (counter + 1) % 1_000_000;
  return {
    id: `${time.toString(36)}-${tab}-${counter.toString(36)}`,
    time,
    tab,
    summary: summarize(data),
    json,
    digest: textDigest(json),
    status: 'ok',
    source,
  };
}

/** A new entry for a save that cannot be read now, kept exactly as it was. */
export function makeKeptEntry(
  json: string,
  reason: string,
  tab: string,
  time: number,
): HistoryEntry {
  counter = (counter + 1) % 1_000_000;
  return {
    id: `${time.toString(36)}-${tab}-${counter.toString(36)}`,
    time,
    tab,
    summary: summarizeKept(json, reason),
    json,
    digest: textDigest(json),
    status: 'kept',
    reason,
    source: 'kept',
  };
}

/** Newest first; ties by id so the order is total. */
function newestFirst(a: HistoryEntry, b: HistoryEntry): number {
  return b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * The history after adding `entry`: a state equal to one already there
 * (same digest and status) replaces it, so each state appears once, at its
 * latest time. Then bounded (see `bound`).
 */
export function addEntry(
  entries: readonly HistoryEntry[],
  entry: HistoryEntry,
  bounds: HistoryBounds,
): HistoryEntry[] {
  const rest = entries.filter((e) => !(e.digest === entry.digest && e.status === entry.status));
  return bound([entry, ...rest], bounds);
}

/** Merges two histories (this tab's and the stored one): union by id, then by state, bounded. */
export function mergeEntries(
  a: readonly HistoryEntry[],
  b: readonly HistoryEntry[],
  bounds: HistoryBounds,
): HistoryEntry[] {
  const byId = new Map<string, HistoryEntry>();
  for (const e of [...a, ...b]) byId.set(e.id, e);
  const sorted = [...byId.values()].sort(newestFirst);
  const seen = new Set<string>();
  const unique: HistoryEntry[] = [];
  for (const e of sorted) {
    const key = `${e.status}:${e.digest}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(e);
  }
  return bound(unique, bounds);
}

/**
 * Newest first, at most `maxEntries` readable entries whose JSON totals at
 * most `maxChars` (the newest is kept whatever its size), and at most
 * `maxKept` kept entries; the oldest are dropped first.
 */
export function bound(entries: readonly HistoryEntry[], bounds: HistoryBounds): HistoryEntry[] {
  const sorted = [...entries].sort(newestFirst);
  const out: HistoryEntry[] = [];
  let readable = 0;
  let kept = 0;
  let chars = 0;
  let full = false;
  for (const e of sorted) {
    if (e.status === 'kept') {
      if (kept < bounds.maxKept) {
        kept++;
        out.push(e);
      }
      continue;
    }
    if (full || readable >= bounds.maxEntries) continue;
    if (readable > 0 && chars + e.json.length > bounds.maxChars) {
      // Older states than one that does not fit are dropped too: oldest first.
      full = true;
      continue;
    }
    readable++;
    chars += e.json.length;
    out.push(e);
  }
  return out;
}

/** The entry with `id`, or undefined. */
export function findEntry(entries: readonly HistoryEntry[], id: string): HistoryEntry | undefined {
  return entries.find((e) => e.id === id);
}
