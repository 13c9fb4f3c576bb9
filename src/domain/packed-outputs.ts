/**
 * A population of tool outputs packed into two typed arrays: a
 * traffic can hold tens of thousands of tool outputs, and a request to the
 * engine's worker is copied on the main thread each time it is sent; typed
 * arrays copy as one block, an array of objects one object at a time. Pure.
 */
import type { PopulationOutput } from '../core/index.ts';

export interface PackedOutputs {
  readonly sizeTokens: Float64Array;
  /** Each output's horizon; NaN for an output that gives none (the scenario's then). */
  readonly horizons: Float64Array;
}

/** `outputs` as two typed arrays. */
export function packOutputs(outputs: readonly PopulationOutput[]): PackedOutputs {
  const sizeTokens = new Float64Array(outputs.length);
  const horizons = new Float64Array(outputs.length);
  outputs.forEach((o, i) => {
    sizeTokens[i] = o.sizeTokens;
    horizons[i] = o.horizon ?? Number.NaN;
  });
  return { sizeTokens, horizons };
}

/** The outputs back from their packed form. */
export function unpackOutputs(packed: PackedOutputs): PopulationOutput[] {
  const out: PopulationOutput[] = new Array<PopulationOutput>(packed.sizeTokens.length);
  for (let i = 0; i < out.length; i++) {
    const horizon = packed.horizons[i]!;
    out[i] = Number.isNaN(horizon)
      ? { sizeTokens: packed.sizeTokens[i]! }
      : { sizeTokens: packed.sizeTokens[i]!, horizon };
  }
  return out;
}
