/**
 * The Overview's answers: the as-billed analysis, the cross-tab figures and
 * the cheapest-setting search over every conversation, under the current
 * price table, worked into the Overview's view once per answer.
 */
import { useMemo } from 'react';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useAppStore } from '../../state/store.ts';
import { gateSweepInputs } from '../gate/use-gate.ts';
import { recallRegionRequest, trafficPopulationUse } from '../gate/use-traffic-population.ts';
import {
  useCrossFigures,
  useReplaySearch,
  useStoredTraffic,
  useTrafficAnalysis,
} from '../../engine/traces/traffic-queries.ts';
import { useValue } from '../../state/derive.ts';
import type { ScopeChoice } from '../../state/replay-scope.ts';
import { pricingTable } from '../../state/selectors.ts';
import { overviewViewOf, type OverviewView } from './overview-view.ts';

const EVERY_CONVERSATION: ScopeChoice = { kind: 'all' };

export interface OverviewAnswer {
  /** Undefined until the stored traffic has been looked for. */
  readonly hasTraffic: boolean | undefined;
  readonly view: OverviewView | undefined;
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
  // The gate decided on the traffic's own tool outputs, as the gate tab's region draws it.
  const population = useAppStore((st) => st.gate.population);
  const sweepInputs = useValue(gateSweepInputs);
  const regionRequest = useMemo(() => {
    const use = trafficPopulationUse({ ...population, mode: 'traffic' }, c?.population);
    return use.packed === undefined ? null : recallRegionRequest(use, sweepInputs, pricing);
  }, [population, c?.population, sweepInputs, pricing]);
  const region = useEngineQuery('sweeps', 'recallRegion', regionRequest).value;
  const threshold = population.sizeOnlyThresholdTokens;
  const view = useMemo(() => {
    if (a === undefined) return undefined;
    const gate =
      region === undefined || region === null || c === undefined
        ? undefined
        : {
            rows: region,
            outputs: c.population.length,
            outputsPerDay: c.rates.toolOutputsPerDay,
            thresholdTokens: threshold,
            inputs: sweepInputs,
          };
    return overviewViewOf(a, c, s, gate);
  }, [a, c, s, region, threshold, sweepInputs]);
  return {
    hasTraffic: stored === undefined ? undefined : stored.meta !== undefined,
    view,
    searching: search.updating || s === undefined,
    error: analysis.error ?? cross.error ?? search.error,
  };
}
