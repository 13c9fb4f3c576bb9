import { memo } from 'react';
import type { PopulationComparison } from '../../core/index.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume, volumeRows } from '../../domain/volume.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';

/** The gate's volume line: tool outputs per day → each policy's USD per day and per 30 days. */
export const GateVolumeLine = memo(function GateVolumeLine({
  comparison,
}: {
  comparison: PopulationComparison | null;
}) {
  const typed = useAppStore((s) => s.gate.volumePerDay);
  const setGate = useAppStore((s) => s.setGate);
  const trafficRate = useTrafficFigures().rates?.toolOutputsPerDay;
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.toolOutputs);
  // The comparison's totals are per 1,000 outputs.
  const rows =
    comparison === null
      ? []
      : volumeRows(volume, [
          ['Never offload', comparison.never.totalUsd / 1000],
          ['Size-only offload', comparison.sizeOnly.totalUsd / 1000],
          ['Net-saving gate', comparison.gate.totalUsd / 1000],
        ]);
  return (
    <VolumeLine
      label="Tool outputs per day"
      perDay={volume.perDay}
      source={volume.source}
      trafficRate={trafficRate !== undefined}
      onChange={(volumePerDay) => setGate({ volumePerDay })}
      rows={rows}
    />
  );
});
