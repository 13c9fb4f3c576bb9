/**
 * The persistence service's runner: it feeds what the page, the stores and
 * the other tabs do to the reducer (src/state/persistence/reducer.ts) as
 * events, and carries out the effects the reducer asks for through the
 * adapters (address bar, local saves, other tabs, history). Events raised
 * while effects run (a store change a load causes, an answer given at once)
 * wait in a queue and are reduced in order after them, all in the same task.
 */
import { startsOnOverview } from '../../../state/start-tab.ts';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  scenarioToJson,
  browserStorage,
  tabStorage,
} from '../../../state/persistence.ts';
import { initialPersistState, reducePersistence } from '../../../state/persistence/reducer.ts';
import {
  IDLE_SAVE_TIMEOUT_MS,
  SAVE_DEBOUNCE_MS,
  type PersistEffect,
  type PersistEvent,
  type PersistTimer,
} from '../../../state/persistence/types.ts';
import { selectScenario, useAppStore } from '../../../state/store.ts';
import { setTabLink, thisTab } from '../history-api.ts';
import { createLimitGuard } from '../limit-guard.ts';
import {
  afterPaint,
  hasSomethingToRestore,
  loadPersistence,
  scenarioChanged,
  whenIdle,
  whenIdleInSteps,
} from '../persistence-helpers.ts';
import { useShareStore } from '../share-store.ts';
import { addressBar, onPageHidden } from './address-bar.ts';
import { createHistoryAdapter } from './history-adapter.ts';
import { createLocalSaves } from './local-saves.ts';
import { connectOtherTabs, type OtherTabs } from './other-tabs.ts';

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
  const { notify } = useShareStore.getState();
  // A page with nothing to restore starts saving at its first change, and
  // that change is this tab's work: no other tab's save replaces it.
  const restoreOnStart = hasSomethingToRestore();
  const limits = createLimitGuard(notify);
  const address = addressBar();
  const saves = createLocalSaves({ local: browserStorage(), session: tabStorage() });
  const history = createHistoryAdapter();
  const timers = new Map<PersistTimer, ReturnType<typeof setTimeout>>();
  let tabs: OtherTabs | null = null;

  let state = initialPersistState;
  const queue: PersistEvent[] = [];
  let draining = false;

  const dispatch = (event: PersistEvent): void => {
    queue.push(event);
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const step = reducePersistence(state, next);
        state = step.state;
        try {
          for (const effect of step.effects) run(effect);
        } catch (error) {
          // Restoring never stops the app: the defaults stay, with a message.
          if (next.type !== 'slotsRead') throw error;
          queue.push({ type: 'restoreFailed', error: String(error), now: performance.now() });
        }
      }
    } finally {
      draining = false;
    }
  };

  const setTimer = (timer: PersistTimer, ms: number) => {
    clearTimeout(timers.get(timer));
    const handle = setTimeout(() => {
      timers.delete(timer);
      dispatch({ type: timer === 'save' ? 'saveTimerFired' : 'hashTimerFired' });
    }, ms);
    timers.set(timer, handle);
  };
  const clearTimer = (timer: PersistTimer) => {
    clearTimeout(timers.get(timer));
    timers.delete(timer);
  };

  const saveAfterPaint = afterPaint(() => dispatch({ type: 'saveDue' }));

  // The shared save this tab read at start or wrote last: another value there is another tab's.
  let knownShared: string | null = null;
  // The last unreadable shared save handed to the history to keep.
  let handedOver: string | null = null;

  /**
   * Checks the limits (a change beyond them is undone) and writes the saves.
   * A shared save another tab wrote since that this version cannot read (a
   * newer version's) is kept in the history before anything overwrites it.
   */
  const save = (shared: boolean) => {
    const started = performance.now();
    const checked = limits.enforce(useAppStore.getState());
    if (!checked.ok) return;
    let share = shared;
    if (share) {
      const other = saves.readSharedUnless(knownShared);
      if (other !== null && !other.parsed.ok && other.raw !== handedOver) {
        // Held (the reducer's `sharedSaveHeld`) until the history has kept it.
        handedOver = other.raw;
        share = false;
        dispatch({ type: 'sharedUnreadable', raw: other.raw, error: other.parsed.error });
      }
    }
    const written = saves.write(checked.json, share);
    if (written.shared) knownShared = checked.json;
    const finished = performance.now();
    dispatch({
      type: 'saveDone',
      ...written,
      address: address.read(),
      costMs: finished - started,
      finishedAt: finished,
    });
  };

  const decodeLink = (effect: Extract<PersistEffect, { type: 'decodeLink' }>) => {
    void loadPersistence()
      .then(async () => {
        const previous = effect.onStartup
          ? effect.previousWork
          : selectScenario(useAppStore.getState());
        const parsed = await decodeScenarioHash(effect.hash);
        dispatch({ type: 'linkDecoded', parsed, onStartup: effect.onStartup, previous });
      })
      .catch(() => undefined);
  };

  function run(effect: PersistEffect): void {
    switch (effect.type) {
      case 'loadModule':
        loadPersistence()
          .then(() => dispatch({ type: 'moduleLoaded', now: performance.now() }))
          .catch(() => dispatch({ type: 'moduleFailed' }));
        return;
      case 'readSlots': {
        const slots = saves.readSlots();
        // Startup keeps an unreadable one itself.
        knownShared = slots.saved?.raw ?? null;
        dispatch({
          type: 'slotsRead',
          slots: { ...slots, address: address.read() },
          now: performance.now(),
        });
        return;
      }
      case 'setTimer':
        return setTimer(effect.timer, effect.ms);
      case 'clearTimer':
        return clearTimer(effect.timer);
      case 'saveAfterPaint':
        return saveAfterPaint();
      case 'saveWhenIdle':
        // Three idle tasks, none long: the check of what changed, its JSON,
        // then the save (which finds both done). Until the last the save is
        // still pending, so a flush in between saves everything at once.
        return whenIdleInSteps(
          [
            () => limits.prepare(useAppStore.getState(), 'check'),
            () => limits.prepare(useAppStore.getState(), 'json'),
            () => dispatch({ type: 'saveDue' }),
          ],
          () => state.savePending && !state.stopped,
          IDLE_SAVE_TIMEOUT_MS,
        );
      case 'save':
        return save(effect.shared);
      case 'rememberOwnHash':
        return saves.rememberOwnHash(effect.hash);
      case 'writePinned': {
        const { pinnedA } = useShareStore.getState();
        return saves.writePinned(pinnedA === null ? null : scenarioToJson(pinnedA));
      }
      case 'encodeHash': {
        const { seq } = effect;
        encodeScenarioHash(selectScenario(useAppStore.getState()))
          .then((hash) => dispatch({ type: 'hashEncoded', seq, hash }))
          .catch(() => undefined);
        return;
      }
      case 'writeAddressWhenIdle': {
        const { seq, hash } = effect;
        return whenIdle(() => dispatch({ type: 'hashWriteDue', seq, hash }), SAVE_DEBOUNCE_MS);
      }
      case 'writeAddress': {
        const costMs = address.replace(effect.address);
        if (effect.linkHash !== null)
          dispatch({ type: 'addressWritten', costMs, linkHash: effect.linkHash });
        return;
      }
      case 'setReportOpen':
        return useShareStore.getState().setReportOpen(effect.open);
      case 'decodeLink':
        return decodeLink(effect);
      case 'load':
        useAppStore
          .getState()
          .loadScenario(
            effect.startup === true && startsOnOverview()
              ? { ...effect.data, ui: { ...effect.data.ui, tab: 'overview' } }
              : effect.data,
          );
        return limits.accept();
      case 'setPinned':
        return useShareStore.setState({ pinnedA: effect.data });
      case 'record': {
        const data = selectScenario(useAppStore.getState());
        const { json, fits } = history.snapshot(data);
        return dispatch({ type: 'recordReady', source: effect.source, data, json, fits });
      }
      case 'appendHistory':
        return history.record(effect.data, effect.json, effect.source);
      case 'keepInHistory':
        return history.keepPrevious(effect.data);
      case 'keepUnreadable': {
        const { shared } = effect;
        void history
          .keepUnreadable(effect.raw, effect.error)
          .then((ok) => dispatch({ type: 'keptUnreadable', ok, shared }));
        return;
      }
      case 'refreshHistory':
        return history.refresh();
      case 'broadcastSaved':
        return tabs?.announceSaved(Date.now());
      case 'notify':
        return notify(effect.notice, effect.undo);
      case 'setTabNote':
        return useShareStore.setState({ tabNote: effect.text });
    }
  }

  const unsubscribe = useAppStore.subscribe((next, previous) => {
    if (scenarioChanged(next, previous)) dispatch({ type: 'edited', now: performance.now() });
  });
  const unsubscribeShare = useShareStore.subscribe((next, previous) => {
    if (next.reportOpen !== previous.reportOpen)
      dispatch({ type: 'reportToggled', open: next.reportOpen, address: address.read() });
    if (next.pinnedA !== previous.pinnedA) dispatch({ type: 'pinChanged' });
  });

  // Tabs hear each other from the start, even before this one changes anything.
  tabs = connectOtherTabs(
    thisTab(),
    (message) => dispatch({ type: 'otherTab', message }),
    setTabLink,
  );
  dispatch({
    type: 'started',
    restoreOnStart,
    address: address.read(),
    reportOpen: useShareStore.getState().reportOpen,
  });
  const stopAddress = address.listen((hash) => dispatch({ type: 'addressChanged', address: hash }));
  const stopHidden = onPageHidden(() => dispatch({ type: 'pageHidden' }));

  return () => {
    dispatch({ type: 'stopped' });
    unsubscribe();
    unsubscribeShare();
    tabs?.close();
    stopAddress();
    stopHidden();
    for (const timer of [...timers.keys()]) clearTimer(timer);
  };
}
