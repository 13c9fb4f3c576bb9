/**
 * What scenario persistence (persistence/runner.ts) is built from: the
 * persistence module, the storage keys, the quick synchronous save, the
 * startup check and the small scheduling helpers (after paint, when idle).
 * The timings are the reducer's (src/state/persistence/types.ts).
 */
import * as PersistenceModule from '../../state/persistence.ts';
import { SCENARIO_SLICES, type ScenarioSlice } from '../../state/scenario-schema.ts';
import { TAB_STATE_KEY } from '../../state/tab-session.ts';
import { splitReportHash } from '../../state/persistence/report-address.ts';
import type { AppState } from '../../state/store.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { versionedScenarioJson } from '../../state/scenario-json.ts';
import { LINK_HASH } from '../../state/persistence/types.ts';
import { PINNED_KEY } from './persistence/local-saves.ts';

export { PINNED_KEY };
export { SAVE_DEBOUNCE_MS } from '../../state/persistence/types.ts';

export type Persistence = typeof PersistenceModule;

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

/** Longest wait for a painted frame before a save goes ahead anyway, ms. */
export const AFTER_PAINT_FALLBACK_MS = 100;

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
