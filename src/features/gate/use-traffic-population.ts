/**
 * The gate's population when it is the traffic's tool outputs:
 * what the comparison is sent, and why it falls back to the log-normal
 * population when no traffic is loaded here (a link opened elsewhere).
 */
import { useMemo } from 'react';
import type { PopulationOutput, PricingTable, ResolvedGateInputs } from '../../core/index.ts';
import { pricingFor } from '../../domain/baselines.ts';
import { REGION_ELASTICITIES, REGION_RECALL_STEPS } from '../../domain/recall-verdict.ts';
import type { RecallRegionRequest, RecallSweepRequest } from '../../engine/api.ts';
import { packOutputs, type PackedOutputs } from '../../domain/packed-outputs.ts';
import type { PopulationInputs } from '../../model/gate.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';

export interface TrafficPopulationUse {
  /** The inputs the comparison runs with: the log-normal's when falling back. */
  readonly population: PopulationInputs;
  /** The traffic's outputs, when they are the population. */
  readonly outputs: readonly PopulationOutput[] | undefined;
  /** The same outputs packed for the engine's worker (the same object while the outputs are). */
  readonly packed: PackedOutputs | undefined;
  /** Why the traffic's outputs are not used although asked for; null when they are (or were not asked for). */
  readonly fallback: string | null;
}

const packedCache = new WeakMap<readonly PopulationOutput[], PackedOutputs>();

/** Packed once per published population: a request then copies two typed arrays. */
function packedFor(outputs: readonly PopulationOutput[]): PackedOutputs {
  let packed = packedCache.get(outputs);
  if (packed === undefined) {
    packed = packOutputs(outputs);
    packedCache.set(outputs, packed);
  }
  return packed;
}

/** The population the comparison prices, given the gate's inputs and the traffic's outputs (if loaded). */
export function trafficPopulationUse(
  population: PopulationInputs,
  outputs: readonly PopulationOutput[] | undefined,
): TrafficPopulationUse {
  if (population.mode !== 'traffic') {
    return { population, outputs: undefined, packed: undefined, fallback: null };
  }
  if (outputs !== undefined && outputs.length > 0) {
    return { population, outputs, packed: packedFor(outputs), fallback: null };
  }
  const fallback =
    outputs === undefined
      ? 'No traffic is loaded in this browser, so the comparison uses the median-and-spread population below instead (a link never carries anyone’s calls). Import traces in “Your traffic” to use yours.'
      : 'Your traffic has no tool outputs (no tool results were read from it), so the comparison uses the median-and-spread population below instead.';
  return {
    population: { ...population, mode: 'lognormal' },
    outputs: undefined,
    packed: undefined,
    fallback,
  };
}

/** {@link trafficPopulationUse} with the traffic's published outputs. */
export function useTrafficPopulation(population: PopulationInputs): TrafficPopulationUse {
  const outputs = useTrafficFigures().population;
  // One object per input: the fallback population is a new object, and a new
  // request each render would send the comparison to the engine forever.
  return useMemo(() => trafficPopulationUse(population, outputs), [population, outputs]);
}

/** The engine request for the recall sweep over `use`'s outputs, priced at the gate's model. */
export function recallSweepRequest(
  use: TrafficPopulationUse,
  sweepInputs: ResolvedGateInputs,
  pricing: PricingTable,
): RecallSweepRequest {
  return {
    population: use.population,
    inputs: sweepInputs,
    pricing: pricingFor(pricing, [sweepInputs.modelName]),
    probabilities: REGION_RECALL_STEPS,
    ...(use.packed === undefined ? {} : { outputs: use.packed }),
  };
}

/**
 * The same sweep at each recall elasticity of the region: the gate tab and
 * the Overview send the same request, so they share one answer.
 */
export function recallRegionRequest(
  use: TrafficPopulationUse,
  sweepInputs: ResolvedGateInputs,
  pricing: PricingTable,
): RecallRegionRequest {
  return { ...recallSweepRequest(use, sweepInputs, pricing), elasticities: REGION_ELASTICITIES };
}
