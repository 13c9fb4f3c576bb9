/**
 * The cross-tab figures as they cross from the import worker to the page:
 * the tool-output population (one entry per tool output, tens of thousands
 * for a large import) packed into two typed arrays that are transferred,
 * not cloned object by object. Structured-cloning 30,000 small objects is a
 * single main-thread task of about 50 ms; the packed arrays arrive at once
 * and are unpacked in a few milliseconds.
 */
import type { TrafficCrossFigures } from './traffic-types.ts';

/** The figures with the population as `sizeTokens` and `horizon` columns. */
export interface PackedCrossFigures extends Omit<TrafficCrossFigures, 'population'> {
  readonly populationSizes: Float64Array;
  readonly populationHorizons: Float64Array;
}

/** Packs `figures`' population into columns (the buffers to transfer are the columns'). */
export function packCrossFigures(figures: TrafficCrossFigures): PackedCrossFigures {
  const { population, ...rest } = figures;
  const populationSizes = new Float64Array(population.length);
  const populationHorizons = new Float64Array(population.length);
  population.forEach((p, i) => {
    populationSizes[i] = p.sizeTokens;
    populationHorizons[i] = p.horizon;
  });
  return { ...rest, populationSizes, populationHorizons };
}

/** The figures `packCrossFigures` packed, as they were. */
export function unpackCrossFigures(packed: PackedCrossFigures): TrafficCrossFigures {
  const { populationSizes, populationHorizons, ...rest } = packed;
  const population = Array.from(populationSizes, (sizeTokens, i) => ({
    sizeTokens,
    horizon: populationHorizons[i]!,
  }));
  return { ...rest, population };
}
