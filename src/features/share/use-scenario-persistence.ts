import { useEffect } from 'react';
import * as PersistenceModule from '../../state/persistence.ts';
import {
  selectScenario,
  useAppStore,
  type AppState,
  type ScenarioData,
} from '../../state/store.ts';
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
  try {
    localStorage.setItem(SAVED_KEY, versionedScenarioJson(SAVED_VERSION, data));
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

function scenarioChanged(state: AppState, previous: AppState): boolean {
  return (
    state.ui !== previous.ui ||
    state.prices !== previous.prices ||
    state.gate !== previous.gate ||
    state.budget !== previous.budget ||
    state.routing !== previous.routing
  );
}

function replaceHash(hash: string): void {
  try {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  } catch {
    // Some embedded browsers refuse replaceState; the local save still holds the work.
  }
}

/**
 * Starts persistence and returns its stop function: once the persistence
 * module has loaded, restores the scenario (a link in the hash first, else the
 * local save, else the defaults) and pinned A; saves every change to local
 * storage and the hash, debounced and flushed when the page is hidden;
 * follows links pasted into the address bar. Never throws.
 */
export function startScenarioPersistence(): () => void {
  const notify = useShareStore.getState().notify;
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

  const saveNow = () => {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!savePending || stopped) return;
    savePending = false;
    const started = performance.now();
    // Written without the persistence module, so even the first change of a
    // first visit is saved before a reload can lose it.
    if (!saveScenarioQuickly(selectScenario(useAppStore.getState())) && !warnedStorage) {
      warnedStorage = true;
      notify({
        kind: 'error',
        text: 'Your work cannot be saved in this browser (storage is full or disabled). Use Share link or Export JSON file to keep it.',
      });
    }
    // The hash in the address bar is now older than the save (see chooseStartupSource).
    const hash = window.location.hash;
    if (persistence !== null) persistence.rememberOwnHash(tab, hash);
    else if (LINK_HASH.test(hash)) ownPending = hash;
    const finished = performance.now();
    nextSaveAt = finished + (finished - started) * STORAGE_THROTTLE_FACTOR;
  };

  const writeHash = () => {
    if (hashTimer !== undefined) clearTimeout(hashTimer);
    hashTimer = undefined;
    if (!hashPending || stopped || persistence === null) return;
    const p = persistence;
    hashPending = false;
    const seq = ++writeSeq;
    p.encodeScenarioHash(selectScenario(useAppStore.getState()))
      .then((hash) => {
        if (stopped || seq !== writeSeq) return;
        const next = hash.length > p.MAX_HASH_CHARS ? '' : hash;
        lastWrittenHash = next;
        replaceHash(next);
        p.rememberOwnHash(tab, next);
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
    hashTimer = setTimeout(writeHash, SAVE_DEBOUNCE_MS);
  };

  /** Everything pending, now (the page is being hidden or left). */
  const flush = () => {
    saveNow();
    writeHash();
  };

  const openLink = async (p: Persistence, hash: string, onStartup: boolean) => {
    const before = selectScenario(useAppStore.getState());
    const saved = onStartup ? p.readStoredScenario(storage) : null;
    const parsed = await p.decodeScenarioHash(hash);
    if (stopped) return;
    if (parsed.ok) {
      useAppStore.getState().loadScenario(parsed.data);
      const previous = onStartup ? (saved?.ok ? saved.data : null) : before;
      notify(
        { kind: 'info', text: 'Opened the scenario from the link.' },
        previous === null ? null : { label: 'Restore my previous work', data: previous },
      );
      return;
    }
    const kept = onStartup
      ? saved?.ok
        ? 'Showing your last saved work instead.'
        : 'Showing the defaults instead.'
      : 'Your current work is kept.';
    if (onStartup && saved?.ok) useAppStore.getState().loadScenario(saved.data);
    notify({ kind: 'error', text: `This link could not be opened: ${parsed.error}. ${kept}` });
  };

  /** Restores the scenario: a link in the hash first, else the local save, else the defaults. */
  const restore = (p: Persistence) => {
    const pinned = p.readStoredScenario(storage, PINNED_KEY);
    if (pinned?.ok) useShareStore.setState({ pinnedA: pinned.data });
    const hash = window.location.hash;
    const saved = p.readStoredScenario(storage);
    const source = p.chooseStartupSource(hash, p.readOwnHashes(tab), saved?.ok === true);
    if (source === 'link') {
      void openLink(p, hash, true);
    } else if (source === 'saved' && saved?.ok) {
      useAppStore.getState().loadScenario(saved.data);
    } else if (saved && !saved.ok) {
      notify({
        kind: 'error',
        text: `Your saved work could not be restored: ${saved.error}. Showing the defaults instead.`,
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
        restore(p);
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

  if (hasSomethingToRestore()) ensureStarted();

  const onHashChange = () => {
    const current = window.location.hash;
    if (current === lastWrittenHash || !LINK_HASH.test(current)) return;
    void loadPersistence()
      .then((p) => {
        if (!stopped) return openLink(p, current, false);
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
