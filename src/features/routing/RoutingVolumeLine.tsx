import { DEFAULT_VOLUME_PER_DAY, resolveVolume, volumeRows } from '../../domain/volume.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import type { SimOutcome } from '../../domain/routing-runs.ts';

/**
 * The routing lab's volume line: conversations per day → the routing's and
 * the baseline's USD per day and 30 days. It reads the runs the totals read
 * (from the engine for a long conversation: running them here again cost a
 * 2,000-turn conversation's step tens of milliseconds).
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
  const defaultModel = useAppStore((s) => s.routing.scenario.defaultModel.model);
  const trafficRate = useTrafficFigures().rates?.conversationsPerDay;
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.conversations);
  const costs: [string, number][] = [];
  if (main.ok) costs.push(['This routing', main.result.totals.totalUsd]);
  if (reference.ok) costs.push([`Every hop on ${defaultModel}`, reference.result.totals.totalUsd]);
  return (
    <div className="card">
      <VolumeLine
        label="Conversations per day"
        perDay={volume.perDay}
        source={volume.source}
        trafficRate={trafficRate !== undefined}
        onChange={setVolume}
        rows={volumeRows(volume, costs)}
      />
    </div>
  );
}
