/**
 * What scenario persistence (use-scenario-persistence.ts) is built from: the
 * persistence module, the storage keys, the quick synchronous save, the
 * startup check, the timings and the small browser helpers.
 */
import * as PersistenceModule from '../../state/persistence.ts';
import { SCENARIO_SLICES, type ScenarioSlice } from '../../state/scenario-schema.ts';
import { TAB_STATE_KEY } from '../../state/tab-session.ts';
import { splitReportHash } from './report-address.ts';
import type { AppState } from '../../state/store.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { MAX_SCENARIO_BYTES } from '../../core/limits.ts';
import { recordState } from './history-api.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../state/scenario-json.ts';

export type Persistence = typeof PersistenceModule;

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
/** A hash that carries a scenario (test it on `splitReportHash(hash).scenarioHash`). */
export const LINK_HASH = /^#(?:s|json)=/;

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
export function saveJsonQuickly(json: string): boolean {
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
  if (LINK_HASH.test(splitReportHash(window.location.hash).scenarioHash)) return true;
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
export const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * Local storage is written after every change, in the task after the frame
 * that shows it, unless the last write was slow (a
 * huge scenario): then at most every `cost × 50` ms, so saving takes under 2%
 * of the time while dragging.
 */
export const STORAGE_THROTTLE_FACTOR = 50;

/** A save that took longer than this, ms, makes the next one wait for idle time. */
export const SLOW_SAVE_MS = 8;

/** Longest wait for idle time before a slow save goes ahead anyway, ms. */
export const IDLE_SAVE_TIMEOUT_MS = 1_000;

/** The parts of the scenario, as the store holds them. */
export type Slices = Pick<AppState, ScenarioSlice>;

export function slicesOf(state: AppState): Slices {
  return {
    ui: state.ui,
    prices: state.prices,
    gate: state.gate,
    budget: state.budget,
    routing: state.routing,
    traffic: state.traffic,
  };
}

export function scenarioChanged(state: AppState, previous: AppState): boolean {
  return SCENARIO_SLICES.some((k) => state[k] !== previous[k]);
}

export const SLICE_NAMES: Record<ScenarioSlice, string> = {
  ui: 'view settings',
  prices: 'prices',
  gate: 'gate inputs',
  budget: 'budget',
  routing: 'routing scenario',
  traffic: 'replay choice',
};

/** Rewrites the address bar; returns how long that took, ms. */
export function replaceHash(hash: string): number {
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
export const HASH_THROTTLE_FACTOR = 50;

/**
 * A link longer than this many characters is written to the address bar at
 * an idle moment even the first time (before its cost is known).
 */
export const LONG_HASH_CHARS = 20_000;

/** Runs `task` when the page is idle (within `timeout` ms), else after a timer. */
export function whenIdle(task: () => void, timeout: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout });
  else setTimeout(task, 0);
}

/**
 * Runs `steps` one idle task each (`whenIdle`), in order, while `go()` holds
 * before each: a long piece of work cut where a key press may come between.
 */
export function whenIdleInSteps(
  steps: readonly (() => void)[],
  go: () => boolean,
  timeout: number,
): void {
  const run = (i: number) => {
    if (i >= steps.length) return;
    whenIdle(() => {
      if (!go()) return;
      steps[i]!();
      run(i + 1);
    }, timeout);
  };
  run(0);
}

/** Reads a slot; a slot that cannot be read at all counts as empty. Never throws. */
export function readSlot(
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
 * A function that runs `task` once after the next painted frame (at most
 * once per frame however often it is called). A save waits for the frame
 * that shows the change: during a drag the write would otherwise sit between
 * the key press and the paint. A hidden page paints no frames, hence the
 * timer; leaving the page flushes at once.
 */
export function afterPaint(task: () => void): () => void {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    const run = () => {
      if (!pending) return;
      pending = false;
      task();
    };
    if (typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => setTimeout(run, 0));
    setTimeout(run, AFTER_PAINT_FALLBACK_MS);
  };
}

/** Records a state about to be replaced, so it stays one click away in History. */
export function keepInHistory(data: ScenarioData | null): void {
  if (data === null) return;
  const json = versionedScenarioJson(SAVED_VERSION, data);
  if (versionedScenarioBytes(SAVED_VERSION, data) <= MAX_SCENARIO_BYTES)
    void recordState(data, json, 'saved');
}
