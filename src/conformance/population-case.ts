/**
 * The `population` vector kind (SPEC §7, §2.1): input `{ pricing?, gate,
 * recallElasticity?, carryBasis?, cacheHitShare?, tailTokens?,
 * sizeOnlyThresholdTokens, population }`, where the population is a list of
 * `{ sizeTokens, horizon?, recalled? }` or `{ median, sigma }` (1,000
 * log-normal quantiles); expect `{ never, sizeOnly, gate }`, or
 * `{ error: "InvalidInput" }` for an invalid population.
 */
import {
  InvalidInputError,
  comparePopulation,
  logNormalPopulation,
  resolveGateInputs,
  type OffloadGateInputs,
  type PopulationAssumptions,
  type PopulationOutput,
} from '../core/index.ts';
import { pricingOf } from './pricing-of.ts';

function populationOf(given: unknown): readonly PopulationOutput[] {
  if (Array.isArray(given)) return given as PopulationOutput[];
  const { median, sigma } = given as { median: number; sigma: number };
  return logNormalPopulation(median, sigma).map((sizeTokens) => ({ sizeTokens }));
}

/** Runs one `population` case through the core. */
export function runPopulationCase(input: Record<string, unknown>): unknown {
  try {
    const gate = input['gate'] as Omit<OffloadGateInputs, 'outputTokens'>;
    const inputs = resolveGateInputs({ ...gate, outputTokens: 0 });
    const assumptions: PopulationAssumptions = Object.fromEntries(
      ['recallElasticity', 'carryBasis', 'cacheHitShare', 'tailTokens']
        .filter((key) => input[key] != null)
        .map((key) => [key, input[key]]),
    );
    const c = comparePopulation(
      populationOf(input['population']),
      inputs,
      input['sizeOnlyThresholdTokens'] as number,
      pricingOf(input),
      assumptions,
    );
    return { never: c.never, sizeOnly: c.sizeOnly, gate: c.gate };
  } catch (error) {
    if (error instanceof InvalidInputError)
      return { error: 'InvalidInput', message: error.message };
    throw error;
  }
}
