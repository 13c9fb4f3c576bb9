/**
 * The traffic service's answers as engine queries (`../query-client.ts`):
 * what is stored, its analysis, its cross-tab figures, the replay and the
 * search, each keyed on what it depends on — the stored traffic (a new
 * object per import or forget), the price table's identity and the replay's
 * scope and choice — so a later request wins, the previous answer stays
 * while a new one is worked out, and two tabs asking the same thing share
 * one answer. Imports and forgetting replace the stored traffic, which
 * drops every answer about the traffic before.
 */
import {
  keepPreviousData,
  queryOptions,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { TrafficGateRegion, TrafficGateRegionRequest } from './traffic-gate-region.ts';
import type { TrafficPriceUsed } from './traffic-prices.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { planChoiceOf, type ReplayPlanChoice } from '../../domain/traffic-replay.ts';
import {
  DEFAULT_REPLAY_CONSTRAINTS,
  type ReplayConstraints,
} from '../../domain/replay-constraints.ts';
import type { ReplayChoiceState } from '../../model/traffic.ts';
import type { ScopeChoice } from '../../state/replay-scope.ts';
import { engineQueryClient } from '../query-client.ts';
import type { TrafficClient } from './traffic-client.ts';
import type {
  ReplayOutcome,
  ReplayScope,
  ReplaySearchOutcome,
  TrafficAnalysis,
  TrafficCrossFigures,
  TrafficMeta,
} from './traffic-types.ts';

let client: Promise<TrafficClient> | undefined;

/**
 * The one client of the traffic service (the worker holds the calls),
 * loaded on first use: the tabs that read the traffic's figures load
 * neither the client nor its worker until there is traffic to ask about.
 */
export function trafficClient(): Promise<TrafficClient> {
  client ??= import('./traffic-client.ts').then((m) => m.createTrafficClient());
  return client;
}

/** The traffic stored in this browser: a new object each time it changes. */
export interface StoredTraffic {
  /** Undefined: none. */
  readonly meta: TrafficMeta | undefined;
  /** Counts the changes since the page loaded (what a page of rows is read again on). */
  readonly generation: number;
}

const STORED_KEY = ['traffic', 'stored'] as const;
let generation = 0;

const storedQuery = queryOptions({
  queryKey: STORED_KEY,
  queryFn: async (): Promise<StoredTraffic> => {
    let meta: TrafficMeta | undefined;
    try {
      meta = await (await trafficClient()).load();
    } catch {
      // Nothing readable is kept: the tab says there is no traffic yet.
      meta = undefined;
    }
    return { meta, generation: ++generation };
  },
  gcTime: Infinity,
});

/** Looks for stored traffic (once per page; later calls return the same answer). */
export function loadStoredTraffic(): Promise<StoredTraffic> {
  return engineQueryClient.fetchQuery(storedQuery);
}

/**
 * The stored traffic changed (an import added calls, or it was forgotten):
 * every answer about the traffic before is dropped, and the queries keyed
 * on the new object ask again.
 */
export function setStoredTraffic(meta: TrafficMeta | undefined): void {
  engineQueryClient.removeQueries({
    queryKey: ['traffic'],
    predicate: (q) => q.queryKey[1] !== 'stored',
  });
  engineQueryClient.setQueryData(STORED_KEY, { meta, generation: ++generation });
}

/** The stored traffic, once looked for (undefined until then); reading it does not look. */
export function useStoredTraffic(): StoredTraffic | undefined {
  return useQuery({ ...storedQuery, enabled: false }, engineQueryClient).data;
}

/** An answer of the traffic service, with the previous one kept while a newer is worked out. */
export interface TrafficAnswer<T> {
  readonly value: T | undefined;
  readonly updating: boolean;
  /** Why the latest request failed (undefined: it did not). */
  readonly error: string | undefined;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Answers about the traffic are dropped when it changes (`setStoredTraffic`), not by age.
const TRAFFIC_GC = { gcTime: Infinity, placeholderData: keepPreviousData } as const;

function answerOf<T>(
  query: UseQueryResult<T>,
  asked: boolean,
  stored: StoredTraffic | undefined,
): TrafficAnswer<T> {
  // No traffic (forgotten, or none yet): nothing, not the answer about the traffic before.
  if (!asked || stored?.meta === undefined) {
    return { value: undefined, updating: false, error: undefined };
  }
  return {
    value: query.isError ? undefined : query.data,
    updating: query.isPlaceholderData || query.isFetching || query.isPending,
    error: query.isError ? message(query.error) : undefined,
  };
}

const sameAnalysis = (analysis: TrafficAnalysis) => analysis;

/**
 * The traffic tab's figures under `pricing`; with `select`, what a reader
 * shows of them, worked out once per answer (TanStack Query runs `select`
 * again only for a new answer or another `select`, so pass a module-level
 * function).
 */
export function useTrafficAnalysis(pricing: PricingTable): TrafficAnswer<TrafficAnalysis>;
export function useTrafficAnalysis<T>(
  pricing: PricingTable,
  select: (analysis: TrafficAnalysis) => T,
): TrafficAnswer<T>;
export function useTrafficAnalysis<T>(
  pricing: PricingTable,
  select: (analysis: TrafficAnalysis) => T = sameAnalysis as (analysis: TrafficAnalysis) => T,
): TrafficAnswer<T> {
  const stored = useStoredTraffic();
  const asked = stored?.meta !== undefined;
  const query = useQuery(
    {
      queryKey: ['traffic', 'analysis', stored, pricing],
      queryFn: async () => (await (await trafficClient()).analyse(pricing)) as TrafficAnalysis,
      select,
      enabled: asked,
      ...TRAFFIC_GC,
    },
    engineQueryClient,
  );
  return answerOf(query, asked, stored);
}

/** The figures other tabs read from the traffic under `pricing` (undefined: no traffic). */
export function useCrossFigures(pricing: PricingTable): TrafficAnswer<TrafficCrossFigures> {
  const stored = useStoredTraffic();
  const asked = stored?.meta !== undefined;
  const query = useQuery(
    {
      queryKey: trafficKeys.cross(stored, pricing),
      queryFn: async () =>
        (await (await trafficClient()).crossFigures(pricing)) as TrafficCrossFigures,
      enabled: asked,
      ...TRAFFIC_GC,
    },
    engineQueryClient,
  );
  return answerOf(query, asked, stored);
}

/**
 * The gate's region over the traffic as it ran, for the gate's inputs in
 * `request` (null: not asked). Undefined value: no priced tool output.
 */
export function useTrafficGateRegion(
  pricing: PricingTable,
  request: TrafficGateRegionRequest | null,
): TrafficAnswer<TrafficGateRegion | undefined> {
  const stored = useStoredTraffic();
  const asked = stored?.meta !== undefined && request !== null;
  const query = useQuery(
    {
      // The request is small plain data: TanStack Query keys it by value.
      queryKey: trafficKeys.gateRegion(stored, pricing, request),
      queryFn: async () => (await (await trafficClient()).gateRegion(pricing, request!)) ?? null,
      enabled: asked,
      ...TRAFFIC_GC,
    },
    engineQueryClient,
  );
  const answer = answerOf(query, asked, stored);
  return { ...answer, value: answer.value ?? undefined };
}

/**
 * The price rows the traffic's bill and the replay `targets` are priced on,
 * under `pricing` (undefined: no traffic).
 */
export function useTrafficPricesUsed(
  pricing: PricingTable,
  targets: readonly string[],
): TrafficAnswer<readonly TrafficPriceUsed[]> {
  const stored = useStoredTraffic();
  const asked = stored?.meta !== undefined;
  const query = useQuery(
    {
      queryKey: trafficKeys.pricesUsed(stored, pricing, targets),
      queryFn: async () => (await (await trafficClient()).pricesUsed(pricing, targets)) ?? [],
      enabled: asked,
      ...TRAFFIC_GC,
    },
    engineQueryClient,
  );
  return answerOf(query, asked, stored);
}

/** The worker's scope for the user's; `undefined` when nothing is chosen yet. */
export function workerScope(scope: ScopeChoice): ReplayScope | undefined {
  if (scope.kind === 'all') return { kind: 'all' };
  const ids = scope.kind === 'one' ? (scope.id === undefined ? [] : [scope.id]) : scope.ids;
  return ids.length === 0 ? undefined : { kind: 'conversations', ids };
}

/** The replay query's key parts: the scope and the choice by value (they are small). */
function replayKey(scope: ReplayScope, choice: ReplayPlanChoice): string {
  return JSON.stringify([scope, choice]);
}

/** The keys of the figures' queries, for tests that give them answers. */
export const trafficKeys = {
  stored: STORED_KEY,
  cross: (stored: StoredTraffic | undefined, pricing: PricingTable) =>
    ['traffic', 'cross', stored, pricing] as const,
  replay: (
    stored: StoredTraffic | undefined,
    pricing: PricingTable,
    scope: ReplayScope | undefined,
    choice: ReplayPlanChoice,
  ) =>
    [
      'traffic',
      'replay',
      stored,
      pricing,
      scope === undefined ? null : replayKey(scope, choice),
    ] as const,
  gateRegion: (
    stored: StoredTraffic | undefined,
    pricing: PricingTable,
    request: TrafficGateRegionRequest | null,
  ) => ['traffic', 'gateRegion', stored, pricing, request] as const,
  pricesUsed: (
    stored: StoredTraffic | undefined,
    pricing: PricingTable,
    targets: readonly string[],
  ) => ['traffic', 'pricesUsed', stored, pricing, [...targets].sort()] as const,
};

/**
 * The replay of `scope` under `choice` and `pricing`. With `ask` false it
 * only reads an answer someone else asked for (the routing tab and the
 * report show the replay the traffic tab made, never start one).
 */
export function useTrafficReplay(
  pricing: PricingTable,
  scope: ScopeChoice,
  choice: ReplayChoiceState,
  ask = true,
): TrafficAnswer<ReplayOutcome> & { readonly scope: ReplayScope | undefined } {
  const stored = useStoredTraffic();
  const forWorker = workerScope(scope);
  const asked = stored?.meta !== undefined && forWorker !== undefined;
  const plan = planChoiceOf(choice);
  const query = useQuery(
    {
      queryKey: trafficKeys.replay(stored, pricing, forWorker, plan),
      queryFn: async () =>
        (await (
          await trafficClient()
        ).replay(pricing, {
          scope: forWorker!,
          choice: plan,
        })) as ReplayOutcome,
      enabled: asked && ask,
      gcTime: Infinity,
      // A reader that does not ask shows only this very replay.
      ...(ask ? { placeholderData: keepPreviousData } : {}),
    },
    engineQueryClient,
  );
  return { ...answerOf(query, asked, stored), scope: forWorker };
}

/** The search for the cheapest setting over `scope` under `pricing`. */
export function useReplaySearch(
  pricing: PricingTable,
  scope: ScopeChoice,
  constraints: ReplayConstraints = DEFAULT_REPLAY_CONSTRAINTS,
): TrafficAnswer<ReplaySearchOutcome> {
  const stored = useStoredTraffic();
  const forWorker = workerScope(scope);
  const asked = stored?.meta !== undefined && forWorker !== undefined;
  const query = useQuery(
    {
      queryKey: [
        'traffic',
        'search',
        stored,
        pricing,
        forWorker === undefined ? null : JSON.stringify(forWorker),
        JSON.stringify(constraints),
      ],
      queryFn: async () =>
        (await (
          await trafficClient()
        ).searchReplays(pricing, forWorker!, constraints)) as ReplaySearchOutcome,
      enabled: asked,
      ...TRAFFIC_GC,
    },
    engineQueryClient,
  );
  return answerOf(query, asked, stored);
}

/** For tests: a fresh client (and in-thread service), and no answers. */
export function resetTrafficQueriesForTests(): void {
  client = undefined;
  generation = 0;
  engineQueryClient.removeQueries({ queryKey: ['traffic'] });
}
