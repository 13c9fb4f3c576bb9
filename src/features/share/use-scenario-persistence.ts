import { useEffect } from 'react';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { type ScenarioData } from '../../model/scenario.ts';
import { MAX_SCENARIO_BYTES } from '../../core/limits.ts';
import { createLimitGuard } from './limit-guard.ts';
import { linkTabs, readTabState, writeTabState, type TabMessage } from '../../state/tab-session.ts';
import { keepUnreadable, recordState, refreshHistory, setTabLink, thisTab } from './history-api.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../state/scenario-json.ts';
import { useShareStore } from './share-store.ts';
import {
  afterPaint,
  keepInHistory,
  HASH_THROTTLE_FACTOR,
  LONG_HASH_CHARS,
  IDLE_SAVE_TIMEOUT_MS,
  SLOW_SAVE_MS,
  hasSomethingToRestore,
  LINK_HASH,
  loadPersistence,
  PINNED_KEY,
  readSlot,
  replaceHash,
  SAVE_DEBOUNCE_MS,
  SAVED_KEY,
  SAVED_VERSION,
  saveJsonQuickly,
  scenarioChanged,
  STORAGE_THROTTLE_FACTOR,
  whenIdle,
  whenIdleInSteps,
  type Persistence,
} from './persistence-helpers.ts';
import { joinReportHash, splitReportHash } from './report-address.ts';

