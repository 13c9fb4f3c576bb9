/**
 * Gives the traffic figures' engine queries answers, as if traffic were
 * stored and the worker had answered: what the gate, routing and budget
 * tabs and the report read (`useTrafficFigures`), without a worker.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { planChoiceOf } from '../../src/domain/traffic-replay.ts';
import { engineQueryClient } from '../../src/engine/query-client.ts';
import { useTrafficFigures, type TrafficFigures } from '../../src/engine/traces/traffic-figures.ts';
import {
  setStoredTraffic,
  trafficKeys,
  type StoredTraffic,
} from '../../src/engine/traces/traffic-queries.ts';
import type { ReplayOutcome, TrafficCrossFigures } from '../../src/engine/traces/traffic-types.ts';
import { pricingTable } from '../../src/state/selectors.ts';
import { useAppStore } from '../../src/state/store.ts';

/** Cross-tab figures with nothing in them but what a test gives. */
export function crossFigures(patch: Partial<TrafficCrossFigures> = {}): TrafficCrossFigures {
  return {
    calls: 1,
    conversations: 1,
    firstAt: undefined,
    lastAt: undefined,
    asBilledUsd: 0,
    rates: {
      spanDays: 1,
      conversationsPerDay: 1,
      callsPerDay: 1,
      toolOutputsPerDay: 0,
      asBilledUsdPerDay: 0,
      promptsUsdPerDay: 0,
      byModelUsdPerDay: {},
    },
    priors: undefined,
    population: [],
    ttl: {
      models: [],
      bins: [],
      gaps: 0,
      calls: 0,
      choices: [
        { ttlSeconds: 300, totalUsd: 0, cacheHitShare: 0, expiredCalls: 0, expiredShare: 0 },
        { ttlSeconds: 3600, totalUsd: 0, cacheHitShare: 0, expiredCalls: 0, expiredShare: 0 },
      ],
      expired: [],
    },
    ...patch,
  } as TrafficCrossFigures;
}

/** Stores traffic (as far as the queries know) with these answers for the current prices, scope 'all' and choice. */
export function seedTrafficFigures(cross: TrafficCrossFigures, replay?: ReplayOutcome): void {
  act(() => {
    setStoredTraffic({ files: [], skipped: [], skippedTotal: 0, callCount: cross.calls });
    const stored = engineQueryClient.getQueryData<StoredTraffic>(trafficKeys.stored);
    const state = useAppStore.getState();
    const pricing = pricingTable.get();
    engineQueryClient.setQueryData(trafficKeys.cross(stored, pricing), cross);
    if (replay !== undefined) {
      const choice = planChoiceOf(state.traffic.replay);
      engineQueryClient.setQueryData(
        trafficKeys.replay(stored, pricing, { kind: 'all' }, choice),
        replay,
      );
    }
  });
}

/**
 * Each test of the file starts on the defaults with no traffic, and ends
 * unmounted first: clearing the figures under a mounted component would
 * re-render it after the test, outside act().
 */
export function startEachTestWithoutTraffic(): void {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
    clearTrafficFigures();
  });
  afterEach(() => {
    cleanup();
    clearTrafficFigures();
  });
}

/** No traffic stored. */
export function clearTrafficFigures(): void {
  act(() => setStoredTraffic(undefined));
}

/** The stored traffic as the queries hold it (undefined: not looked for yet). */
export function storedTraffic(): StoredTraffic | undefined {
  return engineQueryClient.getQueryData<StoredTraffic>(trafficKeys.stored);
}

/** What `useTrafficFigures` gives a tab, read live (`.current`). */
export function watchTrafficFigures(): { readonly current: TrafficFigures } {
  return renderHook(() => useTrafficFigures()).result;
}
