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