export {
  hasSomethingToRestore,
  loadPersistence,
  PINNED_KEY,
  SAVE_DEBOUNCE_MS,
  SAVED_KEY,
  SAVED_VERSION,
  saveScenarioQuickly,
} from './persistence-helpers.ts';

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
  // How long the last save took: a slow one (a huge scenario) waits for idle time.
  let lastSaveCost = 0;
  let ownPending: string | null = null;
  // The hash: rewritten after a quiet moment (compression is async).
  let hashPending = false;
  let hashTimer: ReturnType<typeof setTimeout> | undefined;
  let writeSeq = 0;
  let lastWrittenHash: string | null = null;
  // The scenario part of the address (without `#report`), as last written or opened.
  let lastScenarioHash = splitReportHash(window.location.hash).scenarioHash;
  let hashCost = 0;
  // Whether this tab's session holds its latest state: only then is a hash
  // it wrote superseded on reload (else the hash, being newer, wins).
  let tabSaved = true;
  // While the shared save holds a save that cannot be read and is not yet
  // kept in the history, it is not overwritten.
  let sharedSaveHeld = false;
  let lastRecorded: string | null = null;
  let tabs: ReturnType<typeof linkTabs> | null = null;

  const limits = createLimitGuard(notify);
  const enforceLimits = limits.enforce;

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
    const hash = splitReportHash(window.location.hash).scenarioHash;
    if (tabSaved) {
      if (persistence !== null) persistence.rememberOwnHash(tab, hash);
      else if (LINK_HASH.test(hash)) ownPending = hash;
    }
    const finished = performance.now();
    lastSaveCost = finished - started;
    nextSaveAt = finished + lastSaveCost * STORAGE_THROTTLE_FACTOR;
  };

  /** Records the current state in the history, once per distinct state. */
  const recordNow = (source: 'edit' | 'startup' | 'link' | 'saved' = 'edit') => {
    const data = selectScenario(useAppStore.getState());
    const json = versionedScenarioJson(SAVED_VERSION, data);
    if (json === lastRecorded) return;
    if (versionedScenarioBytes(SAVED_VERSION, data) > MAX_SCENARIO_BYTES) return;
    lastRecorded = json;
    void recordState(data, json, source);
  };

  /**
   * Rewrites the hash. From its timer, a save still on its way (in idle
   * tasks, for a huge scenario) goes first and the hash waits for it, so the
   * two never make one long task a key press waits for (a huge scenario's
   * save and encoding take tens of milliseconds each); a flush does both at
   * once.
   */
  const writeHash = (atOnce = false) => {
    if (hashTimer !== undefined) clearTimeout(hashTimer);
    hashTimer = undefined;
    if (!hashPending || stopped || persistence === null) return;
    const p = persistence;
    if (savePending) {
      if (!atOnce) {
        hashTimer = setTimeout(writeHash, SAVE_DEBOUNCE_MS);
        return;
      }
      saveNow();
    }
    hashPending = false;
    recordNow();
    const seq = ++writeSeq;
    p.encodeScenarioHash(selectScenario(useAppStore.getState()))
      .then((hash) => {
        if (stopped || seq !== writeSeq) return;
        const next = hash.length > p.MAX_HASH_CHARS ? '' : hash;
        const write = () => {
          if (stopped || seq !== writeSeq) return;
          lastScenarioHash = next;
          lastWrittenHash = joinReportHash(next, useShareStore.getState().reportOpen);
          hashCost = replaceHash(lastWrittenHash);
          if (tabSaved) p.rememberOwnHash(tab, next);
        };
        // A long link waits for an idle moment (a short one is cheap: at once).
        if (hashCost > 4 || next.length > LONG_HASH_CHARS) whenIdle(write, SAVE_DEBOUNCE_MS);
        else write();
      })
      .catch(() => undefined);
  };

  const saveAfterPaint = afterPaint(() => saveNow());
  // A slow save (a huge scenario's megabytes of JSON) waits for idle time, so
  // it never sits between a key press and its results; leaving or hiding the
  // page saves at once (flush).
  const saveSoon = () => {
    // Three idle tasks, none long: the check of what changed, its JSON, then
    // the save (which finds both done). Until the last the save is still
    // pending, so a flush in between saves everything at once.
    if (lastSaveCost > SLOW_SAVE_MS)
      whenIdleInSteps(
        [
          () => limits.prepare(useAppStore.getState(), 'check'),
          () => limits.prepare(useAppStore.getState(), 'json'),
          saveNow,
        ],
        () => savePending && !stopped,
        IDLE_SAVE_TIMEOUT_MS,
      );
    else saveAfterPaint();
  };

  const schedule = () => {
    ensureStarted();
    savePending = true;
    const wait = nextSaveAt - performance.now();
    if (wait <= 0) saveSoon();
    else saveTimer ??= setTimeout(saveSoon, wait);
    hashPending = true;
    if (hashTimer !== undefined) clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, Math.max(SAVE_DEBOUNCE_MS, hashCost * HASH_THROTTLE_FACTOR));
  };

  /** Everything pending, now (the page is being hidden or left). */
  const flush = () => {
    saveNow();
    writeHash(true);
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
      limits.accept();
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
      limits.accept();
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

    const hash = splitReportHash(window.location.hash).scenarioHash;
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
      limits.accept();
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
    // The report is an address: opening it adds `#report`, closing takes it away.
    if (state.reportOpen !== previous.reportOpen) {
      const { scenarioHash, report } = splitReportHash(window.location.hash);
      if (report !== state.reportOpen) {
        lastWrittenHash = joinReportHash(scenarioHash, state.reportOpen);
        replaceHash(lastWrittenHash);
      }
    }
    if (state.pinnedA === previous.pinnedA) return;
    pinnedPending = true;
    if (persistence === null) ensureStarted();
    else savePinned();
  });

  // `#report` in the address opens the report at once (the scenario follows).
  if (splitReportHash(window.location.hash).report) useShareStore.getState().setReportOpen(true);

  // Tabs hear each other from the start, even before this one changes anything.
  try {
    tabs = linkTabs(thisTab(), onOtherTab, SAVED_KEY);
    setTabLink(tabs);
  } catch {
    tabs = null;
  }
  if (restoreOnStart) ensureStarted();

  const onHashChange = () => {
    const full = window.location.hash;
    if (full === lastWrittenHash) return;
    // `#report` added to (or taken from) the address opens (or closes) the report.
    const { scenarioHash: current, report } = splitReportHash(full);
    if (report !== useShareStore.getState().reportOpen)
      useShareStore.getState().setReportOpen(report);
    if (current === lastScenarioHash || !LINK_HASH.test(current)) return;
    lastScenarioHash = current;
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
