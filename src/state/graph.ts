/**
 * A small dependency-tracking graph of derived values, after tldraw's
 * `@tldraw/state` (`atom`, `computed(name, fn, { isEqual })`, epochs):
 *
 * - An **atom** holds an input. Setting it to a different value (by its
 *   `isEqual`) advances the graph's epoch and tells every listener.
 * - A **computed** is a named function of other atoms and computeds. It
 *   records which ones it read while it ran (its parents) and recomputes only
 *   when one of them changed since; a new result equal to the kept one (by
 *   its `isEqual`) keeps the kept object, so nothing downstream of it
 *   recomputes, re-renders or redraws.
 *
 * Values are pulled, never pushed: a computed nobody reads never runs, and
 * reading one checks its parents' epochs (cheap while nothing changed)
 * before running anything. Listeners are told that *something* changed; a
 * React component then reads its own value and re-renders only if that
 * value's identity changed (`useValue` in `derive.ts`).
 *
 * Why our own and not `@tldraw/state`: the same model in about 200 lines,
 * while `@tldraw/state` with `@tldraw/state-react` (and the `@tldraw/utils`
 * they pull in) weighs 15.9 kB gzipped, more than the first visit's budget
 * has left.
 */

/** A value in the graph: an atom or a computed. */
export interface Signal<T> {
  /** A name, for error messages and debugging. */
  readonly name: string;
  /** The current value; inside a computed, also records this signal as a parent. */
  get(): T;
}

/** An input of the graph. */
export interface Atom<T> extends Signal<T> {
  /** Replaces the value; a value equal to the current one (by `isEqual`) changes nothing. */
  set(value: T): void;
}

/** Options of an atom or a computed. */
export interface SignalOptions<T> {
  /** Whether `next` may be treated as `kept` (default `Object.is`). */
  readonly isEqual?: (kept: T, next: T) => boolean;
}

/** What the graph knows of a signal while tracking parents. */
interface Node {
  readonly name: string;
  /** The epoch at which the value last changed. */
  lastChangedEpoch: number;
  /** Brings a computed up to date (an atom always is). */
  refresh(): void;
}

let globalEpoch = 1;
const listeners = new Set<() => void>();
/** The parents being recorded by the computed that is running, if any. */
let capturing: Node[] | null = null;

function capture(node: Node): void {
  if (capturing !== null && !capturing.includes(node)) capturing.push(node);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` after every change of any atom; returns the unsubscribe function. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The graph's epoch: it advances whenever an atom changes (for tests and debugging). */
export function currentEpoch(): number {
  return globalEpoch;
}

class AtomNode<T> implements Atom<T>, Node {
  lastChangedEpoch = globalEpoch;
  private value: T;
  private readonly isEqual: (kept: T, next: T) => boolean;

  constructor(
    readonly name: string,
    initial: T,
    options: SignalOptions<T>,
  ) {
    this.value = initial;
    this.isEqual = options.isEqual ?? Object.is;
  }

  refresh(): void {}

  get(): T {
    capture(this);
    return this.value;
  }

  set(value: T): void {
    if (this.isEqual(this.value, value)) return;
    this.value = value;
    globalEpoch++;
    this.lastChangedEpoch = globalEpoch;
    notify();
  }
}

type Outcome<T> =
  | { readonly kind: 'none' }
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'error'; readonly error: unknown };

class ComputedNode<T> implements Signal<T>, Node {
  /** Never changed yet: any reader recomputes on its first read. */
  lastChangedEpoch = 0;
  private lastCheckedEpoch = 0;
  private outcome: Outcome<T> = { kind: 'none' };
  private parents: readonly Node[] = [];
  private parentEpochs: readonly number[] = [];
  private running = false;
  private readonly isEqual: (kept: T, next: T) => boolean;

  constructor(
    readonly name: string,
    private readonly derive: () => T,
    options: SignalOptions<T>,
  ) {
    this.isEqual = options.isEqual ?? Object.is;
  }

  get(): T {
    this.refresh();
    capture(this);
    const outcome = this.outcome;
    if (outcome.kind === 'error') throw outcome.error;
    if (outcome.kind === 'none') throw new Error(`computed ${this.name} has no value`);
    return outcome.value;
  }

  refresh(): void {
    if (this.lastCheckedEpoch === globalEpoch) return;
    if (this.running) throw new Error(`computed ${this.name} depends on itself`);
    if (this.outcome.kind !== 'none' && !this.parentsChanged()) {
      this.lastCheckedEpoch = globalEpoch;
      return;
    }
    this.recompute();
  }

  private parentsChanged(): boolean {
    for (let i = 0; i < this.parents.length; i++) {
      const parent = this.parents[i] as Node;
      parent.refresh();
      if (parent.lastChangedEpoch !== this.parentEpochs[i]) return true;
    }
    return false;
  }

  private recompute(): void {
    const outer = capturing;
    const parents: Node[] = [];
    capturing = parents;
    this.running = true;
    let next: Outcome<T>;
    try {
      next = { kind: 'value', value: this.derive() };
    } catch (error) {
      next = { kind: 'error', error };
    } finally {
      this.running = false;
      capturing = outer;
    }
    this.parents = parents;
    this.parentEpochs = parents.map((p) => p.lastChangedEpoch);
    const kept = this.outcome;
    const same =
      kept.kind === 'value' && next.kind === 'value' && this.isEqual(kept.value, next.value);
    if (!same) {
      this.outcome = next;
      this.lastChangedEpoch = globalEpoch;
    }
    this.lastCheckedEpoch = globalEpoch;
  }
}

/** An input of the graph, holding `initial` until set. */
export function atom<T>(name: string, initial: T, options: SignalOptions<T> = {}): Atom<T> {
  return new AtomNode(name, initial, options);
}

/**
 * A value derived from other signals by `derive`, which must be pure: it is
 * run again only when a signal it read has changed, and its result replaces
 * the kept one only when `isEqual` says they differ. An error thrown by
 * `derive` is kept like a value and thrown to every reader until a parent
 * changes.
 */
export function computed<T>(
  name: string,
  derive: () => T,
  options: SignalOptions<T> = {},
): Signal<T> {
  return new ComputedNode(name, derive, options);
}

/** Runs `read` without recording what it reads as parents of the running computed. */
export function untracked<T>(read: () => T): T {
  const outer = capturing;
  capturing = null;
  try {
    return read();
  } finally {
    capturing = outer;
  }
}
