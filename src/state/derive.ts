/**
 * The derivation graph over the store of inputs (see `graph.ts`): the
 * zustand store feeds one atom, `fromStore` turns a field of it into a node,
 * and every result is a `computed` over such nodes and other computeds.
 * Components read a node with `useValue` and never derive anything
 * themselves: a component re-renders only when the value it reads changes
 * identity, and a value recomputes only when a node it read has changed.
 */
import { useSyncExternalStore } from 'react';
import { atom, computed, subscribe, type Signal } from './graph.ts';
import { useAppStore, type AppState } from './store.ts';

export { atom, computed, untracked, type Atom, type Signal } from './graph.ts';

/** The store's state as the graph's one input from zustand. */
const storeState = atom<AppState>('store', useAppStore.getState());
useAppStore.subscribe((state) => storeState.set(state));

/**
 * A node holding one field of the store, `select(state)`. It changes only
 * when the selected value does (by `isEqual`, default `Object.is`), so the
 * computeds that read it skip every edit of another field.
 */
export function fromStore<T>(
  name: string,
  select: (state: AppState) => T,
  isEqual: (kept: T, next: T) => boolean = Object.is,
): Signal<T> {
  return computed(name, () => select(storeState.get()), { isEqual });
}

/** Reads a node in a component: it re-renders only when the value changes identity. */
export function useValue<T>(signal: Signal<T>): T {
  const read = () => signal.get();
  return useSyncExternalStore(subscribe, read, read);
}

/** A computed over a tuple of inputs picked from the store's state (see `computedFromState`). */
export interface StateComputed<T> extends Signal<T> {
  /** The value; the argument is ignored (the graph reads the store itself). */
  get(state?: AppState): T;
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * A computed whose inputs are picked from the store's state as a tuple
 * (compared item by item with `Object.is`), computed by `compute` from them:
 * the graph's node in the form the routing lab's results are written in.
 */
export function computedFromState<const I extends readonly unknown[], T>(
  name: string,
  selectInputs: (state: AppState) => I,
  compute: (...inputs: I) => T,
  isEqual: (kept: T, next: T) => boolean = Object.is,
): StateComputed<T> {
  const inputs = computed(`${name}.inputs`, () => selectInputs(storeState.get()), {
    isEqual: sameInputs,
  });
  const node = computed(name, () => compute(...inputs.get()), { isEqual });
  return { name, get: () => node.get() };
}

/** The same as `useValue` (the routing lab's name for it). */
export const useDerived = useValue;
