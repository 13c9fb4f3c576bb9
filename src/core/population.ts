/**
 * Policy comparison over a population of tool outputs (SPEC §2, §2.1): never
 * offload, size-only offload at a threshold (the v7.12.0 behaviour seed 000
 * says lost money), and the net-saving gate. Revision 2 adds recall that
 * depends on size, a cached carry basis and observed outcomes; with its
 * defaults it gives exactly revision 1's figures.
 */
import { InvalidInputError, describe, requireFinite, requireTokenCount } from './errors.ts';
import {
  clampProbability,
  effectiveHorizon,
  gateTerms,
  type GateTerms,
  type ResolvedGateInputs,
} from './gate.ts';
import { inverseNormalCdf } from './normal-quantile.ts';
import { perToken, priceRowFor, type PricingTable } from './pricing.ts';

export { inverseNormalCdf } from './normal-quantile.ts';

/** Population size for the log-normal quantiles. */
export const POPULATION_SIZE = 1000;

/**
 * 1,000 output sizes from a log-normal with median `medianTokens` and spread
 * `sigma` (standard deviation of ln size): `m·exp(σ·Φ⁻¹((i + 0.5)/1000))`.
 */
export function logNormalPopulation(
  medianTokens: number,
  sigma: number,
  count = POPULATION_SIZE,
): number[] {
  const m = requireFinite('median output size', medianTokens);
  const s = requireFinite('spread', sigma);
  if (m <= 0) throw new InvalidInputError('median output size', 'must be more than 0 tokens');
  if (s < 0) throw new InvalidInputError('spread', 'must not be negative');
  const sizes: number[] = new Array<number>(count);
  for (let i = 0; i < count; i++) sizes[i] = m * Math.exp(s * inverseNormalCdf((i + 0.5) / count));
  return sizes;
}

/** Expected cost of each policy over a population, USD per 1,000 outputs (SPEC §2, revision 1). */
export interface PolicyComparison {
  readonly neverOffloadUsd: number;
  readonly sizeOnlyUsd: number;
  readonly netSavingGateUsd: number;
  /** How many outputs each offloading policy offloaded (of the population). */
  readonly sizeOnlyOffloaded: number;
  readonly gateOffloaded: number;
  readonly populationSize: number;
}

/**
 * Compares never-offload, size-only offload at `sizeOnlyThresholdTokens`,
 * and the net-saving gate over `sizes` (SPEC §2, revision 1: one recall
 * probability, carried output priced as uncached input). An output kept
 * inline costs `size·inRate·h`; offloaded, `stub·inRate·h + recall`. Totals
 * are scaled to 1,000 outputs. Returns `null` when the model has no pricing
 * row or there are no sizes. This is {@link comparePopulation} with its
 * defaults.
 */
export function comparePolicies(
  sizes: readonly number[],
  inputs: ResolvedGateInputs,
  sizeOnlyThresholdTokens: number,
  pricing: PricingTable,
): PolicyComparison | null {
  if (sizes.length === 0 || priceRowFor(pricing, inputs.modelName) === undefined) return null;
  const c = comparePopulation(
    sizes.map((sizeTokens) => ({ sizeTokens })),
    inputs,
    sizeOnlyThresholdTokens,
    pricing,
  );
  return {
    neverOffloadUsd: c.never.totalUsd,
    sizeOnlyUsd: c.sizeOnly.totalUsd,
    netSavingGateUsd: c.gate.totalUsd,
    sizeOnlyOffloaded: c.sizeOnly.offloaded,
    gateOffloaded: c.gate.offloaded,
    populationSize: c.populationSize,
  };
}

/** How carried context is priced (SPEC §2.1). */
export type CarryBasis = 'uncached' | 'cached';

/** One tool output of a population (SPEC §2.1). */
export interface PopulationOutput {
  /** Size, tokens (≥ 0; may be fractional, as chars / 4). */
  readonly sizeTokens: number;
  /** Turns this output would be carried; absent = the scenario's horizon. */
  readonly horizon?: number;
  /** The observed outcome, when known: recalled or not. Absent = the prior. */
  readonly recalled?: boolean;
}

/** The labelled assumptions of SPEC §2.1; each default gives revision 1. */
export interface PopulationAssumptions {
  /** `k ≥ 0`: recall probability `min(1, p·(T/s)^k)`; 0 = one `p` for every size. */
  readonly recallElasticity?: number;
  /** `"uncached"` (the seed's, default) or `"cached"`. */
  readonly carryBasis?: CarryBasis;
  /** `φ ∈ [0, 1]`, share of carried tokens read from cache (cached basis only; default 1). */
  readonly cacheHitShare?: number;
  /** Tokens after the output re-cached once on offload (cached basis only; default 2,000). */
  readonly tailTokens?: number;
}

