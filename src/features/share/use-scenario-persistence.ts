import { useLayoutEffect } from 'react';
import {
  browserStorage,
  chooseStartupSource,
  decodeScenarioHash,
  encodeScenarioHash,
  hasScenarioInHash,
  MAX_HASH_CHARS,
  OWN_HASH_KEY,
  readStoredScenario,
  readStoredString,
  writeStoredScenario,
  writeStoredString,
} from '../../state/persistence.ts';
import { selectScenario, useAppStore, type AppState } from '../../state/store.ts';
import { useShareStore } from './share-store.ts';

/** Quiet time after the last change before the scenario is saved, ms. */
export const SAVE_DEBOUNCE_MS = 300;

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
 * Starts persistence and returns its stop function: restores the scenario
 * (a link in the hash first, else the local save, else the defaults), then
 * saves every change to local storage and the hash, debounced; follows links
 * pasted into the address bar. Never throws.
 */
export function startScenarioPersistence(): () => void {
  const storage = browserStorage();
  const notify = useShareStore.getState().notify;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let writeSeq = 0;
  let lastWrittenHash: string | null = null;
  let warnedStorage = false;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!dirty || stopped) return;
    dirty = false;
    const data = selectScenario(useAppStore.getState());
    if (!writeStoredScenario(storage, data) && !warnedStorage) {
      warnedStorage = true;
      notify({
        kind: 'error',
        text: 'Your work cannot be saved in this browser (storage is full or disabled). Use Share link or Export JSON file to keep it.',
      });
    }
    // The hash in the address bar is now older than the save (see chooseStartupSource).
    writeStoredString(storage, OWN_HASH_KEY, window.location.hash);
    const seq = ++writeSeq;
    encodeScenarioHash(data)
      .then((hash) => {
        if (stopped || seq !== writeSeq) return;
        const next = hash.length > MAX_HASH_CHARS ? '' : hash;
        lastWrittenHash = next;
        replaceHash(next);
        writeStoredString(storage, OWN_HASH_KEY, next);
      })
      .catch(() => undefined);
  };

  const schedule = () => {
    dirty = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, SAVE_DEBOUNCE_MS);
  };

  const openLink = async (hash: string, onStartup: boolean) => {
    const before = selectScenario(useAppStore.getState());
    const saved = onStartup ? readStoredScenario(storage) : null;
    const parsed = await decodeScenarioHash(hash);
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

  // Every change is saved, including the startup load itself: what is on
  // screen is what a reload shows.
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (scenarioChanged(state, previous)) schedule();
  });

  // Startup: a saved scenario is restored before the first paint; a link is
  // decoded asynchronously (decompression streams are async).
  const hash = window.location.hash;
  const saved = readStoredScenario(storage);
  const source = chooseStartupSource(
    hash,
    readStoredString(storage, OWN_HASH_KEY),
    saved?.ok === true,
  );
  if (source === 'link') {
    void openLink(hash, true);
  } else if (source === 'saved' && saved?.ok) {
    useAppStore.getState().loadScenario(saved.data);
  } else if (saved && !saved.ok) {
    notify({
      kind: 'error',
      text: `Your saved work could not be restored: ${saved.error}. Showing the defaults instead.`,
    });
  }

  const onHashChange = () => {
    const current = window.location.hash;
    if (current === lastWrittenHash || !hasScenarioInHash(current)) return;
    void openLink(current, false);
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
  useLayoutEffect(() => startScenarioPersistence(), []);
}
