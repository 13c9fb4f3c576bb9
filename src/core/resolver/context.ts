/**
 * Builder of the frozen dispatch context (seed 001 §3; SPEC §4).
 */
import { InvalidInputError, requireFinite } from '../errors.ts';
import { turnHopIndex } from './hop-index.ts';
import type { CacheState, Complexity, DispatchContext, MessageKind } from './types.ts';

/** What a caller supplies; the hop index is derived from the messages. */
export interface DispatchContextFields {
  readonly messages: readonly MessageKind[];
  readonly forcedToolChoice?: string | null;
  readonly resolvedToolNames?: readonly string[] | null;
  readonly cacheState?: CacheState | Readonly<Record<string, number>>;
  readonly complexity?: Complexity;
  readonly now?: number;
  readonly scope?: string;
  readonly runId?: string;
  /** Overrides the index derived from `messages` (for callers that track it themselves). */
  readonly turnHopIndex?: number;
}

const MESSAGE_KINDS = new Set<string>(['human', 'ai', 'tool', 'system']);

/** A read-only map over a frozen copy of `source`. */
function toCacheState(
  source: CacheState | Readonly<Record<string, number>> | undefined,
): CacheState {
  if (source === undefined) return new Map();
  // Any map, including the read-only view another context carries (not a `Map` instance).
  const entries = isMapLike(source) ? [...source.entries()] : Object.entries(source);
  const map = new Map<string, number>();
  for (const [model, at] of entries)
    map.set(model, requireFinite(`cacheState[${JSON.stringify(model)}]`, at));
  return readonlyMap(map);
}

function isMapLike(source: CacheState | Readonly<Record<string, number>>): source is CacheState {
  return typeof (source as { entries?: unknown }).entries === 'function';
}

/** Wraps a map so that its mutators throw: the engine's state is not the resolver's to change. */
export function readonlyMap<K, V>(map: Map<K, V>): ReadonlyMap<K, V> {
  const refuse = (): never => {
    throw new TypeError('cacheState is read-only');
  };
  const view = Object.freeze({
    get: (key: K) => map.get(key),
    has: (key: K) => map.has(key),
    // The callback gets the read-only view, never the mutable map behind it.
    forEach: (fn: (value: V, key: K, m: ReadonlyMap<K, V>) => void) =>
      map.forEach((v, k) => fn(v, k, view)),
    get size() {
      return map.size;
    },
    entries: () => map.entries(),
    keys: () => map.keys(),
    values: () => map.values(),
    [Symbol.iterator]: () => map[Symbol.iterator](),
    set: refuse,
    delete: refuse,
    clear: refuse,
  }) as unknown as ReadonlyMap<K, V>;
  return view;
}

/**
 * Builds a frozen {@link DispatchContext}: `role` is always `"action"`, the
 * messages are a frozen copy, `cacheState` is read-only, and `turnHopIndex`
 * is computed from the messages.
 *
 * @throws InvalidInputError for an unknown message kind or complexity
 */
export function buildDispatchContext(fields: DispatchContextFields): DispatchContext {
  fields.messages.forEach((kind, i) => {
    if (!MESSAGE_KINDS.has(kind))
      throw new InvalidInputError(`messages[${i}]`, `unknown message kind ${JSON.stringify(kind)}`);
  });
  const complexity = fields.complexity ?? 'simple';
  if (complexity !== 'simple' && complexity !== 'complex') {
    throw new InvalidInputError('complexity', 'must be "simple" or "complex"');
  }
  const messages = Object.freeze(fields.messages.slice());
  return Object.freeze({
    role: 'action' as const,
    messages,
    scope: fields.scope ?? 'explorer',
    forcedToolChoice: fields.forcedToolChoice ?? null,
    resolvedToolNames:
      fields.resolvedToolNames == null ? null : Object.freeze(fields.resolvedToolNames.slice()),
    cacheState: toCacheState(fields.cacheState),
    runId: fields.runId ?? 'explorer-run',
    turnHopIndex: fields.turnHopIndex ?? turnHopIndex(messages),
    complexity,
    now: requireFinite('now', fields.now ?? 0),
  });
}
