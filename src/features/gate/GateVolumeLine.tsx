import { memo } from 'react';
import type { PopulationComparison } from '../../core/index.ts';
import { partVolumeRows } from '../../domain/part-rows.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume } from '../../domain/volume.ts';
import { gateBillPart } from '../../domain/bill-parts.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import { useTrafficCarry } from './use-traffic-carry.ts';

/**
 * The gate's volume line: tool outputs per day → each policy's USD per day
 * and per 30 days. With traffic, the figures are scaled to the part of the
 * bill the gate models: never offloading is the carry of the traffic's
 * tool outputs as it ran.
 */
export const GateVolumeLine = memo(function GateVolumeLine({
  comparison,
}: {
  comparison: PopulationComparison | null;
}) {
  const typed = useAppStore((s) => s.gate.volumePerDay);
  const setGate = useAppStore((s) => s.setGate);
  const rates = useTrafficFigures().rates;
  const carry = useTrafficCarry();
  // The priced outputs' rate once the carry is known: unpriced calls are out of the bill.
  const trafficRate = carry?.outputsPerDay ?? rates?.toolOutputsPerDay;
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.toolOutputs);
  const part =
    carry === undefined || rates === undefined
      ? undefined
      : gateBillPart(carry, rates.asBilledUsdPerDay);
  // The comparison's totals are per 1,000 outputs.
  const { rows, note } =
    comparison === null
      ? { rows: [], note: undefined }
      : partVolumeRows(
          volume,
          [
            ['Never offload', comparison.never.totalUsd / 1000],
            ['Size-only offload', comparison.sizeOnly.totalUsd / 1000],
            ['Net-saving gate', comparison.gate.totalUsd / 1000],
          ],
          part,
        );
  return (
    <VolumeLine
      label="Tool outputs per day"
      perDay={volume.perDay}
      source={volume.source}
      trafficRate={trafficRate !== undefined}
      onChange={(volumePerDay) => setGate({ volumePerDay })}
      rows={rows}
      note={note}
    />
  );
});
