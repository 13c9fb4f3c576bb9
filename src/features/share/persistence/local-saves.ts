/**
 * The scenario's saves in the browser's storage: the shared save and pinned
 * A (local storage, every tab of the site), this tab's own last state and the
 * digests of the hashes it wrote (session storage, this tab only). The
 * storages are given, so a test can hand in its own. Never throws.
 */
import {
  parseScenarioText,
  readOwnHashes,
  readStoredString,
  rememberOwnHash,
  STORAGE_KEY,
  writeStoredString,
} from '../../../state/persistence.ts';
import type { Slot, StartupSlots } from '../../../state/persistence/types.ts';
import { readTabState, writeTabState } from '../../../state/tab-session.ts';

/** Local storage key of the pinned scenario A. */
export const PINNED_KEY = 'cce:compare-a:v1';

export interface LocalSaves {
  /**
   * Writes versioned scenario JSON to this tab's session first (a reload of
   * this tab shows it), then, when `shared`, to the shared save.
   */
  write(json: string, shared: boolean): { tabSaved: boolean; shared: boolean };
  /** Every slot startup reads (the address is the page's to add). */
  readSlots(): Omit<StartupSlots, 'address'>;
  /** Remembers that this tab wrote (or saw superseded) `hash`. */
  rememberOwnHash(hash: string): void;
  /** Writes pinned A's JSON, or removes it with null. */
  writePinned(json: string | null): void;
  /**
   * The shared save, read, when it is not `known` (what this tab wrote
   * last): another tab wrote it since. Null when it is `known` or absent.
   */
  readSharedUnless(known: string | null): Slot;
}

/** Reads a slot; a slot that cannot be read at all counts as empty. Never throws. */
export function readSlot(text: string | null): Slot {
  if (text === null) return null;
  try {
    return { raw: text, parsed: parseScenarioText(text) };
  } catch (error) {
    return { raw: text, parsed: { ok: false, error: `could not be read (${String(error)})` } };
  }
}

/** The saves in `local` (shared by the site's tabs) and `session` (this tab's). */
export function createLocalSaves(storages: {
  readonly local: Storage | null;
  readonly session: Storage | null;
}): LocalSaves {
  const { local, session } = storages;
  return {
    write(json, shared) {
      const tabSaved = writeTabState(session, json);
      return { tabSaved, shared: shared && writeStoredString(local, STORAGE_KEY, json) };
    },
    readSlots: () => ({
      pinned: readSlot(readStoredString(local, PINNED_KEY)),
      saved: readSlot(readStoredString(local, STORAGE_KEY)),
      own: readSlot(readTabState(session)),
      ownHashes: readOwnHashes(session),
    }),
    rememberOwnHash: (hash) => rememberOwnHash(session, hash),
    writePinned: (json) => void writeStoredString(local, PINNED_KEY, json),
    readSharedUnless(known) {
      const raw = readStoredString(local, STORAGE_KEY);
      return raw === known ? null : readSlot(raw);
    },
  };
}
