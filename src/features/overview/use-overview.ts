/**
 * The Overview's answers: the as-billed analysis, the cross-tab figures and
 * the cheapest-setting search over every conversation, under the current
 * price table, worked into the Overview's view once per answer.
 */
import { useMemo } from 'react';
import { REGION_ELASTICITIES, REGION_RECALL_STEPS } from '../../domain/recall-verdict.ts';
import type { TrafficGateRegionRequest } from '../../engine/traces/traffic-gate-region.ts';
import { gateSweepInputs } from '../gate/use-gate.ts';
import {
  useCrossFigures,
  useReplaySearch,
  useStoredTraffic,
  useTrafficAnalysis,
  useTrafficGateRegion,
} from '../../engine/traces/traffic-queries.ts';
import { computed, fromStore, useValue } from '../../state/derive.ts';
import type { ScopeChoice } from '../../state/replay-scope.ts';
import { pricingTable } from '../../state/selectors.ts';
import { useTrafficCarry } from '../../engine/traces/traffic-carry.ts';
import {
  budgetBillPart,
  gateBillPart,
  routingBillPart,
  tabPartsOf,
  type TabPart,
} from '../../domain/bill-parts.ts';
import { useAppStore } from '../../state/store.ts';
import { overviewViewOf, type OverviewView } from './overview-view.ts';

const EVERY_CONVERSATION: ScopeChoice = { kind: 'all' };

const gatePopulation = fromStore('overview.gatePopulation', (s) => s.gate.population);

/**
 * The gate's region over the traffic as it ran: the gate's stub, recall hop,
 * thresholds and size-only threshold; each output's own model and φ.
 */
const gateRegionRequest = computed('overview.gateRegionRequest', (): TrafficGateRegionRequest => ({
  population: gatePopulation.get(),
  inputs: gateSweepInputs.get(),
  probabilities: REGION_RECALL_STEPS,
  elasticities: REGION_ELASTICITIES,
}));

export interface OverviewAnswer {
  /** Undefined until the stored traffic has been looked for. */
  readonly hasTraffic: boolean | undefined;
  readonly view: OverviewView | undefined;
  /** The part of the bill each tab models; empty until the figures answer. */
  readonly tabParts: readonly TabPart[];
  /** The decisions are still being worked out. */
  readonly searching: boolean;
  readonly error: string | undefined;
}

export function useOverview(): OverviewAnswer {
  const stored = useStoredTraffic();
  const pricing = useValue(pricingTable);
  const analysis = useTrafficAnalysis(pricing);
  const cross = useCrossFigures(pricing);
  const search = useReplaySearch(pricing, EVERY_CONVERSATION);
  const a = analysis.value;
  const c = cross.value;
  const s = search.value;
  // The gate decided on the traffic's own tool outputs, each on its own call's model.
  const region = useTrafficGateRegion(pricing, useValue(gateRegionRequest)).value;
  const view = useMemo(() => {
    if (a === undefined) return undefined;
    return overviewViewOf(a, c, s, region);
  }, [a, c, s, region]);
  const carry = useTrafficCarry(pricing);
  const scenario = useAppStore((st) => st.routing.scenario);
  const tabParts = useMemo(() => {
    const rates = c?.rates;
    if (rates === undefined) return [];
    return tabPartsOf({
      budget: budgetBillPart(rates),
      gate: carry === undefined ? undefined : gateBillPart(carry, rates.asBilledUsdPerDay),
      routing: routingBillPart(scenario, pricing, rates),
    });
  }, [c, carry, scenario, pricing]);
  return {
    tabParts,
    hasTraffic: stored === undefined ? undefined : stored.meta !== undefined,
    view,
    searching: search.updating || s === undefined,
    error: analysis.error ?? cross.error ?? search.error,
  };
}
