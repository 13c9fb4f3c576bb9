/**
 * Scenario persistence as data: what the service remembers (`PersistState`),
 * what happens to it (`PersistEvent`) and what it asks the page to do
 * (`PersistEffect`). The reducer (`reducer.ts`) maps one to the others; the
 * adapters and the runner (src/features/share/persistence/) turn effects into
 * storage writes, address-bar rewrites and timers, and what they observe back
 * into events. Nothing here touches the page.
 */
import type { ScenarioData } from '../../model/scenario.ts';
import type { ScenarioParse } from '../scenario-schema.ts';
import type { TabMessage } from '../tab-session.ts';
import type { HistorySource } from '../history/model.ts';

/** Quiet time after the last change before the address bar is rewritten, ms. */
export const SAVE_DEBOUNCE_MS = 300;

/**
 * Local storage is written after every change, in the task after the frame
 * that shows it, unless the last write was slow (a huge scenario): then at
 * most every `cost × 50` ms, so saving takes under 2% of the time while
 * dragging.
 */
export const STORAGE_THROTTLE_FACTOR = 50;

/** A save that took longer than this, ms, makes the next one wait for idle time. */
export const SLOW_SAVE_MS = 8;

/** Longest wait for idle time before a slow save goes ahead anyway, ms. */
export const IDLE_SAVE_TIMEOUT_MS = 1_000;

/**
 * Rewriting the address bar costs time in proportion to the link's length
 * (about 100 ms for a 400,000-character link on a 2-core machine): when the
 * last rewrite took long, the next waits for `cost × 50` ms of quiet, so a
 * huge scenario's link costs under 2% of the time while editing.
 */
export const HASH_THROTTLE_FACTOR = 50;

/** An address-bar rewrite slower than this, ms, makes the next one wait for an idle moment. */
export const SLOW_ADDRESS_WRITE_MS = 4;

/**
 * A link longer than this many characters is written to the address bar at
 * an idle moment even the first time (before its cost is known).
 */
export const LONG_HASH_CHARS = 20_000;

/** A hash that carries a scenario (test it on `splitReportHash(hash).scenarioHash`). */
export const LINK_HASH = /^#(?:s|json)=/;

/** One storage slot as read at startup: its text and what it parses to; null when empty. */
export type Slot = { readonly raw: string; readonly parsed: ScenarioParse } | null;

/** Everything startup reads before it decides what to show. */
export interface StartupSlots {
  /** Pinned scenario A (local storage). */
  readonly pinned: Slot;
  /** The shared save (local storage). */
  readonly saved: Slot;
  /** This tab's own last state (session storage). */
  readonly own: Slot;
  /** The whole address-bar hash, `#report` included. */
  readonly address: string;
  /** Digests of the hashes this tab wrote itself. */
  readonly ownHashes: readonly string[];
}

export interface PersistNotice {
  /** Errors are announced as alerts; everything else politely. */
  readonly kind: 'error' | 'info';
  readonly text: string;
}

export interface PersistUndo {
  readonly label: string;
  readonly data: ScenarioData;
}

export type PersistTimer = 'save' | 'hash';

/** What the persistence service remembers between events. */
export interface PersistState {
  /** The page had a link or saved work when it opened (else its first change is its own work). */
  readonly restoreOnStart: boolean;
  /** The persistence module was asked for. */
  readonly started: boolean;
  /** The persistence module is here (startup has restored, or is restoring). */
  readonly loaded: boolean;
  readonly stopped: boolean;

  /** A change not yet written to this tab's session and the shared save. */
  readonly savePending: boolean;
  /** The throttle timer of a slow save is set. */
  readonly saveTimerArmed: boolean;
  /** No save before this time (ms, the page's clock), after a slow one. */
  readonly nextSaveAt: number;
  readonly lastSaveCostMs: number;
  /**
   * Whether this tab's session holds its latest state: only then is a hash
   * it wrote superseded on reload (else the hash, being newer, wins).
   */
  readonly tabSaved: boolean;
  /**
   * The shared save holds a save that cannot be read and is not yet kept in
   * the history: it is not overwritten until it is.
   */
  readonly sharedSaveHeld: boolean;
  /** The "cannot be saved in this browser" alert was shown (once per page). */
  readonly warnedStorage: boolean;
  /** A hash to remember as this tab's once the module is here. */
  readonly ownPending: string | null;

  /**
   * A change not yet written to the address bar (nor being encoded): while it
   * is, an encoding begun before it is stale and is not written.
   */
  readonly hashPending: boolean;
  /** The number of the latest hash encoding: an older one's answer is dropped. */
  readonly writeSeq: number;
  /** The whole hash as this service last wrote it (its own hashchange is ignored). */
  readonly lastWrittenAddress: string | null;
  /** The scenario part of the address (without `#report`), as last written or opened. */
  readonly lastScenarioHash: string;
  /** How long the last rewrite of a long link (over `LONG_HASH_CHARS`) took, ms; 0 after a short one. */
  readonly hashCostMs: number;
  /** Whether the report is open (the address carries `#report`). */
  readonly reportOpen: boolean;

  /** The JSON of the state last put in the history (each state once). */
  readonly lastRecorded: string | null;
  /** Pinned A changed and is not yet written. */
  readonly pinnedPending: boolean;
}

