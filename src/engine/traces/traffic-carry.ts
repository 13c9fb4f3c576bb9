/**
 * The part of the bill the gate models: the carry of the traffic's tool
 * outputs as it ran (never offloading), each priced on the model of the
 * call that read it and read from the cache as often as that model's
 * prompts were. It is the region's "never" cost, which no setting of the
 * gate changes, so it is asked once with the default settings.
 */
import { useMemo } from 'react';
import { DEFAULT_GATE } from '../../model/gate.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { resolveGateInputs } from '../../core/gate.ts';
import type { TrafficGateRegionRequest } from './traffic-gate-region.ts';
import { useTrafficGateRegion } from './traffic-queries.ts';

/** One point is enough: never offloading costs the same at every recall rate and elasticity. */
export const CARRY_REQUEST: TrafficGateRegionRequest = Object.freeze({
  population: DEFAULT_GATE.population,
  inputs: resolveGateInputs(DEFAULT_GATE),
  probabilities: [0],
  elasticities: [0],
});

export interface TrafficCarry {
  /** Priced tool outputs in the traffic, and per day at its rate. */
  readonly outputs: number;
  readonly outputsPerDay: number;
  /** Their carry, never offloaded, USD per day. */
  readonly usdPerDay: number;
}

/** The traffic's carry under `pricing`; undefined without traffic or while it is worked out. */
export function useTrafficCarry(pricing: PricingTable): TrafficCarry | undefined {
  const region = useTrafficGateRegion(pricing, CARRY_REQUEST).value;
  return useMemo(() => {
    const neverPerThousand = region?.rows[0]?.points[0]?.neverUsd;
    if (region === undefined || neverPerThousand === undefined) return undefined;
    return {
      outputs: region.outputs,
      outputsPerDay: region.outputsPerDay,
      usdPerDay: (neverPerThousand * region.outputsPerDay) / 1000,
    };
  }, [region]);
}
