import type { StateCreator } from 'zustand';
import type { RoutingScenario } from '../../core/index.ts';
import type { CacheTtlChoice, GeneratorSettings, RoutingState } from '../../model/routing.ts';
import { DEFAULT_ROUTING } from '../../model/routing-presets.ts';
import type { AppState } from '../store.ts';

export interface RoutingSlice {
  routing: RoutingState;
  /** Changes the scenario (the conversation or the routing); the preset becomes `custom`. */
  setRoutingScenario: (patch: Partial<RoutingScenario>) => void;
  /** Sets the cache TTL and how it was chosen. */
  setCacheTtl: (choice: CacheTtlChoice, cacheTtlSeconds: number) => void;
  setRoutingGenerator: (patch: Partial<GeneratorSettings>) => void;
  /** Sets the models added to the baselines. */
  setBaselineModels: (models: readonly string[]) => void;
  /** Sets the conversations per day of the volume line (null = the traffic's rate or the default). */
  setRoutingVolume: (volumePerDay: number | null) => void;
  /** Replaces the whole lab state (a preset); models added to the baselines stay unless it names its own. */
  loadRouting: (state: RoutingState) => void;
}

export const createRoutingSlice: StateCreator<AppState, [], [], RoutingSlice> = (set) => ({
  routing: DEFAULT_ROUTING,
  setRoutingScenario: (patch) =>
    set((s) => ({
      routing: { ...s.routing, preset: 'custom', scenario: { ...s.routing.scenario, ...patch } },
    })),
  setCacheTtl: (cacheTtlChoice, cacheTtlSeconds) =>
    set((s) => ({
      routing: {
        ...s.routing,
        preset: 'custom',
        cacheTtlChoice,
        scenario: { ...s.routing.scenario, cacheTtlSeconds },
      },
    })),
  setRoutingGenerator: (patch) =>
    set((s) => ({ routing: { ...s.routing, generator: { ...s.routing.generator, ...patch } } })),
  setBaselineModels: (baselineModels) =>
    set((s) => ({ routing: { ...s.routing, baselineModels } })),
  setRoutingVolume: (volumePerDay) => set((s) => ({ routing: { ...s.routing, volumePerDay } })),
  loadRouting: (routing) =>
    set((s) => {
      const kept =
        routing.baselineModels === undefined && s.routing.baselineModels !== undefined
          ? { ...routing, baselineModels: s.routing.baselineModels }
          : routing;
      // A preset names no volume: a typed one stays (it is the user's rate, not the preset's).
      return {
        routing:
          kept.volumePerDay === undefined && s.routing.volumePerDay !== undefined
            ? { ...kept, volumePerDay: s.routing.volumePerDay }
            : kept,
      };
    }),
});
