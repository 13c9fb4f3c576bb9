import { create } from 'zustand';
import { createBudgetSlice, DEFAULT_BUDGET, type BudgetSlice } from './slices/budget-slice.ts';
import { createGateSlice, DEFAULT_GATE, type GateSlice } from './slices/gate-slice.ts';
import { createPricesSlice, DEFAULT_PRICES, type PricesSlice } from './slices/prices-slice.ts';
import { createRoutingSlice, DEFAULT_ROUTING, type RoutingSlice } from './slices/routing-slice.ts';
import { createTrafficSlice, DEFAULT_TRAFFIC, type TrafficSlice } from './slices/traffic-slice.ts';
import { createUiSlice, DEFAULT_UI, type UiSlice } from './slices/ui-slice.ts';

/** The whole store: inputs only; every result is derived from the core. */
export type AppState = UiSlice &
  PricesSlice &
  GateSlice &
  BudgetSlice &
  RoutingSlice &
  TrafficSlice &
  ScenarioActions;

/** Everything a user set, as one plain object (SPEC §6 without the version tag). */
export interface ScenarioData {
  readonly ui: AppState['ui'];
  readonly prices: AppState['prices'];
  readonly gate: AppState['gate'];
  readonly budget: AppState['budget'];
  readonly routing: AppState['routing'];
  /** The replay's choice (no calls); scenarios written before it take the defaults. */
  readonly traffic: AppState['traffic'];
}

interface ScenarioActions {
  /** Replaces every input at once (a loaded link, file or preset). */
  loadScenario: (data: ScenarioData) => void;
  resetToDefaults: () => void;
}

export const DEFAULT_SCENARIO: ScenarioData = {
  ui: DEFAULT_UI,
  prices: DEFAULT_PRICES,
  gate: DEFAULT_GATE,
  budget: DEFAULT_BUDGET,
  routing: DEFAULT_ROUTING,
  traffic: DEFAULT_TRAFFIC,
};

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
