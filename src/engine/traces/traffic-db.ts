/**
 * The imported traffic in IndexedDB, so a reload keeps it: one record of
 * metadata (files, skipped records, counts) and the calls in chunks of
 * `CALLS_PER_CHUNK` (a few large records write far faster than 100,000
 * small ones). Calls never go anywhere else: not the scenario, the URL or
 * local storage.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TraceCall } from '../../core/traces/index.ts';
import type { TrafficMeta } from './traffic-types.ts';

export const TRAFFIC_DB_NAME = 'cce-traffic';
const CALLS_PER_CHUNK = 5_000;

interface TrafficDb extends DBSchema {
  meta: { key: string; value: TrafficMeta };
  calls: { key: number; value: readonly TraceCall[] };
}

let opening: Promise<IDBPDatabase<TrafficDb>> | undefined;

function db(): Promise<IDBPDatabase<TrafficDb>> {
  opening ??= openDB<TrafficDb>(TRAFFIC_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('calls');
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Whether this browser offers IndexedDB at all (private modes may not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** The stored traffic, or `undefined` when none is stored. */
export async function loadTraffic(): Promise<
  { meta: TrafficMeta; calls: TraceCall[] } | undefined
> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readonly');
  const meta = await tx.objectStore('meta').get('traffic');
  if (meta === undefined) return undefined;
  const chunks = await tx.objectStore('calls').getAll();
  await tx.done;
  return { meta, calls: chunks.flat() };
}

/** Replaces the stored traffic, in one transaction (all of it or none). */
export async function saveTraffic(meta: TrafficMeta, calls: readonly TraceCall[]): Promise<void> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readwrite');
  const callStore = tx.objectStore('calls');
  void callStore.clear();
  for (let i = 0; i * CALLS_PER_CHUNK < calls.length; i += 1) {
    void callStore.put(calls.slice(i * CALLS_PER_CHUNK, (i + 1) * CALLS_PER_CHUNK), i);
  }
  void tx.objectStore('meta').put(meta, 'traffic');
  await tx.done;
}

/** Deletes the stored traffic. */
export async function forgetTraffic(): Promise<void> {
  const database = await db();
  const tx = database.transaction(['meta', 'calls'], 'readwrite');
  void tx.objectStore('meta').clear();
  void tx.objectStore('calls').clear();
  await tx.done;
}
