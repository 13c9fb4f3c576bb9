/**
 * The headline figures of the current scenario (the report's, and B's in the
 * comparison) and of the pinned scenario A, as nodes of the derivation graph
 * (`state/graph.ts`). The report and the comparison only read them.
 *
 * The current scenario's figures are one node per part, each over the slices
 * it reads: a step of the gate's slider recomputes the gate and the policy
 * comparison, never the routing runs or the budget's admission. Each part
 * keeps its kept object when it comes out equal by value, so the charts and
 * tables fed by an unchanged part neither recompute nor redraw. A changes
 * only when another scenario is pinned, so its figures are one node.
 */
import { simulateRouting } from '../../core/index.ts';
import { sameData, sameList, sameRecord } from '../../domain/equality.ts';
import {
  attempt,
  budgetFigures,
  gateFigures,
  headlineFigures,
  populationFigures,
  routingFigures,
  type BudgetFigures,
  type GateFigures,
  type HeadlineFigures,
  type Outcome,
  type PopulationFigures,
  type RoutingFigures,
} from '../../domain/headline-figures.ts';
import { atom, computed, fromStore, type Signal } from '../../state/derive.ts';
import { priceRows, pricingTable } from '../../state/selectors.ts';
import { selectScenario } from '../../state/store.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { tableFromRows } from '../../model/prices.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { hopsOf, type RoutedHops } from './fate-diff.ts';
import { useShareStore } from './share-store.ts';

/** Both null, or both values equal by `same`. */
export function sameOrNull<T>(
  same: (a: T, b: T) => boolean,
): (a: T | null, b: T | null) => boolean {
  return (a, b) => (a === null || b === null ? a === b : same(a, b));
}

/** Both refused for the same reason, or both the very same hops. */
function sameRoutedHops(a: RoutedHops, b: RoutedHops): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return sameList(a, b, sameRecord);
}

/** The current scenario (B) as one object, kept while none of its slices changes. */
export const currentScenario: Signal<ScenarioData> = fromStore(
  'scenario',
  selectScenario,
  sameRecord,
);

const gateSlice = fromStore('scenario.gate', (s) => s.gate);
const budgetSlice = fromStore('scenario.budget', (s) => s.budget);
const routingSlice = fromStore('scenario.routing', (s) => s.routing);

/** The current scenario's gate decision. */
export const currentGateFigures: Signal<Outcome<GateFigures>> = computed(
  'figures.current.gate',
  () => {
    const gate = gateSlice.get();
    const pricing = pricingTable.get();
    return attempt(() => gateFigures(gate, pricing));
  },
  { isEqual: sameData },
);

/** The current scenario's policy comparison over its population of tool outputs. */
export const currentPopulationFigures: Signal<Outcome<PopulationFigures>> = computed(
  'figures.current.population',
  () => {
    const gate = gateSlice.get();
    const pricing = pricingTable.get();
    return attempt(() => populationFigures(gate, pricing));
  },
  { isEqual: sameData },
);

/** The current scenario's budget admission. */
export const currentBudgetFigures: Signal<Outcome<BudgetFigures>> = computed(
  'figures.current.budget',
  () => {
    const budget = budgetSlice.get();
    return attempt(() => budgetFigures(budget));
  },
  { isEqual: sameData },
);

/** The current scenario's own routing run: its figures and the comparison's hops share it. */
const currentRoutingRun = computed('figures.current.routingRun', () => {
  const routing = routingSlice.get();
  const pricing = pricingTable.get();
  return attempt(() => simulateRouting(routing.scenario, pricing));
});

/** The current scenario's routing run against the default-model baseline. */
export const currentRoutingFigures: Signal<Outcome<RoutingFigures>> = computed(
  'figures.current.routing',
  () => {
    const run = currentRoutingRun.get();
    if (!run.ok) return run;
    const routing = routingSlice.get();
    const pricing = pricingTable.get();
    return attempt(() => routingFigures(routing, pricing, run.value));
  },
  { isEqual: sameData },
);

/** Every headline figure of the current scenario: a new object only when a part changed. */
export const currentFigures: Signal<HeadlineFigures> = computed(
  'figures.current',
  () => ({
    gate: currentGateFigures.get(),
    population: currentPopulationFigures.get(),
    budget: currentBudgetFigures.get(),
    routing: currentRoutingFigures.get(),
  }),
  { isEqual: sameRecord },
);

/** The current scenario's routed hops (or why there are none), for the outcomes that differ. */
export const currentHops: Signal<RoutedHops> = computed(
  'figures.current.hops',
  () => {
    const run = currentRoutingRun.get();
    return run.ok ? run.value.hops : run.error;
  },
  { isEqual: sameRoutedHops },
);

/**
 * The pinned scenario A (null while nothing is pinned): an input of the
 * graph fed by the share store, where A lives.
 */
export const pinnedScenario = atom<ScenarioData | null>(
  'share.pinnedA',
  useShareStore.getState().pinnedA,
);
useShareStore.subscribe((state) => pinnedScenario.set(state.pinnedA));

/** A's headline figures: recomputed only when another scenario is pinned. */
export const pinnedFigures: Signal<HeadlineFigures | null> = computed(
  'figures.pinned',
  () => {
    const pinned = pinnedScenario.get();
    return pinned === null ? null : headlineFigures(pinned);
  },
  { isEqual: sameOrNull(sameData) },
);

/** A's own price table, made once per pin. */
const pinnedOwnPricing = computed('figures.pinned.ownPricing', () => {
  const pinned = pinnedScenario.get();
  return pinned === null ? null : tableFromRows(pinned.prices.rows);
});

/**
 * A's price table: what A's replay over the traffic is priced on. B's very
 * table when A's rows are B's by value, so that the same choice on the same
 * prices is one replay of the traffic, not two.
 */
export const pinnedPricing: Signal<PricingTable | null> = computed('figures.pinned.pricing', () => {
  const pinned = pinnedScenario.get();
  if (pinned === null) return null;
  return sameData(pinned.prices.rows, priceRows.get())
    ? pricingTable.get()
    : pinnedOwnPricing.get();
});

/** A's routed hops (or why there are none). */
export const pinnedHops: Signal<RoutedHops | null> = computed(
  'figures.pinned.hops',
  () => {
    const pinned = pinnedScenario.get();
    return pinned === null ? null : hopsOf(pinned);
  },
  { isEqual: sameOrNull(sameRoutedHops) },
);
