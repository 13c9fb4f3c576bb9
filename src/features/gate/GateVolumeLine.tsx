import { lazy, memo, Suspense } from 'react';
import type { PopulationComparison } from '../../core/index.ts';
import { gateUnitCosts, volumeRows } from '../../domain/volume.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { GateLine } from './GateLine.tsx';

// Only with traffic: a first visit, which has none, loads neither it nor its words.
const GateTrafficLine = lazy(() => import('./GateTrafficLine.tsx'));

/**
 * The gate's volume line: tool outputs per day → each policy's USD per day
 * and per 30 days. With traffic, the figures are scaled to the part of the
 * bill the gate models (GateTrafficLine.tsx).
 */
export const GateVolumeLine = memo(function GateVolumeLine({
  comparison,
}: {
  comparison: PopulationComparison | null;
}) {
  const rates = useTrafficFigures().rates;
  const costs = gateUnitCosts(comparison);
  if (rates === undefined) {
    return (
      <GateLine
        trafficRate={undefined}
        rowsOf={(volume) => ({ rows: volumeRows(volume, costs), note: undefined, scaled: false })}
      />
    );
  }
  return (
    <Suspense fallback={null}>
      <GateTrafficLine costs={costs} rates={rates} />
    </Suspense>
  );
});
