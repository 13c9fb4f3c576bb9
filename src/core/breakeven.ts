/**
 * Break-even views of the offload gate (SPEC §2, derived from seed 000):
 * the size, horizon and recall probability at which the net saving is zero.
 */
import type { ResolvedGateInputs } from './gate.ts';
import { clampProbability, effectiveHorizon } from './gate.ts';
import { perToken, priceRowFor, type PricingTable } from './pricing.ts';

/** Break-even figures; `null` where the quantity does not exist. */
export interface BreakEven {
  /** T*: output size above which offloading pays, tokens. `null` when h = 0 or unpriced. */
  readonly sizeTokens: number | null;
  /** H*: horizon (turns, real-valued) above which offloading pays. `null` when the output is no larger than the stub or unpriced. */
  readonly horizonTurns: number | null;
  /** p*: recall probability below which offloading pays (may exceed 1). `null` when a recall hop costs nothing or unpriced. */
  readonly recallProbability: number | null;
  /** Expected recall hop cost at p = 1, USD. */
  readonly recallHopUsd: number | null;
}

/**
 * T*, H* and p* for the given inputs (SPEC §2):
 * `T* = stub + p·(recallIn·inRate + recallOut·outRate) / (inRate·h)`,
 * `H* = p·(…) / ((size − stub)·inRate)`, `p* = (size − stub)·inRate·h / (…)`.
 * The gate fires iff `size ≥ threshold` and `size > T*`.
 */
export function breakEven(inputs: ResolvedGateInputs, pricing: PricingTable): BreakEven {
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined) {
    return { sizeTokens: null, horizonTurns: null, recallProbability: null, recallHopUsd: null };
  }
  const inRate = perToken(row.input);
  const outRate = perToken(row.output);
  const h = effectiveHorizon(inputs.horizon);
  const p = clampProbability(inputs.recallProbability);
  const hop = inputs.recallInputTokens * inRate + inputs.recallOutputTokens * outRate;
  const carried = inputs.outputTokens - inputs.stubTokens;
  return {
    sizeTokens: h >= 1 && inRate > 0 ? inputs.stubTokens + (p * hop) / (inRate * h) : null,
    horizonTurns: carried > 0 && inRate > 0 ? (p * hop) / (carried * inRate) : null,
    recallProbability: hop > 0 ? (carried * inRate * h) / hop : null,
    recallHopUsd: hop,
  };
}

/**
 * The smallest size at which the gate fires, tokens: above both the
 * threshold and T*. `null` when it never fires (h = 0, unpriced, free input).
 */
export function firingSize(inputs: ResolvedGateInputs, pricing: PricingTable): number | null {
  const t = breakEven(inputs, pricing).sizeTokens;
  if (t === null) return null;
  return Math.max(inputs.largeOffloadThresholdTokens, t);
}
