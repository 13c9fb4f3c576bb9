import { lazy, memo, Suspense } from 'react';
import type { PopulationComparison } from '../../core/index.ts';
import { volumeRows } from '../../domain/volume.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { GateLine, type GateCosts } from './GateLine.tsx';

/** Each policy's cost per output (the comparison's totals are per 1,000 outputs). */
function costsOf(comparison: PopulationComparison | null): GateCosts {
  if (comparison === null) return [];
  return [
    ['Never offload', comparison.never.totalUsd / 1000],
    ['Size-only offload', comparison.sizeOnly.totalUsd / 1000],
    ['Net-saving gate', comparison.gate.totalUsd / 1000],
  ];
}

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
  const costs = costsOf(comparison);
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
