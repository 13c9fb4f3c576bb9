/**
 * The derivation layer: results computed from the store's inputs outside
 * render, in the spirit of tldraw's `computed(name, fn, { isEqual })`.
 *
 * A `computed` picks its inputs from the state (store fields or other
 * computeds), recomputes only when one of them changes identity, and keeps
 * its previous result when the new one is equal by value, so a component
 * reading it (and every chart it feeds) skips the render. Components read
 * derived values with `useDerived`; they never compute them.
 */
import type { AppState } from './store.ts';
import { useAppStore } from './store.ts';

/** A value derived from the store, memoised on its inputs. */
export interface Computed<T> {
  /** A name for debugging. */
  readonly name: string;
  /** The value for `state` (the same object while its inputs and its value are unchanged). */
  readonly get: (state: AppState) => T;
}

/**
 * Defines a derived value. `selectInputs` returns the inputs as a tuple
 * (compared item by item with `Object.is`); `compute` runs only when one
 * changed; `isEqual` decides whether a new result may replace the kept one.
 */
export function computed<const I extends readonly unknown[], T>(
  name: string,
  selectInputs: (state: AppState) => I,
  compute: (...inputs: I) => T,
  isEqual: (kept: T, next: T) => boolean = Object.is,
): Computed<T> {
  let lastState: AppState | undefined;
  let lastInputs: I | undefined;
  let value: T;
  const get = (state: AppState): T => {
    if (state === lastState) return value;
    const inputs = selectInputs(state);
    lastState = state;
    if (lastInputs !== undefined && sameInputs(lastInputs, inputs)) return value;
    const next = compute(...inputs);
    const first = lastInputs === undefined;
    lastInputs = inputs;
    if (first || !isEqual(value, next)) value = next;
    return value;
  };
  return { name, get };
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Reads a derived value in a component; it re-renders only when the value changes identity. */
export function useDerived<T>(value: Computed<T>): T {
  return useAppStore(value.get);
}
