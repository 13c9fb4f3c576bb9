/**
 * Each tab's own work: its id and its latest state, in session storage (per
 * tab, kept across reloads), so a reload shows what this tab showed even
 * when another tab has written the shared save since. Tabs hear each other
 * on a BroadcastChannel (or, where there is none, the `storage` event of the
 * shared save). Never throws.
 */

/** Session storage key of this tab's id. */
export const TAB_ID_KEY = 'cce:tab-id:v1';
/** Session storage key of this tab's latest state (versioned scenario JSON). */
export const TAB_STATE_KEY = 'cce:tab-state:v1';
/** The channel every tab of the site listens on. */
export const CHANNEL_NAME = 'cce:scenario';

/** A message from another tab. */
export interface TabMessage {
  readonly type: 'saved' | 'history';
  /** The sending tab's id. */
  readonly tab: string;
  readonly time: number;
  /** One-line summary of the state it saved. */
  readonly summary?: string;
}

function randomId(): string {
  try {
    const bytes = new Uint8Array(6);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
      .join('')
      .slice(0, 8);
  } catch {
    return Math.random().toString(36).slice(2, 10);
  }
}

/** This tab's id: read from session storage, or made and stored. */
export function tabId(storage: Storage | null): string {
  try {
    const id = storage?.getItem(TAB_ID_KEY) ?? null;
    if (id !== null && /^[a-z0-9]{4,16}$/.test(id)) return id;
  } catch {
    // fall through: a new id for this page's life
  }
  const id = randomId();
  try {
    storage?.setItem(TAB_ID_KEY, id);
  } catch {
    // kept in memory only
  }
  return id;
}

/** This tab's saved state (JSON text), or null. */
export function readTabState(storage: Storage | null): string | null {
  try {
    return storage?.getItem(TAB_STATE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Saves this tab's state; false when the storage refuses. */
export function writeTabState(storage: Storage | null, json: string): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(TAB_STATE_KEY, json);
    return true;
  } catch {
    try {
      // A stale state must not outlive a failed write: a reload would show it.
      storage.removeItem(TAB_STATE_KEY);
    } catch {
      // nothing more to do
    }
    return false;
  }
}

function isMessage(value: unknown): value is TabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    (m['type'] === 'saved' || m['type'] === 'history') &&
    typeof m['tab'] === 'string' &&
    typeof m['time'] === 'number'
  );
}

/** A link between the tabs of the site. */
export interface TabLink {
  post(message: TabMessage): void;
  close(): void;
}

/**
 * Listens to the other tabs: `onMessage` gets each of their messages (never
 * this tab's own). `watchKey` is the shared save's key, heard through the
 * `storage` event where BroadcastChannel is missing.
 */
export function linkTabs(
  self: string,
  onMessage: (message: TabMessage) => void,
  watchKey: string,
): TabLink {
  let channel: BroadcastChannel | null = null;
  try {
    if (typeof BroadcastChannel === 'function') channel = new BroadcastChannel(CHANNEL_NAME);
  } catch {
    channel = null;
  }
  const onChannel = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (isMessage(data) && data.tab !== self) onMessage(data);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === watchKey) onMessage({ type: 'saved', tab: 'unknown', time: Date.now() });
  };
  if (channel !== null) channel.addEventListener('message', onChannel);
  else if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return {
    post(message) {
      try {
        channel?.postMessage(message);
      } catch {
        // a closed channel: nothing to tell
      }
    },
    close() {
      if (channel !== null) {
        channel.removeEventListener('message', onChannel);
        channel.close();
      } else if (typeof window !== 'undefined') {
        window.removeEventListener('storage', onStorage);
      }
    },
  };
}
