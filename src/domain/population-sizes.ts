/**
 * The population of tool-output sizes the gate's policy comparison runs
 * over (seed 000): log-normal around a median, or sizes a user pasted. The
 * gate tab, the worker and the report all build it here. Pure.
 */
import {
  comparePopulation,
  InvalidInputError,
  logNormalPopulation,
  parseSizes,
  priceRowFor,
  type PopulationComparison,
  type PopulationOutput,
  type PricingTable,
  type ResolvedGateInputs,
} from '../core/index.ts';
import type { PopulationInputs } from '../model/gate.ts';

/** The sizes, tokens, or the reason there are none (a pasted entry the core rejects). */
export type PopulationSizes =
  | { readonly ok: true; readonly sizes: readonly number[] }
  | { readonly ok: false; readonly error: string };

/**
 * The traffic's tool outputs when the population is the traffic's and they
 * are given (and not empty); otherwise `undefined`: the comparison then
 * falls back to the log-normal population (a link opened without traffic).
 */
export function trafficOutputsInUse(
  population: PopulationInputs,
  outputs: readonly PopulationOutput[] | undefined,
): readonly PopulationOutput[] | undefined {
  return population.mode === 'traffic' && outputs !== undefined && outputs.length > 0
    ? outputs
    : undefined;
}

/** The population the comparison prices, from the gate's population inputs (and the traffic's outputs, if any). */
export function populationSizes(
  population: PopulationInputs,
  outputs?: readonly PopulationOutput[],
): PopulationSizes {
  try {
    const traffic = trafficOutputsInUse(population, outputs);
    const sizes =
      traffic !== undefined
        ? traffic.map((o) => o.sizeTokens)
        : population.mode === 'pasted'
          ? parseSizes(population.pasted)
          : logNormalPopulation(population.medianTokens, population.sigma);
    return { ok: true, sizes };
  } catch (error) {
    return {
      ok: false,
      error:
        error instanceof InvalidInputError || error instanceof Error
          ? error.message
          : String(error),
    };
  }
}

/** The rates and settings the comparison was priced with, for its assumptions in words. */
export interface PolicyBasis {
  readonly carryBasis: 'uncached' | 'cached';
  /** φ actually applied: 0 on the uncached basis. */
  readonly cacheHitShare: number;
  readonly tailTokens: number;
  readonly stubTokens: number;
  readonly recallElasticity: number;
  readonly horizon: number;
  readonly recallProbability: number;
  /** Whether the horizon and recall prior are the gate's own (above). */
  readonly horizonFromGate: boolean;
  readonly recallFromGate: boolean;
  readonly largeOffloadThresholdTokens: number;
  readonly sizeOnlyThresholdTokens: number;
  readonly modelName: string;
  /** USD per million tokens. */
  readonly inputPerM: number;
  readonly cacheReadPerM: number;
  readonly cacheWritePerM: number;
}

/** Each policy's cost per 1,000 outputs, its change against never offloading and its cache-hit share. */
export interface PolicyFigures {
  readonly comparison: PopulationComparison;
  readonly basis: PolicyBasis;
  readonly sizeCount: number;
}

/** The comparison's horizon and recall prior: its own, or the gate's (SPEC §2.1). */
export function comparisonInputs(
  population: PopulationInputs,
  gateInputs: ResolvedGateInputs,
): ResolvedGateInputs {
  return {
    ...gateInputs,
    horizon: population.horizon ?? gateInputs.horizon,
    recallProbability: population.recallProbability ?? gateInputs.recallProbability,
  };
}

/**
 * Prices never / size-only / the net-saving gate over the population with
 * the comparison's assumptions (SPEC §2.1, `comparePopulation`). Throws the
 * core's message for an unpriced model or a rejected pasted size.
 */
export function policyFigures(
  population: PopulationInputs,
  gateInputs: ResolvedGateInputs,
  pricing: PricingTable,
  outputs?: readonly PopulationOutput[],
): PolicyFigures {
  const sizes = populationSizes(population, outputs);
  const traffic = trafficOutputsInUse(population, outputs);
  if (!sizes.ok) throw new InvalidInputError('pasted sizes', sizes.error);
  const inputs = comparisonInputs(population, gateInputs);
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined) {
    throw new Error(`no price row for ${inputs.modelName}`);
  }
  const cached = population.carryBasis === 'cached';
  const comparison = comparePopulation(
    traffic ?? sizes.sizes.map((sizeTokens) => ({ sizeTokens })),
    inputs,
    population.sizeOnlyThresholdTokens,
    pricing,
    {
      carryBasis: population.carryBasis,
      cacheHitShare: population.cacheHitShare,
      tailTokens: population.tailTokens,
      recallElasticity: population.recallElasticity,
    },
  );
  return {
    comparison,
    sizeCount: sizes.sizes.length,
    basis: {
      carryBasis: population.carryBasis,
      cacheHitShare: cached ? population.cacheHitShare : 0,
      tailTokens: population.tailTokens,
      stubTokens: inputs.stubTokens,
      recallElasticity: population.recallElasticity,
      horizon: inputs.horizon,
      recallProbability: inputs.recallProbability,
      horizonFromGate: population.horizon === null,
      recallFromGate: population.recallProbability === null,
      largeOffloadThresholdTokens: inputs.largeOffloadThresholdTokens,
      sizeOnlyThresholdTokens: population.sizeOnlyThresholdTokens,
      modelName: inputs.modelName,
      inputPerM: row.input,
      cacheReadPerM: row.cacheRead ?? row.input,
      cacheWritePerM: row.cacheWrite ?? row.input,
    },
  };
}

/** p(size) of SPEC §2.1: `p` when k = 0, else min(1, p·(T/s)^k). */
export function recallAtSize(basis: PolicyBasis, sizeTokens: number): number {
  const p = Math.min(1, Math.max(0, basis.recallProbability));
  const k = basis.recallElasticity;
  if (k === 0) return p;
  if (sizeTokens === 0) return 1;
  const T = basis.largeOffloadThresholdTokens;
  return T === 0 ? 0 : Math.min(1, p * (T / sizeTokens) ** k);
}
