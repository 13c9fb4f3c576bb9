/**
 * The strategy comparison as the routing lab derives it: the four
 * strategies of `domain/strategies.ts` priced on the current conversation,
 * outside render. The engine has no lane for it, so it runs on the main
 * thread, and only for conversations small enough to price within a frame
 * (four runs of the core); a longer one is priced when the user asks.
 */
import type { RoutingScenario } from '../../core/index.ts';
import { compareStrategies, cheapModel, type StrategyComparison } from '../../domain/strategies.ts';
import { computed, fromStore } from '../../state/derive.ts';
import { modelNames, pricingTable } from '../../state/selectors.ts';

/** Up to this many hops the comparison follows every edit (four runs of the core then take under about 8 ms). */
export const AUTO_COMPARE_MAX_HOPS = 300;

/** Hops in a scenario's conversation. */
export function hopsOf(scenario: RoutingScenario): number {
  return scenario.turns.reduce((n, t) => n + t.hops.length, 0);
}

const routingScenario = fromStore('routing.scenario', (s) => s.routing.scenario);

/** The model simple turns go to when the scenario has no classifier of its own. */
const simpleModel = computed('routing.compareSimpleModel', () => {
  const pricing = pricingTable.get();
  return cheapModel(
    modelNames.get(),
    (m) => pricing[m]?.input ?? Infinity,
    routingScenario.get().defaultModel.model,
  );
});

/** The comparison for the current scenario, or null when it is too long to follow every edit. */
export const strategyComparison = computed(
  'routing.strategyComparison',
  (): StrategyComparison | null => {
    const scenario = routingScenario.get();
    return hopsOf(scenario) > AUTO_COMPARE_MAX_HOPS
      ? null
      : compareStrategies(scenario, pricingTable.get(), simpleModel.get());
  },
);

/** Prices the comparison for `scenario` now (the "Compare" button of a long conversation). */
export const comparisonNow = (scenario: RoutingScenario): StrategyComparison =>
  compareStrategies(scenario, pricingTable.get(), simpleModel.get());
