import { routingBillPart } from '../../domain/bill-parts.ts';
import { partVolumeRows } from '../../domain/part-rows.ts';
import { routingUnitCosts } from '../../domain/tab-costs.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume } from '../../domain/volume.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import type { SimOutcome } from '../../domain/routing-runs.ts';

/**
 * The routing lab's volume line: conversations per day → the baseline's and
 * the routing's USD per day and 30 days; with traffic, the baseline is set
 * to what the traffic's calls on the routing's models cost as billed. It
 * reads the runs the totals read (from the engine for a long conversation:
 * running them here again cost a 2,000-turn conversation's step tens of
 * milliseconds).
 */
export function RoutingVolumeLine({
  main,
  reference,
}: {
  main: SimOutcome;
  reference: SimOutcome;
}) {
  const typed = useAppStore((s) => s.routing.volumePerDay);
  const setVolume = useAppStore((s) => s.setRoutingVolume);
  const scenario = useAppStore((s) => s.routing.scenario);
  const defaultModel = scenario.defaultModel.model;
  const pricing = useValue(pricingTable);
  const rates = useTrafficFigures().rates;
  const trafficRate = rates?.conversationsPerDay;
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.conversations);
  // The baseline first: with traffic it is set to the calls on the routing's models.
  const costs = routingUnitCosts(
    defaultModel,
    reference.ok ? reference.result.totals.totalUsd : undefined,
    main.ok ? main.result.totals.totalUsd : undefined,
  );
  const part = rates === undefined ? undefined : routingBillPart(scenario, pricing, rates);
  const { rows, note } = partVolumeRows(volume, costs, reference.ok ? part : undefined);
  return (
    <div className="card">
      <VolumeLine
        label="Conversations per day"
        perDay={volume.perDay}
        source={volume.source}
        trafficRate={trafficRate !== undefined}
        onChange={setVolume}
        rows={rows}
        note={note}
      />
    </div>
  );
}
