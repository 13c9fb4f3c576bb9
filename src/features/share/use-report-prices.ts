/**
 * The report's "Prices used": the scenario's rows with the rows the
 * traffic's figures are priced on (asked of the traffic worker), once
 * traffic is stored in this browser: the rows that billed it, and those of
 * the targets of the replay chosen and of the cheapest setting, which the
 * Overview's model decision proposes when it bills less than the traffic did.
 */
import { useMemo } from 'react';
import { useReplaySearch, useTrafficPricesUsed } from '../../engine/traces/traffic-queries.ts';
import type { ReplayChoiceState } from '../../model/traffic.ts';
import { planChoiceOf, planTargets, proposedSetting } from '../../domain/traffic-replay.ts';
import type { ScopeChoice } from '../../state/replay-scope.ts';
import { useValue } from '../../state/derive.ts';
import { modelNames, pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import {
  pricesUsedTable,
  type AssumptionFacts,
  type PricesUsedTable,
} from './report-assumptions-data.ts';

/** The models a replay choice moves calls to (none for "as run"). */
export function replayTargets(choice: ReplayChoiceState): string[] {
  return planTargets(planChoiceOf(choice));
}

const EVERY_CONVERSATION: ScopeChoice = { kind: 'all' };

export function useReportPrices(facts: AssumptionFacts): PricesUsedTable {
  const pricing = useValue(pricingTable);
  const names = useValue(modelNames);
  const replay = useAppStore((s) => s.traffic.replay);
  const search = useReplaySearch(pricing, EVERY_CONVERSATION).value;
  const targets = useMemo(() => {
    const best = search === undefined ? undefined : proposedSetting(search);
    const proposed = best === undefined ? [] : planTargets(best.choice);
    return [...new Set([...replayTargets(replay), ...proposed])].sort();
  }, [replay, search]);
  const traffic = useTrafficPricesUsed(pricing, targets).value;
  return useMemo(
    () => pricesUsedTable(facts.pricesUsed, traffic, new Set(names)),
    [facts, traffic, names],
  );
}
