/**
 * The policies' costs over recall priors p and elasticities k (SPEC §2.1,
 * `comparePopulation` at each point), and the same region over groups of
 * outputs priced apart, weighted by their sizes: the comparison is a sum
 * over outputs, so a group's costs per 1,000 of its outputs, times its
 * outputs, add up to the whole.
 */
import type { PopulationOutput, PricingTable, ResolvedGateInputs } from '../core/index.ts';
import type { PopulationInputs } from '../model/gate.ts';
import { policyFigures } from './population-sizes.ts';
import type { RecallCosts, RegionRowCosts } from './recall-verdict.ts';

/** Each policy's cost per 1,000 outputs at each recall prior. Throws as `policyFigures` does. */
export function recallSweepCosts(
  population: PopulationInputs,
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  outputs: readonly PopulationOutput[] | undefined,
  probabilities: readonly number[],
): RecallCosts[] {
  return probabilities.map((recallProbability) => {
    const { comparison } = policyFigures(
      { ...population, recallProbability },
      inputs,
      pricing,
      outputs,
    );
    return {
      recallProbability,
      neverUsd: comparison.never.totalUsd,
      sizeOnlyUsd: comparison.sizeOnly.totalUsd,
      gateUsd: comparison.gate.totalUsd,
    };
  });
}

/** The sweep at each elasticity k: the region's rows, per 1,000 outputs. */
export function recallRegionCosts(
  population: PopulationInputs,
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  outputs: readonly PopulationOutput[] | undefined,
  probabilities: readonly number[],
  elasticities: readonly number[],
): RegionRowCosts[] {
  return elasticities.map((recallElasticity) => ({
    recallElasticity,
    points: recallSweepCosts(
      { ...population, recallElasticity },
      inputs,
      pricing,
      outputs,
      probabilities,
    ),
  }));
}

/** Regions of groups of outputs (same p and k grid), each with its outputs, as one region per 1,000 outputs of all. */
export function weightedRegion(
  parts: readonly { readonly rows: readonly RegionRowCosts[]; readonly outputs: number }[],
): RegionRowCosts[] {
  const total = parts.reduce((n, part) => n + part.outputs, 0);
  const first = parts[0];
  if (first === undefined || total === 0) return [];
  return first.rows.map((row, r) => ({
    recallElasticity: row.recallElasticity,
    points: row.points.map((point, i) => {
      const sum = (key: 'neverUsd' | 'sizeOnlyUsd' | 'gateUsd') =>
        parts.reduce((usd, part) => usd + part.rows[r]!.points[i]![key] * part.outputs, 0) / total;
      return {
        recallProbability: point.recallProbability,
        neverUsd: sum('neverUsd'),
        sizeOnlyUsd: sum('sizeOnlyUsd'),
        gateUsd: sum('gateUsd'),
      };
    }),
  }));
}
