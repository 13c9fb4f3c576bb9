/**
 * Whether this browser may hold traffic imported on an earlier visit, asked
 * without loading the traffic code: a first visit has no traffic database,
 * so it never loads the traffic session or its worker (the first visit's
 * budget counts only the entry and the default tab).
 */
import { setStartOnOverview } from '../state/start-tab.ts';
import { useAppStore } from '../state/store.ts';

/** Mirrors `TRAFFIC_DB_NAME` of src/engine/traces/traffic-db.ts (a test keeps the two equal). */
export const STORED_TRAFFIC_DB = 'cce-traffic';

/** True when the traffic database exists, or when the browser cannot list its databases. */
export async function mayHoldStoredTraffic(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((db) => db.name === STORED_TRAFFIC_DB);
  } catch {
    return true;
  }
}

/**
 * True when the traffic database holds at least one call (or cannot be
 * read, when it may): a visit to Your traffic creates the database empty,
 * and an empty one is no reason to open on the Overview.
 */
export async function holdsStoredTraffic(): Promise<boolean> {
  if (!(await mayHoldStoredTraffic())) return false;
  if (typeof indexedDB.databases !== 'function') return true;
  return new Promise<boolean>((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      // No version: the database exists (listed above), so this never upgrades it.
      request = indexedDB.open(STORED_TRAFFIC_DB);
    } catch {
      resolve(true);
      return;
    }
    request.onerror = () => resolve(true);
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(STORED_TRAFFIC_CALLS)) {
          db.close();
          resolve(false);
          return;
        }
        const count = db
          .transaction(STORED_TRAFFIC_CALLS, 'readonly')
          .objectStore(STORED_TRAFFIC_CALLS)
          .count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          db.close();
          resolve(true);
        };
      } catch {
        db.close();
        resolve(true);
      }
    };
  });
}

/** Mirrors the calls store of src/engine/traces/traffic-db.ts. */
export const STORED_TRAFFIC_CALLS = 'calls';

/** Mirrors `TRAFFIC_CHANNEL` of src/engine/traces/traffic-channel.ts (a test keeps the two equal). */
export const STORED_TRAFFIC_CHANNEL = 'cce-traffic-changes';

/**
 * Calls `onChange` once, when another tab first changes the stored traffic
 * (this tab had none and so has not loaded the traffic code); returns the
 * unsubscribe. From then on the traffic session hears the changes itself.
 */
export function onFirstTrafficElsewhere(onChange: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(STORED_TRAFFIC_CHANNEL);
  channel.onmessage = () => {
    channel.close();
    onChange();
  };
  return () => channel.close();
}

/** Whether the page was opened with a hash (a shared link or the report): read once, at load. */
export const OPENED_WITH_HASH = typeof location !== 'undefined' && location.hash.length > 1;

/**
 * Decides, before the first render, whether this visit opens on the
 * Overview, and opens it: no link, and this browser holds traffic.
 */
export async function decideStartTab(): Promise<void> {
  if (OPENED_WITH_HASH || !(await holdsStoredTraffic())) return;
  setStartOnOverview(true);
  useAppStore.getState().setTab('overview');
}