/** What happens to the service: the page, the stores, the other tabs and its own effects' answers. */
export type PersistEvent =
  // The page
  | {
      readonly type: 'started';
      readonly restoreOnStart: boolean;
      readonly address: string;
      readonly reportOpen: boolean;
    }
  | { readonly type: 'addressChanged'; readonly address: string }
  | { readonly type: 'pageHidden' }
  | { readonly type: 'stopped' }
  // The stores
  | { readonly type: 'edited'; readonly now: number }
  | { readonly type: 'pinChanged' }
  | { readonly type: 'reportToggled'; readonly open: boolean; readonly address: string }
  // The other tabs
  | { readonly type: 'otherTab'; readonly message: TabMessage }
  // Startup
  | { readonly type: 'moduleLoaded'; readonly now: number }
  | { readonly type: 'moduleFailed' }
  | { readonly type: 'slotsRead'; readonly slots: StartupSlots; readonly now: number }
  | { readonly type: 'restoreFailed'; readonly error: string; readonly now: number }
  // Timers and idle moments
  | { readonly type: 'saveTimerFired' }
  | { readonly type: 'saveDue' }
  | { readonly type: 'hashTimerFired' }
  | { readonly type: 'hashWriteDue'; readonly seq: number; readonly hash: string }
  // Answers
  | {
      readonly type: 'saveDone';
      readonly tabSaved: boolean;
      readonly shared: boolean;
      /** The whole address-bar hash when the save was written. */
      readonly address: string;
      readonly costMs: number;
      readonly finishedAt: number;
    }
  | { readonly type: 'hashEncoded'; readonly seq: number; readonly hash: string }
  | { readonly type: 'addressWritten'; readonly costMs: number; readonly linkHash: string }
  | {
      readonly type: 'recordReady';
      readonly source: HistorySource;
      readonly data: ScenarioData;
      readonly json: string;
      /** Within the size a reload can read. */
      readonly fits: boolean;
    }
  | {
      readonly type: 'linkDecoded';
      readonly parsed: ScenarioParse;
      readonly onStartup: boolean;
      /** The work the link replaces (on startup: the saved work), or null. */
      readonly previous: ScenarioData | null;
    }
  | { readonly type: 'keptUnreadable'; readonly ok: boolean; readonly shared: boolean }
  /** The shared save, written by another tab since, cannot be read (a newer version's). */
  | { readonly type: 'sharedUnreadable'; readonly raw: string; readonly error: string };

/** What the service asks of the page. */
export type PersistEffect =
  | { readonly type: 'loadModule' }
  | { readonly type: 'readSlots' }
  | { readonly type: 'setTimer'; readonly timer: PersistTimer; readonly ms: number }
  | { readonly type: 'clearTimer'; readonly timer: PersistTimer }
  /** Answer `saveDue` once the next frame has painted. */
  | { readonly type: 'saveAfterPaint' }
  /** Prepare the save in idle tasks, then answer `saveDue` (while a save is still pending). */
  | { readonly type: 'saveWhenIdle' }
  /** Check the limits, write this tab's session and, when `shared`, the shared save; answer `saveDone`. */
  | { readonly type: 'save'; readonly shared: boolean }
  | { readonly type: 'rememberOwnHash'; readonly hash: string }
  | { readonly type: 'writePinned' }
  /** Encode the current scenario's link; answer `hashEncoded`. */
  | { readonly type: 'encodeHash'; readonly seq: number }
  /** Answer `hashWriteDue` at an idle moment. */
  | { readonly type: 'writeAddressWhenIdle'; readonly seq: number; readonly hash: string }
  /** Rewrite the address bar; with a `linkHash`, answer `addressWritten`. */
  | { readonly type: 'writeAddress'; readonly address: string; readonly linkHash: string | null }
  | { readonly type: 'setReportOpen'; readonly open: boolean }
  /** Decode a link; answer `linkDecoded`. */
  | {
      readonly type: 'decodeLink';
      readonly hash: string;
      readonly onStartup: boolean;
      /** On startup, the saved work the link would replace. */
      readonly previousWork: ScenarioData | null;
    }
  /** Load a scenario into the store, as checked (it came from a checked source). */
  /** `startup`: the work a reload restores (not a link). */
  | { readonly type: 'load'; readonly data: ScenarioData; readonly startup?: boolean }
  | { readonly type: 'setPinned'; readonly data: ScenarioData }
  /** Take the current scenario's JSON; answer `recordReady`. */
  | { readonly type: 'record'; readonly source: HistorySource }
  | {
      readonly type: 'appendHistory';
      readonly data: ScenarioData;
      readonly json: string;
      readonly source: HistorySource;
    }
  /** Record a state about to be replaced, so it stays one click away. */
  | { readonly type: 'keepInHistory'; readonly data: ScenarioData }
  /** Keep a save that cannot be read, as it is; answer `keptUnreadable`. */
  | {
      readonly type: 'keepUnreadable';
      readonly raw: string;
      readonly error: string;
      readonly shared: boolean;
    }
  | { readonly type: 'refreshHistory' }
  | { readonly type: 'broadcastSaved' }
  | { readonly type: 'notify'; readonly notice: PersistNotice; readonly undo: PersistUndo | null }
  | { readonly type: 'setTabNote'; readonly text: string };

/** One step of the reducer. */
export interface PersistStep {
  readonly state: PersistState;
  readonly effects: readonly PersistEffect[];
}
