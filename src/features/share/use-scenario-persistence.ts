import { useEffect } from 'react';
import * as PersistenceModule from '../../state/persistence.ts';
import {
  selectScenario,
  useAppStore,
  type AppState,
  type ScenarioData,
} from '../../state/store.ts';
import { MAX_SCENARIO_BYTES } from '../../core/limits.ts';
import { overByteCap } from '../../state/json-guard.ts';
import { checkSlice, SCENARIO_SLICES, type ScenarioSlice } from '../../state/scenario-schema.ts';
import {
  linkTabs,
  readTabState,
  TAB_STATE_KEY,
  writeTabState,
  type TabMessage,
} from '../../state/tab-session.ts';
import { keepUnreadable, recordState, refreshHistory, setTabLink, thisTab } from './history-api.ts';
import { versionedScenarioJson } from '../../state/scenario-json.ts';
import { useShareStore } from './share-store.ts';

type Persistence = typeof PersistenceModule;

/** Local storage key of the pinned scenario A. */
export const PINNED_KEY = 'cce:compare-a:v1';

/**
 * The persistence module (and zod with it). It used to be a lazy chunk, but
 * the first change of any visit writes the link and needs it, so it is part
 * of what a first visit loads and belongs in the entry, where the bundle
 * budget counts it (about 28 kB gzipped; the first visit stays near 125 kB).
 */
export function loadPersistence(): Promise<Persistence> {
  return Promise.resolve(PersistenceModule);
}

/** Mirrors persistence.ts's `STORAGE_KEY` (a test keeps the two equal). */
export const SAVED_KEY = 'cce:scenario:v1';
const LINK_HASH = /^#(?:s|json)=/;

/** Mirrors persistence.ts's `SCENARIO_VERSION` (a test keeps the two equal). */
export const SAVED_VERSION = 1;

/**
 * Saves the scenario in local storage exactly as persistence.ts's
 * `writeStoredScenario` does, synchronously and without zod. Never throws.
 */
export function saveScenarioQuickly(data: ScenarioData): boolean {
  return saveJsonQuickly(versionedScenarioJson(SAVED_VERSION, data));
}

/** Writes versioned scenario JSON to the shared save. Never throws. */
function saveJsonQuickly(json: string): boolean {
  try {
    localStorage.setItem(SAVED_KEY, json);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether there is a link or saved work to restore, decided without the
 * persistence module: a first visit has neither, so startup skips the restore.
 */
export function hasSomethingToRestore(): boolean {
  if (LINK_HASH.test(window.location.hash)) return true;
  try {
    if (sessionStorage.getItem(TAB_STATE_KEY) !== null) return true;
  } catch {
    // no session storage: ask local storage
  }
  try {
    return localStorage.getItem(SAVED_KEY) !== null || localStorage.getItem(PINNED_KEY) !== null;
  } catch {
    return false;
  }
}

// With something to restore, request the module as soon as the app starts,
// ahead of the first tab's (larger) chunk, so the work is back before the
// controls can be used.
if (typeof window !== 'undefined' && hasSomethingToRestore()) {
  void loadPersistence().catch(() => undefined);
}

/** Quiet time after the last change before the address bar is rewritten, ms. */
export const SAVE_DEBOUNCE_MS = 300;

/** Longest wait for a painted frame before a save goes ahead anyway, ms. */
const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Local storage is written after every change, in the task after the frame
 * that shows it, unless the last write was slow (a
 * huge scenario): then at most every `cost × 50` ms, so saving takes under 2%
 * of the time while dragging.
 */
const STORAGE_THROTTLE_FACTOR = 50;

/** The parts of the scenario, as the store holds them. */
type Slices = Pick<AppState, ScenarioSlice>;

function slicesOf(state: AppState): Slices {
  return {
    ui: state.ui,
    prices: state.prices,
    gate: state.gate,
    budget: state.budget,
    routing: state.routing,
    traffic: state.traffic,
  };
}

function scenarioChanged(state: AppState, previous: AppState): boolean {
  return SCENARIO_SLICES.some((k) => state[k] !== previous[k]);
}

const SLICE_NAMES: Record<ScenarioSlice, string> = {
  ui: 'view settings',
  prices: 'prices',
  gate: 'gate inputs',
  budget: 'budget',
  routing: 'routing scenario',
  traffic: 'replay choice',
};

/** Rewrites the address bar; returns how long that took, ms. */
function replaceHash(hash: string): number {
  const started = performance.now();
  try {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  } catch {
    // Some embedded browsers refuse replaceState; the local save still holds the work.
  }
  return performance.now() - started;
}

/**
 * Rewriting the address bar costs time in proportion to the link's length
 * (about 100 ms for a 400,000-character link on a 2-core machine): when the
 * last rewrite took long, the next waits for `cost × 50` ms of quiet, so a
 * huge scenario's link costs under 2% of the time while editing.
 */
const HASH_THROTTLE_FACTOR = 50;

/** Runs `task` when the page is idle (within `timeout` ms), else after a timer. */
function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout });
  else setTimeout(task, 0);
}

