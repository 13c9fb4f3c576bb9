/**
 * Scenario persistence as a pure reducer: `reducePersistence(state, event)`
 * gives the next state and the effects to run (see types.ts for all three).
 *
 * What it decides:
 * - restoring at startup: a link from elsewhere first, else this tab's own
 *   last state, else the shared save, else the defaults; a slot that cannot
 *   be read is kept in the history as it is, and the shared save is not
 *   overwritten until it is (reducer-startup.ts);
 * - saving every change to this tab's session and the shared save after the
 *   frame that shows it (a slow save waits for idle time and is throttled),
 *   and to the address bar after a quiet moment; leaving or hiding the page
 *   saves everything at once;
 * - recording each quiet moment's state, each reload's and the work a link
 *   replaces in the history, once per distinct state;
 * - hearing the other tabs and following links pasted into the address bar.
 */
import { MAX_HASH_CHARS } from '../../core/limits.ts';
import { joinReportHash, splitReportHash } from './report-address.ts';
import { keepSlot, openDecodedLink, restoreSlots, type Step } from './reducer-startup.ts';
import {
  HASH_THROTTLE_FACTOR,
  LINK_HASH,
  LONG_HASH_CHARS,
  SAVE_DEBOUNCE_MS,
  SLOW_ADDRESS_WRITE_MS,
  SLOW_SAVE_MS,
  STORAGE_THROTTLE_FACTOR,
  type PersistEffect,
  type PersistEvent,
  type PersistNotice,
  type PersistState,
  type PersistStep,
  type PersistUndo,
} from './types.ts';

export const STORAGE_UNAVAILABLE =
  'Your work cannot be saved in this browser (storage is full or disabled). Use Share link or Export JSON file to keep it.';
export const MODULE_UNAVAILABLE =
  'Saving and links are unavailable: part of the app failed to load. Reload the page to try again.';
export const OTHER_TAB_NOTE =
  'Another tab changed the shared save. This tab keeps its own work; History lists both.';

/** The state before `started`. */
export const initialPersistState: PersistState = {
  restoreOnStart: false,
  started: false,
  loaded: false,
  stopped: false,
  savePending: false,
  saveTimerArmed: false,
  nextSaveAt: 0,
  lastSaveCostMs: 0,
  tabSaved: true,
  sharedSaveHeld: false,
  warnedStorage: false,
  ownPending: null,
  hashPending: false,
  writeSeq: 0,
  lastWrittenAddress: null,
  lastScenarioHash: '',
  hashCostMs: 0,
  reportOpen: false,
  lastRecorded: null,
  pinnedPending: false,
};

