/**
 * The population of tool-output sizes the gate's policy comparison runs
 * over (seed 000): log-normal around a median, or sizes a user pasted. The
 * gate tab, the worker and the report all build it here. Pure.
 */
import { InvalidInputError, logNormalPopulation, parseSizes } from '../core/index.ts';
import type { PopulationInputs } from '../state/slices/gate-slice.ts';

/** The sizes, tokens, or the reason there are none (a pasted entry the core rejects). */
export type PopulationSizes =
  | { readonly ok: true; readonly sizes: readonly number[] }
  | { readonly ok: false; readonly error: string };

/** The population the comparison prices, from the gate's population inputs. */
export function populationSizes(population: PopulationInputs): PopulationSizes {
  try {
    const sizes =
      population.mode === 'pasted'
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