/** Reads a slot; a slot that cannot be read at all counts as empty. Never throws. */
function readSlot(
  p: Persistence,
  text: string | null,
): { raw: string; parsed: PersistenceModule.ScenarioParse } | null {
  if (text === null) return null;
  try {
    return { raw: text, parsed: p.parseScenarioText(text) };
  } catch (error) {
    return { raw: text, parsed: { ok: false, error: `could not be read (${String(error)})` } };
  }
}

/**
 * Starts persistence and returns its stop function: restores the scenario
 * (a link from elsewhere first, else this tab's own last state, else the
 * shared save, else the defaults) and pinned A; checks every change against
 * the limits a reload reads it with (a change beyond them is undone, with a
 * message naming the field and the limit); saves every change to this tab's
 * session, the shared save and the hash, and each quiet moment's state to the
 * history; keeps unreadable saves as they are; hears the other tabs; follows
 * links pasted into the address bar. Never throws.
 */
export function startScenarioPersistence(): () => void {
  const notify = useShareStore.getState().notify;
  // A page with nothing to restore starts saving at its first change, and
  // that change is this tab's work: no other tab's save replaces it.
  const restoreOnStart = hasSomethingToRestore();
  let persistence: Persistence | null = null;
  let storage: Storage | null = null;
  let tab: Storage | null = null;
  let stopped = false;
  let warnedStorage = false;
  // Local storage: written right after the next frame, and at once when the
  // page is hidden or left (a reload right after a click keeps it).
  let savePending = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let nextSaveAt = 0;
  let ownPending: string | null = null;
  // The hash: rewritten after a quiet moment (compression is async).
  let hashPending = false;
  let hashTimer: ReturnType<typeof setTimeout> | undefined;
  let writeSeq = 0;
  let lastWrittenHash: string | null = null;
  let hashCost = 0;
  // The last state that passed the limits, part by part: a change beyond
  // them goes back to it.
  let lastGood: Slices = slicesOf(useAppStore.getState());
  // Whether this tab's session holds its latest state: only then is a hash
  // it wrote superseded on reload (else the hash, being newer, wins).
  let tabSaved = true;
  // While the shared save holds a save that cannot be read and is not yet
  // kept in the history, it is not overwritten.
  let sharedSaveHeld = false;
  let lastRecorded: string | null = null;
  let tabs: ReturnType<typeof linkTabs> | null = null;

  /** Undoes the parts of the state beyond the limits; true when the state is fine. */
  const enforceLimits = (state: AppState): { ok: true; json: string } | { ok: false } => {
    const changed = SCENARIO_SLICES.filter((k) => state[k] !== lastGood[k]);
    for (const k of changed) {
      const problem = checkSlice(k, state[k]);
      if (problem !== null) {
        refuse(`This change was not kept: ${problem}. The previous ${SLICE_NAMES[k]} are back.`, [
          k,
        ]);
        return { ok: false };
      }
    }
    // The canonical JSON, built from the cached JSON of the parts and their
    // fields (scenario-json.ts): a step re-serialises what it moved only.
    const json = versionedScenarioJson(SAVED_VERSION, slicesOf(state));
    if (overByteCap(json, MAX_SCENARIO_BYTES)) {
      refuse(
        `This change was not kept: the scenario would be larger than ${(MAX_SCENARIO_BYTES / 1_000_000).toFixed(1)} MB, more than the app can open again. The previous state is back.`,
        changed,
      );
      return { ok: false };
    }
    lastGood = slicesOf(state);
    return { ok: true, json };
  };

  const refuse = (text: string, slices: readonly ScenarioSlice[]) => {
    const back: Partial<Slices> = {};
    for (const k of slices) Object.assign(back, { [k]: lastGood[k] });
    useAppStore.setState(back);
    notify({ kind: 'error', text });
  };

  const saveNow = () => {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!savePending || stopped) return;
    savePending = false;
    const started = performance.now();
    const checked = enforceLimits(useAppStore.getState());
    if (!checked.ok) return;
    // This tab's own work first: a reload of this tab shows it.
    tabSaved = writeTabState(tab, checked.json);
    const shared = sharedSaveHeld ? false : saveJsonQuickly(checked.json);
    if (!shared && !sharedSaveHeld && !warnedStorage) {
      warnedStorage = true;
      notify({
        kind: 'error',
        text: 'Your work cannot be saved in this browser (storage is full or disabled). Use Share link or Export JSON file to keep it.',
      });
    }
    if (shared) tabs?.post({ type: 'saved', tab: thisTab(), time: Date.now() });
    // The hash in the address bar is now older than this tab's save (see
    // chooseStartupSource), but only when that save was written.
    const hash = window.location.hash;
    if (tabSaved) {
      if (persistence !== null) persistence.rememberOwnHash(tab, hash);
      else if (LINK_HASH.test(hash)) ownPending = hash;
    }
    const finished = performance.now();
    nextSaveAt = finished + (finished - started) * STORAGE_THROTTLE_FACTOR;
  };

  /** Records the current state in the history, once per distinct state. */
  const recordNow = (source: 'edit' | 'startup' | 'link' | 'saved' = 'edit') => {
    const data = selectScenario(useAppStore.getState());
    const json = versionedScenarioJson(SAVED_VERSION, data);
    if (json === lastRecorded) return;
    if (overByteCap(json, MAX_SCENARIO_BYTES)) return;
    lastRecorded = json;
    void recordState(data, json, source);
  };

  const writeHash = () => {
    if (hashTimer !== undefined) clearTimeout(hashTimer);
    hashTimer = undefined;
    if (!hashPending || stopped || persistence === null) return;
    const p = persistence;
    hashPending = false;
    if (savePending) saveNow();
    recordNow();
    const seq = ++writeSeq;
    p.encodeScenarioHash(selectScenario(useAppStore.getState()))
      .then((hash) => {
        if (stopped || seq !== writeSeq) return;
        const next = hash.length > p.MAX_HASH_CHARS ? '' : hash;
        const write = () => {
          if (stopped || seq !== writeSeq) return;
          lastWrittenHash = next;
          hashCost = replaceHash(next);
          if (tabSaved) p.rememberOwnHash(tab, next);
        };
        // A long link waits for an idle moment (a short one is cheap: at once).
        if (hashCost > 4) whenIdle(write, SAVE_DEBOUNCE_MS);
        else write();
      })
      .catch(() => undefined);
  };

  // A save waits for the frame that shows the change: during a drag the
  // write would otherwise sit between the key press and the paint. A hidden
  // page paints no frames, hence the timer; leaving the page flushes at once.
  let paintWaitPending = false;
  const saveAfterPaint = () => {
    if (paintWaitPending) return;
    paintWaitPending = true;
    const run = () => {
      if (!paintWaitPending) return;
      paintWaitPending = false;
      saveNow();
    };
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => setTimeout(run, 0));
    setTimeout(run, AFTER_PAINT_FALLBACK_MS);
  };

  const schedule = () => {
    ensureStarted();
    savePending = true;
    const wait = nextSaveAt - performance.now();
    if (wait <= 0) saveAfterPaint();
    else saveTimer ??= setTimeout(saveNow, wait);
    hashPending = true;
    if (hashTimer !== undefined) clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, Math.max(SAVE_DEBOUNCE_MS, hashCost * HASH_THROTTLE_FACTOR));
  };

  /** Everything pending, now (the page is being hidden or left). */
  const flush = () => {
    saveNow();
    writeHash();
  };

  /** Records a state about to be replaced, so it stays one click away in History. */
  const keepInHistory = (data: ScenarioData | null) => {
    if (data === null) return;
    const json = versionedScenarioJson(SAVED_VERSION, data);
    if (!overByteCap(json, MAX_SCENARIO_BYTES)) void recordState(data, json, 'saved');
  };

  const openLink = async (
    p: Persistence,
    hash: string,
    onStartup: boolean,
    previousWork: ScenarioData | null,
  ) => {
    const before = selectScenario(useAppStore.getState());
    const parsed = await p.decodeScenarioHash(hash);
    if (stopped) return;
    const previous = onStartup ? previousWork : before;
    if (parsed.ok) {
      // Opening a link never replaces saved work: it stays in the history.
      keepInHistory(previous);
      useAppStore.getState().loadScenario(parsed.data);
      lastGood = slicesOf(useAppStore.getState());
      recordNow('link');
      notify(
        {
          kind: 'info',
          text:
            previous === null
              ? 'Opened the scenario from the link.'
              : 'Opened the scenario from the link. Your previous work is kept in History.',
        },
        previous === null ? null : { label: 'Restore my previous work', data: previous },
      );
      return;
    }
    const kept = onStartup
      ? previousWork !== null
        ? 'Showing your last saved work instead.'
        : 'Showing the defaults instead.'
      : 'Your current work is kept.';
    if (onStartup && previousWork !== null) {
      useAppStore.getState().loadScenario(previousWork);
      lastGood = slicesOf(useAppStore.getState());
    }
    notify({ kind: 'error', text: `This link could not be opened: ${parsed.error}. ${kept}` });
  };

  /** Keeps a slot that cannot be read, as it is, in the history. */
  const keepSlot = (raw: string, error: string, isShared: boolean) => {
    if (isShared) sharedSaveHeld = true;
    void keepUnreadable(raw, error).then((ok) => {
      if (ok && isShared) sharedSaveHeld = false;
    });
  };

  /**
   * Restores the scenario: a link from elsewhere first, else this tab's own
   * last state, else the shared save, else the defaults. Each slot is read on
   * its own: one that cannot be read never stops another.
   */
  const restore = (p: Persistence) => {
    const pinned = readSlot(p, p.readStoredString(storage, PINNED_KEY));
    if (pinned?.parsed.ok) useShareStore.setState({ pinnedA: pinned.parsed.data });
    else if (pinned && !pinned.parsed.ok) {
      keepSlot(pinned.raw, `pinned A: ${pinned.parsed.error}`, false);
    }

    const hash = window.location.hash;
    const saved = readSlot(p, p.readStoredString(storage, p.STORAGE_KEY));
    const own = readSlot(p, readTabState(tab));
    const savedData = saved?.parsed.ok ? saved.parsed.data : null;
    const ownData = own?.parsed.ok ? own.parsed.data : null;
    if (own && !own.parsed.ok) keepSlot(own.raw, own.parsed.error, false);
    if (saved && !saved.parsed.ok) keepSlot(saved.raw, saved.parsed.error, true);

    const source = p.chooseStartupSource(
      hash,
      p.readOwnHashes(tab),
      ownData !== null || savedData !== null,
    );
    if (source === 'link') {
      void openLink(p, hash, true, ownData ?? savedData);
      return;
    }
    const data = ownData ?? savedData;
    if (data !== null) {
      useAppStore.getState().loadScenario(data);
      lastGood = slicesOf(useAppStore.getState());
      // Another tab's newer work in the shared save stays one click away.
      if (ownData !== null && savedData !== null && saved?.raw !== own?.raw)
        keepInHistory(savedData);
    }
    // What a reload shows is a state reached, too.
    recordNow('startup');
    if (saved && !saved.parsed.ok && ownData === null) {
      notify({
        kind: 'error',
        text: `Your saved work could not be restored: ${saved.parsed.error}. It is kept as it was in History, where you can download it. Showing the defaults instead.`,
      });
    }
  };

  let pinnedPending = false;
  const savePinned = () => {
    if (persistence === null || !pinnedPending) return;
    pinnedPending = false;
    const { pinnedA } = useShareStore.getState();
    const json = pinnedA === null ? null : persistence.scenarioToJson(pinnedA);
    persistence.writeStoredString(storage, PINNED_KEY, json);
  };

  const onOtherTab = (message: TabMessage) => {
    if (stopped) return;
    void refreshHistory();
    if (message.type !== 'saved') return;
    useShareStore.setState({
      tabNote:
        'Another tab changed the shared save. This tab keeps its own work; History lists both.',
    });
  };

  let started = false;
  /** Loads the module (once), then restores and saves whatever is pending. */
  const ensureStarted = () => {
    if (started) return;
    started = true;
    loadPersistence()
      .then((p) => {
        if (stopped) return;
        persistence = p;
        storage = p.browserStorage();
        tab = p.tabStorage();
        if (ownPending !== null) p.rememberOwnHash(tab, ownPending);
        ownPending = null;
        try {
          // Started by a change on a page that had nothing to restore: that
          // change is this tab's work, and no other tab's save replaces it.
          if (restoreOnStart) restore(p);
          else recordNow('startup');
        } catch (error) {
          notify({
            kind: 'error',
            text: `Your saved work could not be restored (${String(error)}). Showing the defaults instead.`,
          });
        }
        if (savePending || hashPending) schedule();
        savePinned();
      })
      .catch(() => {
        started = false;
        if (stopped) return;
        notify({
          kind: 'error',
          text: 'Saving and links are unavailable: part of the app failed to load. Reload the page to try again.',
        });
      });
  };

  // Every change is saved, including the startup load itself: what is on
  // screen is what a reload shows.
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (scenarioChanged(state, previous)) schedule();
  });
  const unsubscribePinned = useShareStore.subscribe((state, previous) => {
    if (state.pinnedA === previous.pinnedA) return;
    pinnedPending = true;
    if (persistence === null) ensureStarted();
    else savePinned();
  });

  // Tabs hear each other from the start, even before this one changes anything.
  try {
    tabs = linkTabs(thisTab(), onOtherTab, SAVED_KEY);
    setTabLink(tabs);
  } catch {
    tabs = null;
  }
  if (restoreOnStart) ensureStarted();

  const onHashChange = () => {
    const current = window.location.hash;
    if (current === lastWrittenHash || !LINK_HASH.test(current)) return;
    void loadPersistence()
      .then((p) => {
        if (!stopped) return openLink(p, current, false, null);
      })
      .catch(() => undefined);
  };
  const onHide = () => flush();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('hashchange', onHashChange);
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    flush();
    stopped = true;
    unsubscribe();
    unsubscribePinned();
    tabs?.close();
    setTabLink(null);
    window.removeEventListener('hashchange', onHashChange);
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Keeps the scenario across reloads and links: call once, in the app shell.
 * See `startScenarioPersistence`.
 */
export function useScenarioPersistence(): void {
  useEffect(() => startScenarioPersistence(), []);
}
