/** A scenario: everything a user set, as one plain object, and its defaults. */
import { DEFAULT_BUDGET, type BudgetState } from './budget.ts';
import { DEFAULT_GATE, type GateState } from './gate.ts';
import { DEFAULT_PRICES, type PricesState } from './prices.ts';
import type { RoutingState } from './routing.ts';
import { DEFAULT_ROUTING } from './routing-presets.ts';
import { DEFAULT_TRAFFIC, type TrafficSettings } from './traffic.ts';
import { DEFAULT_UI, type UiState } from './ui.ts';

/** Everything a user set, as one plain object (SPEC §6 without the version tag). */
export interface ScenarioData {
  readonly ui: UiState;
  readonly prices: PricesState;
  readonly gate: GateState;
  readonly budget: BudgetState;
  readonly routing: RoutingState;
  /** The replay's choice (no calls); scenarios written before it take the defaults. */
  readonly traffic: TrafficSettings;
}

export const DEFAULT_SCENARIO: ScenarioData = {
  ui: DEFAULT_UI,
  prices: DEFAULT_PRICES,
  gate: DEFAULT_GATE,
  budget: DEFAULT_BUDGET,
  routing: DEFAULT_ROUTING,
  traffic: DEFAULT_TRAFFIC,
};
