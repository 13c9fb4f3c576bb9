/**
 * Where the save history lives: IndexedDB (through `idb`), shared by every
 * tab of the site, or local storage where IndexedDB cannot be opened
 * (private modes, tests without it). Every call resolves, never rejects:
 * a history that cannot be written reports `false`.
 */
import { openDB, type IDBPDatabase } from 'idb';
import {
  HISTORY_FALLBACK_MAX_CHARS,
  HISTORY_FALLBACK_MAX_ENTRIES,
  HISTORY_MAX_CHARS,
  HISTORY_MAX_ENTRIES,
  HISTORY_MAX_KEPT,
} from '../../core/limits.ts';
import { addEntry, bound, type HistoryBounds, type HistoryEntry } from './model.ts';

export const HISTORY_DB = 'cce-history';
export const HISTORY_STORE = 'entries';
/** Local storage key of the fallback history. */
export const HISTORY_FALLBACK_KEY = 'cce:history:v1';

export const IDB_BOUNDS: HistoryBounds = {
  maxEntries: HISTORY_MAX_ENTRIES,
  maxChars: HISTORY_MAX_CHARS,
  maxKept: HISTORY_MAX_KEPT,
};
export const FALLBACK_BOUNDS: HistoryBounds = {
  maxEntries: HISTORY_FALLBACK_MAX_ENTRIES,
  maxChars: HISTORY_FALLBACK_MAX_CHARS,
  maxKept: HISTORY_MAX_KEPT,
};

/** What the app needs of a history store. */
export interface HistoryBackend {
  /** Which store holds the history. */
  readonly kind: 'indexeddb' | 'localStorage' | 'memory';
  /** Every entry, newest first. */
  list(): Promise<HistoryEntry[]>;
  /** Adds an entry (a state equal to an older one replaces it); false when it could not be stored. */
  add(entry: HistoryEntry): Promise<boolean>;
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e['id'] === 'string' &&
    typeof e['time'] === 'number' &&
    typeof e['tab'] === 'string' &&
    typeof e['summary'] === 'string' &&
    typeof e['json'] === 'string' &&
    typeof e['digest'] === 'string' &&
    (e['status'] === 'ok' || e['status'] === 'kept')
  );
}

/** The IndexedDB history. */
export class IdbHistory implements HistoryBackend {
  readonly kind = 'indexeddb' as const;
  private constructor(private readonly db: IDBPDatabase) {}

  /** Opens the database; null where IndexedDB is missing or refuses. */
  static async open(factory?: IDBFactory): Promise<IdbHistory | null> {
    try {
      if (factory === undefined && typeof indexedDB === 'undefined') return null;
      const db = await withTimeout(
        openDB(HISTORY_DB, 1, {
          upgrade(database) {
            if (!database.objectStoreNames.contains(HISTORY_STORE)) {
              database.createObjectStore(HISTORY_STORE, { keyPath: 'id' });
            }
          },
        }),
        5_000,
      );
      return db === null ? null : new IdbHistory(db);
    } catch {
      return null;
    }
  }

  async list(): Promise<HistoryEntry[]> {
    try {
      const all: unknown[] = await this.db.getAll(HISTORY_STORE);
      return bound(all.filter(isEntry), IDB_BOUNDS);
    } catch {
      return [];
    }
  }

  async add(entry: HistoryEntry): Promise<boolean> {
    try {
      const tx = this.db.transaction(HISTORY_STORE, 'readwrite');
      const store = tx.objectStore(HISTORY_STORE);
      const all = ((await store.getAll()) as unknown[]).filter(isEntry);
      const next = addEntry(all, entry, IDB_BOUNDS);
      const keep = new Set(next.map((e) => e.id));
      for (const e of all) if (!keep.has(e.id)) await store.delete(e.id);
      if (keep.has(entry.id)) await store.put(entry);
      await tx.done;
      return keep.has(entry.id);
    } catch {
      return false;
    }
  }
}

/** The local-storage history (one JSON array under `HISTORY_FALLBACK_KEY`). */
export class LocalHistory implements HistoryBackend {
  readonly kind = 'localStorage' as const;
  constructor(private readonly storage: Storage | null) {}

  private read(): HistoryEntry[] {
    try {
      const text = this.storage?.getItem(HISTORY_FALLBACK_KEY) ?? null;
      if (text === null) return [];
      const list: unknown = JSON.parse(text);
      return Array.isArray(list) ? list.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  list(): Promise<HistoryEntry[]> {
    return Promise.resolve(bound(this.read(), FALLBACK_BOUNDS));
  }

  add(entry: HistoryEntry): Promise<boolean> {
    if (this.storage === null) return Promise.resolve(false);
    let next = addEntry(this.read(), entry, FALLBACK_BOUNDS);
    // When the storage is nearly full, drop the oldest states until it fits.
    while (next.some((e) => e.id === entry.id)) {
      try {
        this.storage.setItem(HISTORY_FALLBACK_KEY, JSON.stringify(next));
        return Promise.resolve(true);
      } catch {
        const oldest = [...next].reverse().find((e) => e.id !== entry.id);
        if (oldest === undefined) break;
        next = next.filter((e) => e !== oldest);
      }
    }
    return Promise.resolve(false);
  }
}

/** A history in memory only (nothing else works): kept for this page's life. */
export class MemoryHistory implements HistoryBackend {
  readonly kind = 'memory' as const;
  private entries: HistoryEntry[] = [];
  list(): Promise<HistoryEntry[]> {
    return Promise.resolve([...this.entries]);
  }
  add(entry: HistoryEntry): Promise<boolean> {
    this.entries = addEntry(this.entries, entry, IDB_BOUNDS);
    return Promise.resolve(true);
  }
}

/**
 * The history of this site: IndexedDB, else local storage (when it can be
 * written), else memory. A write that IndexedDB refuses falls back to local
 * storage, so an entry is lost only when both refuse.
 */
export class FallbackHistory implements HistoryBackend {
  constructor(
    private readonly primary: HistoryBackend | null,
    private readonly secondary: HistoryBackend,
  ) {}
  get kind(): HistoryBackend['kind'] {
    return this.primary?.kind ?? this.secondary.kind;
  }
  async list(): Promise<HistoryEntry[]> {
    const [a, b] = await Promise.all([
      this.primary?.list() ?? Promise.resolve([]),
      this.secondary.list(),
    ]);
    const byId = new Map<string, HistoryEntry>();
    for (const e of [...b, ...a]) byId.set(e.id, e);
    return bound([...byId.values()], IDB_BOUNDS);
  }
  async add(entry: HistoryEntry): Promise<boolean> {
    if (this.primary !== null && (await this.primary.add(entry))) return true;
    return this.secondary.add(entry);
  }
}

/** Opens the site's history (see `FallbackHistory`). Never rejects. */
export async function openHistory(storage: Storage | null): Promise<HistoryBackend> {
  const idb = await IdbHistory.open();
  const local = canWrite(storage) ? new LocalHistory(storage) : new MemoryHistory();
  return new FallbackHistory(idb, local);
}

function canWrite(storage: Storage | null): boolean {
  if (storage === null) return false;
  try {
    const key = 'cce:probe';
    storage.setItem(key, '1');
    storage.removeItem(key);
    return true;
  } catch {
    // Full storage refuses even a probe; older entries may still be read.
    try {
      return storage.getItem(HISTORY_FALLBACK_KEY) !== null;
    } catch {
      return false;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