/** The §2.1 defaults. */
export const POPULATION_DEFAULTS = Object.freeze({
  recallElasticity: 0,
  carryBasis: 'uncached' as CarryBasis,
  cacheHitShare: 1,
  tailTokens: 2_000,
});

/** One policy's result over a population (SPEC §2.1). */
export interface PolicyOutcome {
  /** Total cost scaled to 1,000 outputs (`total × 1000 / n`), USD. */
  readonly totalUsd: number;
  /** Outputs offloaded (of the population, not scaled). */
  readonly offloaded: number;
  /** `100·(total − never)/never`; `null` when never offloading costs nothing. */
  readonly deltaVsNeverPct: number | null;
  /** 100 × cached / all carried-context input tokens; 0 with nothing carried. */
  readonly carriedCacheHitPct: number;
}

/** The three policies over one population (SPEC §2.1). */
export interface PopulationComparison {
  readonly never: PolicyOutcome;
  readonly sizeOnly: PolicyOutcome;
  readonly gate: PolicyOutcome;
  readonly populationSize: number;
}

interface Tally {
  usd: number;
  offloaded: number;
  cachedTokens: number;
  carriedTokens: number;
}

function outcome(t: Tally, never: number, scale: (usd: number) => number): PolicyOutcome {
  return {
    totalUsd: scale(t.usd),
    offloaded: t.offloaded,
    deltaVsNeverPct: never === 0 ? null : (100 * (scale(t.usd) - scale(never))) / scale(never),
    carriedCacheHitPct: t.carriedTokens > 0 ? (100 * t.cachedTokens) / t.carriedTokens : 0,
  };
}

function resolveAssumptions(a: PopulationAssumptions): Required<PopulationAssumptions> {
  const k = requireFinite('recallElasticity', a.recallElasticity ?? 0);
  if (k < 0) throw new InvalidInputError('recallElasticity', `must be 0 or more (got ${k})`);
  const basis = a.carryBasis ?? 'uncached';
  if (basis !== 'uncached' && basis !== 'cached') {
    throw new InvalidInputError(
      'carryBasis',
      `must be "uncached" or "cached" (got ${describe(basis)})`,
    );
  }
  const phi = requireFinite('cacheHitShare', a.cacheHitShare ?? 1);
  if (phi < 0 || phi > 1) {
    throw new InvalidInputError('cacheHitShare', `must be between 0 and 1 (got ${phi})`);
  }
  const tail = requireTokenCount('tailTokens', a.tailTokens ?? 2_000);
  return { recallElasticity: k, carryBasis: basis, cacheHitShare: phi, tailTokens: tail };
}

/**
 * Compares never offloading, size-only offload at `sizeOnlyThresholdTokens`
 * and the net-saving gate over a population (SPEC §2.1). For an output of
 * size `s` carried `h_s` turns: recall probability `p(s)` (`p` when `k = 0`,
 * else `min(1, p·(T/s)^k)`), recall weight `q` (the observed outcome when
 * given), carry rate `c` (`inRate`, or `φ·readRate + (1 − φ)·inRate` when
 * cached), recall hop `r`, re-cache `w` (0, or `φ·(stub + tail)·writeRate`
 * when cached); inline costs `s·c·h_s`, offloaded `stub·c·h_s + q·r + w`. The
 * gate decides on the §2 gate with the constant prior `p` and `h_s`. Totals
 * are scaled to 1,000 outputs. `inputs.horizon` is the horizon of outputs
 * that give none.
 *
 * @throws InvalidInputError for an empty population, an unpriced model, a
 *   size that is not a finite number ≥ 0, or an assumption out of range
 */
