import { create } from 'zustand';
import { DEFAULT_SCENARIO, type ScenarioData } from '../model/scenario.ts';
import { createBudgetSlice, type BudgetSlice } from './slices/budget-slice.ts';
import { createGateSlice, type GateSlice } from './slices/gate-slice.ts';
import { createPricesSlice, type PricesSlice } from './slices/prices-slice.ts';
import { createRoutingSlice, type RoutingSlice } from './slices/routing-slice.ts';
import { createTrafficSlice, type TrafficSlice } from './slices/traffic-slice.ts';
import { createUiSlice, type UiSlice } from './slices/ui-slice.ts';

/** The whole store: inputs only; every result is derived from the core. */
export type AppState = UiSlice &
  PricesSlice &
  GateSlice &
  BudgetSlice &
  RoutingSlice &
  TrafficSlice &
  ScenarioActions;

interface ScenarioActions {
  /** Replaces every input at once (a loaded link, file or preset). */
  loadScenario: (data: ScenarioData) => void;
  resetToDefaults: () => void;
}

export const useAppStore = create<AppState>()((...a) => ({
  ...createUiSlice(...a),
  ...createPricesSlice(...a),
  ...createGateSlice(...a),
  ...createBudgetSlice(...a),
  ...createRoutingSlice(...a),
  ...createTrafficSlice(...a),
  loadScenario: (data) => a[0]({ ...data }),
  resetToDefaults: () =>
    a[0]({ ...DEFAULT_SCENARIO, ui: { ...DEFAULT_SCENARIO.ui, theme: a[1]().ui.theme } }),
}));

/** The current inputs as one scenario object. */
export function selectScenario(state: AppState): ScenarioData {
  return {
    ui: state.ui,
    prices: state.prices,
    gate: state.gate,
    budget: state.budget,
    routing: state.routing,
    traffic: state.traffic,
  };
}
