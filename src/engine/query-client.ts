/**
 * The one cache of asynchronous results: every worker request the page
 * makes is a TanStack Query query on this client (`use-engine-query.ts`,
 * `traffic-queries.ts`), so latest-wins, the previous result kept while
 * updating, cancellation and structural sharing come from one well-kept
 * library rather than hand-written caches.
 *
 * Requests are large objects (thousands of turns, typed arrays), so a key is
 * never hashed as JSON: an object in a key stands for itself (`#id`, one id
 * per object), and requests come memoised from `computed` values, so the
 * same object is the same request. Results are recomputed only when a key
 * changes (staleTime Infinity, no refetch on focus), never retried (the
 * tasks are pure: a failure would fail again), and dropped a few seconds
 * after nothing reads them, so large results do not pile up.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';

const ids = new WeakMap<object, number>();
let lastId = 0;

/** `value`'s part of a key hash: a primitive as JSON, an object or function by identity. */
function keyPart(value: unknown): string {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') {
    return value === undefined ? 'undefined' : JSON.stringify(value);
  }
  let id = ids.get(value);
  if (id === undefined) {
    id = ++lastId;
    ids.set(value, id);
  }
  return `#${id}`;
}

/** `['strategy', 'strategyRun', request]` → `"strategy"/"strategyRun"/#12`. */
export function engineKeyHash(key: QueryKey): string {
  return key.map(keyPart).join('/');
}

/** How long a result nobody reads stays cached, ms. */
const UNREAD_RESULT_MS = 5_000;

export const engineQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryKeyHashFn: engineKeyHash,
      staleTime: Infinity,
      gcTime: UNREAD_RESULT_MS,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchOnMount: false,
    },
    mutations: { retry: false },
  },
});

/** For tests: forgets every cached result, so a test starts with none. */
export function clearEngineQueries(): void {
  engineQueryClient.clear();
}