export function comparePopulation(
  population: readonly PopulationOutput[],
  inputs: ResolvedGateInputs,
  sizeOnlyThresholdTokens: number,
  pricing: PricingTable,
  assumptions: PopulationAssumptions = {},
): PopulationComparison {
  if (!Array.isArray(population) || population.length === 0) {
    throw new InvalidInputError('population', 'needs at least one output');
  }
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined) {
    throw new InvalidInputError(
      'modelName',
      `no pricing row for model ${JSON.stringify(inputs.modelName)}`,
    );
  }
  const sizeOnlyAt = requireFinite('sizeOnlyThresholdTokens', sizeOnlyThresholdTokens);
  const {
    recallElasticity: k,
    carryBasis,
    cacheHitShare,
    tailTokens,
  } = resolveAssumptions(assumptions);
  const cached = carryBasis === 'cached';
  const phi = cached ? cacheHitShare : 0;
  const inRate = perToken(row.input);
  const outRate = perToken(row.output);
  const readRate = perToken(row.cacheRead ?? row.input);
  const writeRate = perToken(row.cacheWrite ?? row.input);
  const carryRate = cached ? phi * readRate + (1 - phi) * inRate : inRate;
  const recallHop = inputs.recallInputTokens * inRate + inputs.recallOutputTokens * outRate;
  const stub = inputs.stubTokens;
  const recacheTokens = phi * (stub + tailTokens);
  const recache = cached ? recacheTokens * writeRate : 0;
  const T = inputs.largeOffloadThresholdTokens;
  const p = clampProbability(inputs.recallProbability);
  const defaultHorizon = effectiveHorizon(inputs.horizon);

  const never: Tally = { usd: 0, offloaded: 0, cachedTokens: 0, carriedTokens: 0 };
  const sizeOnly: Tally = { usd: 0, offloaded: 0, cachedTokens: 0, carriedTokens: 0 };
  const gate: Tally = { usd: 0, offloaded: 0, cachedTokens: 0, carriedTokens: 0 };
  const probe = { ...inputs };
  const terms: GateTerms = gateTerms(probe, pricing);

  population.forEach((output, i) => {
    const s = output.sizeTokens;
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) {
      throw new InvalidInputError(
        `population[${i}].sizeTokens`,
        `must be a size of 0 or more tokens (got ${describe(s)})`,
      );
    }
    const given = output.horizon ?? undefined;
    if (given !== undefined) requireFinite(`population[${i}].horizon`, given);
    const recalled = output.recalled ?? undefined;
    if (recalled !== undefined && typeof recalled !== 'boolean') {
      throw new InvalidInputError(`population[${i}].recalled`, 'must be true or false');
    }
    const h = given === undefined ? defaultHorizon : effectiveHorizon(given);
    // SPEC §12: with k = 0 every size has p, 0 included; with k > 0 size 0 has 1.
    const pOfS = k === 0 ? p : s === 0 ? 1 : T === 0 ? 0 : Math.min(1, p * (T / s) ** k);
    const q = recalled === undefined ? pOfS : recalled ? 1 : 0;
    const inlineUsd = s * carryRate * h;
    const offloadedUsd = stub * carryRate * h + q * recallHop + recache;
    const inlineCarried = s * h;
    const offloadedCarried = stub * h + q * inputs.recallInputTokens + recacheTokens;
    const keep = (t: Tally) => {
      t.usd += inlineUsd;
      t.cachedTokens += phi * inlineCarried;
      t.carriedTokens += inlineCarried;
    };
    const offload = (t: Tally) => {
      t.usd += offloadedUsd;
      t.offloaded += 1;
      t.cachedTokens += phi * stub * h;
      t.carriedTokens += offloadedCarried;
    };
    keep(never);
    if (s >= sizeOnlyAt) offload(sizeOnly);
    else keep(sizeOnly);
    probe.outputTokens = s;
    probe.horizon = h;
    if (gateTerms(probe, pricing, terms).fire) offload(gate);
    else keep(gate);
  });
  const n = population.length;
  const scale = (usd: number) => (usd * 1000) / n;
  return {
    never: outcome(never, never.usd, scale),
    sizeOnly: outcome(sizeOnly, never.usd, scale),
    gate: outcome(gate, never.usd, scale),
    populationSize: n,
  };
}

/**
 * Parses pasted output sizes (numbers separated by commas, spaces or new
 * lines), tokens. Throws naming the first entry that is not a size ≥ 0.
 */
export function parseSizes(text: string): number[] {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0)
    throw new InvalidInputError('pasted sizes', 'enter at least one size in tokens');
  if (parts.length > 100_000) throw new InvalidInputError('pasted sizes', 'at most 100,000 sizes');
  return parts.map((part, i) => {
    const n = Number(part);
    if (!Number.isFinite(n) || n < 0) {
      throw new InvalidInputError(
        `pasted sizes, entry ${i + 1}`,
        `"${part.slice(0, 20)}" is not a size of 0 or more tokens`,
      );
    }
    return n;
  });
}
