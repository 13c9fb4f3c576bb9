/**
 * The report's results as nodes of the derivation graph, over the current
 * scenario's figures (`figure-nodes.ts`): each chart's view (bars, summary,
 * CSV and table), the policy comparison's basis in words and the facts
 * behind the assumptions, and the traffic section's figures (from an engine answer). Each chart's node reads only its part of the
 * figures, so an edit of the budget redraws the budget chart alone; a view
 * rebuilt equal by value keeps the kept object.
 */
import { sameData, sameList } from '../../domain/equality.ts';
import { DAYS_PER_MONTH } from '../../domain/volume.ts';
import { computed, type Signal } from '../../state/derive.ts';
import type {
  TrafficFigures,
  TrafficRates,
  TrafficReplayFigures,
} from '../../engine/traces/traffic-figures.ts';
import { policyAssumptionWords } from '../../domain/policy-words.ts';
import {
  currentBudgetFigures,
  currentGateFigures,
  currentPopulationFigures,
  currentRoutingFigures,
  currentScenario,
  sameOrNull,
} from './figure-nodes.ts';
import { assumptionFacts, type AssumptionFacts } from './report-assumptions-data.ts';
import {
  budgetRowsView,
  gateTermsView,
  policyView,
  routingView,
  type BudgetRowsView,
  type GateTermsView,
  type PolicyView,
  type RoutingView,
} from './report-chart-data.ts';

const sameView = sameOrNull(sameData);

/** The gate terms chart (null when the gate cannot be priced). */
export const reportGateChart: Signal<GateTermsView | null> = computed(
  'report.gateChart',
  () => {
    const gate = currentGateFigures.get();
    return gate.ok ? gateTermsView(gate.value.decision) : null;
  },
  { isEqual: sameView },
);

/** The policies chart (null when the comparison cannot be priced). */
export const reportPolicyChart: Signal<PolicyView | null> = computed(
  'report.policyChart',
  () => {
    const population = currentPopulationFigures.get();
    return population.ok ? policyView(population.value) : null;
  },
  { isEqual: sameView },
);

/** The prompt rows chart (null when the budget does not compile). */
export const reportBudgetChart: Signal<BudgetRowsView | null> = computed(
  'report.budgetChart',
  () => {
    const budget = currentBudgetFigures.get();
    return budget.ok ? budgetRowsView(budget.value) : null;
  },
  { isEqual: sameView },
);

/** The routing chart (null when the simulation refuses the scenario). */
export const reportRoutingChart: Signal<RoutingView | null> = computed(
  'report.routingChart',
  () => {
    const routing = currentRoutingFigures.get();
    return routing.ok ? routingView(routing.value) : null;
  },
  { isEqual: sameView },
);

/** The policy comparison's basis in words (empty when it cannot be priced). */
export const reportPolicyWords: Signal<readonly string[]> = computed(
  'report.policyWords',
  () => {
    const population = currentPopulationFigures.get();
    return population.ok ? policyAssumptionWords(population.value.policies.basis) : [];
  },
  { isEqual: (a, b) => sameList(a, b) },
);

/** The hop count, cache TTL and prices used behind the report's assumptions. */
export const reportAssumptionFacts: Signal<AssumptionFacts> = computed(
  'report.assumptionFacts',
  () => assumptionFacts(currentScenario.get()),
  { isEqual: sameData },
);

/** The report's traffic section: the traffic as billed and the chosen replay, per 30 days. */
export interface ReportTraffic {
  /** The loaded traffic in words. */
  readonly source: string;
  readonly rates: TrafficRates;
  readonly replay: TrafficReplayFigures | undefined;
  /** As billed over the traffic's span, USD. */
  readonly asBilledUsd: number;
  /** The replay scaled to the traffic's daily rate, per 30 days; undefined without a replay. */
  readonly replayPerMonthUsd: number | undefined;
}

/**
 * The traffic section's figures from the engine's traffic figures (null while
 * no traffic is loaded in this browser): a few multiplications of an engine
 * answer, made where the answer is read.
 */
export function reportTrafficOf({ source, rates, replay }: TrafficFigures): ReportTraffic | null {
  if (source === undefined || rates === undefined) return null;
  // The replay scales with the traffic: its share of as billed, applied to the daily rate.
  const replayPerDay =
    replay === undefined
      ? undefined
      : replay.asBilledUsd === 0
        ? 0
        : (replay.replayUsd / replay.asBilledUsd) * rates.asBilledUsdPerDay;
  return {
    source,
    rates,
    replay,
    asBilledUsd: rates.asBilledUsdPerDay * rates.spanDays,
    replayPerMonthUsd: replayPerDay === undefined ? undefined : replayPerDay * DAYS_PER_MONTH,
  };
}
