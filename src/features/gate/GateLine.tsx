/**
 * The gate's volume line as drawn, with or without traffic: the volume in
 * use and the figures `rowsOf` gives for it.
 */
import type { PartRows } from '../../domain/part-rows.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume, type Volume } from '../../domain/volume.ts';
import { useAppStore } from '../../state/store.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';

/** The line itself, at the traffic's rate or the typed or default one; `rowsOf` prices the volume. */
export function GateLine({
  trafficRate,
  rowsOf,
}: {
  trafficRate: number | undefined;
  rowsOf: (volume: Volume) => PartRows;
}) {
  const typed = useAppStore((s) => s.gate.volumePerDay);
  const setGate = useAppStore((s) => s.setGate);
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.toolOutputs);
  const { rows, note } = rowsOf(volume);
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
}