/** One step: the state after `event`, and the effects it asks for, in order. */
export function reducePersistence(state: PersistState, event: PersistEvent): PersistStep {
  const s: Step['s'] = { ...state };
  const fx: PersistEffect[] = [];
  const notify = (notice: PersistNotice, undo: PersistUndo | null = null) => {
    fx.push({ type: 'notify', notice, undo });
  };
  const step: Step = { s, fx, notify };

  const ensureStarted = () => {
    if (s.started) return;
    s.started = true;
    fx.push({ type: 'loadModule' });
  };

  // A slow save (a huge scenario's megabytes of JSON) waits for idle time, so
  // it never sits between a key press and its results.
  const saveSoon = () =>
    fx.push({ type: s.lastSaveCostMs > SLOW_SAVE_MS ? 'saveWhenIdle' : 'saveAfterPaint' });

  const schedule = (now: number) => {
    ensureStarted();
    s.savePending = true;
    const wait = s.nextSaveAt - now;
    if (wait <= 0) saveSoon();
    else if (!s.saveTimerArmed) {
      s.saveTimerArmed = true;
      fx.push({ type: 'setTimer', timer: 'save', ms: wait });
    }
    s.hashPending = true;
    fx.push({ type: 'clearTimer', timer: 'hash' });
    fx.push({
      type: 'setTimer',
      timer: 'hash',
      ms: Math.max(SAVE_DEBOUNCE_MS, s.hashCostMs * HASH_THROTTLE_FACTOR),
    });
  };

  const saveNow = () => {
    if (s.saveTimerArmed) fx.push({ type: 'clearTimer', timer: 'save' });
    s.saveTimerArmed = false;
    if (!s.savePending || s.stopped) return;
    s.savePending = false;
    fx.push({ type: 'save', shared: !s.sharedSaveHeld });
  };

  /**
   * Rewrites the hash. From its timer, a save still on its way goes first and
   * a long link waits for it, so the two never make one long task; a short
   * link is cheap and does not wait (else one slow save, throttled for `50 ×`
   * its cost, would hold the address bar back for seconds). A flush does both
   * at once.
   */
  const writeHash = (atOnce: boolean) => {
    fx.push({ type: 'clearTimer', timer: 'hash' });
    if (!s.hashPending || s.stopped || !s.loaded) return;
    const longLink =
      s.lastScenarioHash.length > LONG_HASH_CHARS || s.hashCostMs > SLOW_ADDRESS_WRITE_MS;
    if (s.savePending && (atOnce || longLink)) {
      if (!atOnce) {
        fx.push({ type: 'setTimer', timer: 'hash', ms: SAVE_DEBOUNCE_MS });
        return;
      }
      saveNow();
    }
    s.hashPending = false;
    fx.push({ type: 'record', source: 'edit' });
    s.writeSeq += 1;
    fx.push({ type: 'encodeHash', seq: s.writeSeq });
  };

  /** Everything pending, now (the page is being hidden or left). */
  const flush = () => {
    saveNow();
    writeHash(true);
  };

  /**
   * Whether an encoded link may still be written: not once stopped, not when
   * a later encoding has begun, and not when a change came after this one
   * began (the link would miss it). A stale link is dropped, not written
   * first: the change's own timer encodes the latest state, so the first
   * address that holds one edit holds every edit before it too.
   */
  const linkCurrent = (seq: number) => !s.stopped && seq === s.writeSeq && !s.hashPending;

  const applyHashWrite = (seq: number, hash: string) => {
    if (!linkCurrent(seq)) return;
    s.lastScenarioHash = hash;
    s.lastWrittenAddress = joinReportHash(hash, s.reportOpen);
    fx.push({ type: 'writeAddress', address: s.lastWrittenAddress, linkHash: hash });
  };

  const savePinned = () => {
    if (!s.loaded || !s.pinnedPending) return;
    s.pinnedPending = false;
    fx.push({ type: 'writePinned' });
  };

  /** What ends startup, restored or not: whatever changed meanwhile is saved. */
  const finishStart = (now: number) => {
    if (s.savePending || s.hashPending) schedule(now);
    savePinned();
  };

  switch (event.type) {
    case 'started': {
      s.restoreOnStart = event.restoreOnStart;
      s.reportOpen = event.reportOpen;
      const { scenarioHash, report } = splitReportHash(event.address);
      s.lastScenarioHash = scenarioHash;
      // `#report` in the address opens the report at once (the scenario follows).
      if (report) fx.push({ type: 'setReportOpen', open: true });
      if (s.restoreOnStart) ensureStarted();
      break;
    }
    case 'addressChanged': {
      if (event.address === s.lastWrittenAddress) break;
      // `#report` added to (or taken from) the address opens (or closes) the report.
      const { scenarioHash, report } = splitReportHash(event.address);
      if (report !== s.reportOpen) fx.push({ type: 'setReportOpen', open: report });
      if (scenarioHash === s.lastScenarioHash || !LINK_HASH.test(scenarioHash)) break;
      s.lastScenarioHash = scenarioHash;
      fx.push({ type: 'decodeLink', hash: scenarioHash, onStartup: false, previousWork: null });
      break;
    }
    case 'pageHidden':
      flush();
      break;
    case 'stopped':
      flush();
      s.stopped = true;
      break;
    case 'edited':
      // Every change is saved, including the startup load itself: what is on
      // screen is what a reload shows.
      schedule(event.now);
      break;
    case 'pinChanged':
      s.pinnedPending = true;
      if (!s.loaded) ensureStarted();
      else savePinned();
      break;
    case 'reportToggled': {
      // The report is an address: opening it adds `#report`, closing takes it away.
      s.reportOpen = event.open;
      const { scenarioHash, report } = splitReportHash(event.address);
      if (report !== event.open) {
        s.lastWrittenAddress = joinReportHash(scenarioHash, event.open);
        fx.push({ type: 'writeAddress', address: s.lastWrittenAddress, linkHash: null });
      }
      break;
    }
    case 'otherTab':
      if (s.stopped) break;
      fx.push({ type: 'refreshHistory' });
      if (event.message.type === 'saved') fx.push({ type: 'setTabNote', text: OTHER_TAB_NOTE });
      break;
    case 'moduleLoaded':
      if (s.stopped) break;
      s.loaded = true;
      if (s.ownPending !== null) fx.push({ type: 'rememberOwnHash', hash: s.ownPending });
      s.ownPending = null;
      // Started by a change on a page that had nothing to restore: that
      // change is this tab's work, and no other tab's save replaces it.
      if (s.restoreOnStart) fx.push({ type: 'readSlots' });
      else {
        fx.push({ type: 'record', source: 'startup' });
        finishStart(event.now);
      }
      break;
    case 'moduleFailed':
      s.started = false;
      if (s.stopped) break;
      notify({ kind: 'error', text: MODULE_UNAVAILABLE });
      break;
    case 'slotsRead':
      restoreSlots(step, event.slots);
      finishStart(event.now);
      break;
    case 'restoreFailed':
      notify({
        kind: 'error',
        text: `Your saved work could not be restored (${event.error}). Showing the defaults instead.`,
      });
      finishStart(event.now);
      break;
    case 'saveTimerFired':
      saveSoon();
      break;
    case 'saveDue':
      saveNow();
      break;
    case 'hashTimerFired':
      writeHash(false);
      break;
    case 'hashWriteDue':
      applyHashWrite(event.seq, event.hash);
      break;
    case 'saveDone': {
      // This tab's own work first: a reload of this tab shows it.
      s.tabSaved = event.tabSaved;
      if (!event.shared && !s.sharedSaveHeld && !s.warnedStorage) {
        s.warnedStorage = true;
        notify({ kind: 'error', text: STORAGE_UNAVAILABLE });
      }
      if (event.shared) fx.push({ type: 'broadcastSaved' });
      // The hash in the address bar is now older than this tab's save (see
      // chooseStartupSource), but only when that save was written.
      const hash = splitReportHash(event.address).scenarioHash;
      if (s.tabSaved) {
        if (s.loaded) fx.push({ type: 'rememberOwnHash', hash });
        else if (LINK_HASH.test(hash)) s.ownPending = hash;
      }
      s.lastSaveCostMs = event.costMs;
      s.nextSaveAt = event.finishedAt + event.costMs * STORAGE_THROTTLE_FACTOR;
      break;
    }
    case 'hashEncoded': {
      if (!linkCurrent(event.seq)) break;
      const next = event.hash.length > MAX_HASH_CHARS ? '' : event.hash;
      // A long link waits for an idle moment (a short one is cheap: at once).
      if (s.hashCostMs > SLOW_ADDRESS_WRITE_MS || next.length > LONG_HASH_CHARS)
        fx.push({ type: 'writeAddressWhenIdle', seq: event.seq, hash: next });
      else applyHashWrite(event.seq, next);
      break;
    }
    case 'addressWritten':
      // Only a long link's rewrite costs enough to measure: a short one's
      // time is whatever else held the page then (a busy frame, a GC pause),
      // and kept, one such moment would hold back every later rewrite for
      // `50 ×` it (170 ms: 8.5 s), so a link copied meanwhile missed edits.
      s.hashCostMs = event.linkHash.length > LONG_HASH_CHARS ? event.costMs : 0;
      // Only a hash no newer than this tab's session is superseded by it on
      // reload; a save still pending remembers the address when it is done.
      if (s.tabSaved && !s.savePending) fx.push({ type: 'rememberOwnHash', hash: event.linkHash });
      break;
    case 'recordReady':
      if (event.json === s.lastRecorded || !event.fits) break;
      s.lastRecorded = event.json;
      fx.push({ type: 'appendHistory', data: event.data, json: event.json, source: event.source });
      break;
    case 'linkDecoded':
      if (s.stopped) break;
      openDecodedLink(step, event);
      break;
    case 'keptUnreadable':
      if (event.ok && event.shared) s.sharedSaveHeld = false;
      break;
    case 'sharedUnreadable':
      if (s.stopped) break;
      // Kept before this tab's next save may overwrite it.
      keepSlot(step, event.raw, event.error, true);
      notify({
        kind: 'error',
        text: `Another tab saved a scenario this version cannot read (${event.error}). It is kept, as it was, in History; your work here is saved in this tab.`,
      });
      break;
  }
  return { state: s, effects: fx };
}

/** Runs events through the reducer in order, from `state`; gives the last state and every effect. */
export function reduceAll(state: PersistState, events: readonly PersistEvent[]): PersistStep {
  let current = state;
  const effects: PersistEffect[] = [];
  for (const event of events) {
    const step = reducePersistence(current, event);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}
