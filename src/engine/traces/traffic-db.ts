/**
 * The imported traffic in IndexedDB, so a reload keeps it: one record of
 * metadata (files, skipped records, counts) and the calls in chunks of
 * `CALLS_PER_CHUNK` (a few large records write far faster than 100,000
 * small ones). Calls never go anywhere else: not the scenario, the URL or
 * local storage.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TraceCall } from '../../core/traces/index.ts';
import type { ConversationNote, TrafficMeta } from './traffic-types.ts';

export const TRAFFIC_DB_NAME = 'cce-traffic';
const CALLS_PER_CHUNK = 5_000;

/** What is kept beside the calls: the conversations' notes (titles) and the costs runs reported. */
export interface TrafficExtras {
  readonly notes: readonly (readonly [conversationId: string, note: ConversationNote])[];
  readonly reported: readonly (readonly [conversationId: string, usd: number])[];
}

const NO_EXTRAS: TrafficExtras = { notes: [], reported: [] };

interface TrafficDb extends DBSchema {
  // 'traffic' holds the metadata, 'extras' the notes and reported costs (absent before titles).
  meta: { key: string; value: TrafficMeta | TrafficExtras };
  calls: { key: number; value: readonly StoredCallRecord[] };
}

/** A call as stored: the revision-3 fields are absent in calls stored before them. */
export type StoredCallRecord = Omit<
  TraceCall,
  'kind' | 'project' | 'gitBranch' | 'agent' | 'source' | 'toolRequests'
> &
  Partial<Pick<TraceCall, 'kind' | 'project' | 'gitBranch' | 'agent' | 'source' | 'toolRequests'>>;

/**
 * A stored call with every field of the call record (SPEC §13.7): a call
 * stored before revision 3 was a dated model call of no project, branch or
 * source label, its agent told by `sidechain`, without server-tool requests.
 */
export function upgradeStoredCall(call: StoredCallRecord): TraceCall {
  if (
    typeof call.kind === 'string' &&
    call.project !== undefined &&
    call.gitBranch !== undefined &&
    call.agent !== undefined &&
    typeof call.source === 'string' &&
    call.toolRequests !== undefined
  )
    return call as TraceCall;
  return {
    ...call,
    kind: call.kind ?? 'call',
    project: call.project ?? null,
    gitBranch: call.gitBranch ?? null,
    agent: call.agent ?? (call.sidechain ? 'subagent' : 'main'),
    source: call.source ?? '',
    toolRequests: call.toolRequests ?? {},
  };
}

let opening: Promise<IDBPDatabase<TrafficDb>> | undefined;

function db(): Promise<IDBPDatabase<TrafficDb>> {
  opening ??= openDB<TrafficDb>(TRAFFIC_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('calls');
    },
    // A newer version of the explorer, open in another tab, needs the store: let it have it.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** The stored traffic as one value: what a transaction reads and writes. */
export interface StoredTrafficRecord {
  readonly meta: TrafficMeta;
  readonly calls: readonly TraceCall[];
  readonly extras: TrafficExtras;
}

/** Why the traffic could not be stored (or deleted), in words a person reads. */
export function storageFailureReason(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (typeof indexedDB === 'undefined')
    return 'this browser gives the page no storage (a private window may not)';
  if (name === 'QuotaExceededError') return 'the storage this browser gives the explorer is full';
  if (name === 'VersionError')
    return (
      'the traffic store belongs to a newer version of the explorer, open in another tab: ' +
      'reload this tab to use that version'
    );
  const message = error instanceof Error ? error.message : String(error);
  return `the browser refused to store it (${name === '' ? message : `${name}: ${message}`})`;
}

/** Whether this browser offers IndexedDB at all (private modes may not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** The stored traffic, or `undefined` when none is stored; calls stored by an earlier version get the fields they lack. */
export async function loadTraffic(): Promise<
  { meta: TrafficMeta; calls: TraceCall[]; extras: TrafficExtras } | undefined
> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readonly');
  const meta = (await tx.objectStore('meta').get('traffic')) as TrafficMeta | undefined;
  if (meta === undefined) return undefined;
  const extras = (await tx.objectStore('meta').get('extras')) as TrafficExtras | undefined;
  const chunks = await tx.objectStore('calls').getAll();
  await tx.done;
  return { meta, calls: chunks.flat().map(upgradeStoredCall), extras: extras ?? NO_EXTRAS };
}

/**
 * Reads the stored traffic and writes what `next` makes of it, in one
 * transaction (all of it or none). Other tabs write the same store, and the
 * browser runs their transactions one after another: an import merged here
 * with what is stored now never overwrites another tab's import, and a
 * tab's stale copy in memory is never written back over a Forget.
 */
export async function updateTraffic(
  next: (stored: StoredTrafficRecord | undefined) => StoredTrafficRecord,
): Promise<StoredTrafficRecord> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readwrite');
  const metaStore = tx.objectStore('meta');
  const callStore = tx.objectStore('calls');
  const meta = (await metaStore.get('traffic')) as TrafficMeta | undefined;
  let stored: StoredTrafficRecord | undefined;
  if (meta !== undefined) {
    const extras = (await metaStore.get('extras')) as TrafficExtras | undefined;
    const chunks = await callStore.getAll();
    stored = { meta, calls: chunks.flat().map(upgradeStoredCall), extras: extras ?? NO_EXTRAS };
  }
  const written = next(stored);
  void callStore.clear();
  const { calls } = written;
  for (let i = 0; i * CALLS_PER_CHUNK < calls.length; i += 1) {
    void callStore.put(calls.slice(i * CALLS_PER_CHUNK, (i + 1) * CALLS_PER_CHUNK), i);
  }
  void metaStore.put(written.meta, 'traffic');
  void metaStore.put(written.extras, 'extras');
  await tx.done;
  return written;
}

/** Deletes the stored traffic. */
export async function forgetTraffic(): Promise<void> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readwrite');
  void tx.objectStore('meta').clear();
  void tx.objectStore('calls').clear();
  await tx.done;
}
