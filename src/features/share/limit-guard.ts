/**
 * The limits check of every change (persistence/runner.ts): a change
 * beyond the limits a reload reads the scenario with is undone after its
 * frame, with a message naming the field and the limit.
 */
import { MAX_SCENARIO_BYTES } from '../../core/limits.ts';
import { checkPart } from '../../state/checked-parts.ts';
import { SCENARIO_SLICES, type ScenarioSlice } from '../../state/scenario-schema.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../state/scenario-json.ts';
import { useAppStore, type AppState } from '../../state/store.ts';
import { SAVED_VERSION, SLICE_NAMES, slicesOf, type Slices } from './persistence-helpers.ts';
import type { Notice } from './share-store.ts';

export interface LimitGuard {
  /** Undoes the parts of the state beyond the limits; gives the canonical JSON when fine. */
  enforce: (state: AppState) => { ok: true; json: string } | { ok: false };
  /** The store's current state is good (it was just loaded from a checked source). */
  accept: () => void;
  /**
   * Does the slow half of `enforce` ahead of it, in a task of its own: the
   * check of the changed parts (`'check'`) or their JSON (`'json'`), both
   * remembered by identity, so that a later `enforce` of the same state is
   * quick. Changes nothing and reports nothing (`enforce` still decides).
   */
  prepare: (state: AppState, stage: 'check' | 'json') => void;
}

/** A guard that remembers the last state that passed the limits, part by part. */
export function createLimitGuard(notify: (notice: Notice) => void): LimitGuard {
  // A change beyond the limits goes back to this.
  let lastGood: Slices = slicesOf(useAppStore.getState());

  const refuse = (text: string, slices: readonly ScenarioSlice[]) => {
    const back: Partial<Slices> = {};
    for (const k of slices) Object.assign(back, { [k]: lastGood[k] });
    useAppStore.setState(back);
    notify({ kind: 'error', text });
  };

  const enforce = (state: AppState): { ok: true; json: string } | { ok: false } => {
    const changed = SCENARIO_SLICES.filter((k) => state[k] !== lastGood[k]);
    for (const k of changed) {
      const problem = checkPart(k, state[k]);
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
    // Counted from the parts' kept byte counts, not by encoding megabytes.
    if (versionedScenarioBytes(SAVED_VERSION, slicesOf(state)) > MAX_SCENARIO_BYTES) {
      refuse(
        `This change was not kept: the scenario would be larger than ${(MAX_SCENARIO_BYTES / 1_000_000).toFixed(1)} MB, more than the app can open again. The previous state is back.`,
        changed,
      );
      return { ok: false };
    }
    lastGood = slicesOf(state);
    return { ok: true, json };
  };

  const prepare = (state: AppState, stage: 'check' | 'json') => {
    if (stage === 'json') {
      versionedScenarioJson(SAVED_VERSION, slicesOf(state));
      return;
    }
    for (const k of SCENARIO_SLICES) {
      if (state[k] !== lastGood[k] && checkPart(k, state[k]) !== null) return;
    }
  };

  return { enforce, accept: () => (lastGood = slicesOf(useAppStore.getState())), prepare };
}
