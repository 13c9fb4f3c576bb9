/**
 * Cache-aware what-if for the offload gate (SPEC §2). Not the gate itself:
 * seed 000 prices the carried output as uncached input; this prices it as
 * cached input, to show where the two bases disagree.
 */
import { clampProbability, effectiveHorizon, type ResolvedGateInputs } from './gate.ts';
import { cacheReadPrice, perToken, priceRowFor, type PricingTable } from './pricing.ts';

/** Both pricing bases side by side, USD. */
export interface CacheWhatIf {
  /** The gate's net saving (carried output priced as plain input). */
  readonly uncachedNetUsd: number;
  /** Net saving with the carried output priced at the cache-read rate. */
  readonly cachedNetUsd: number;
  /** True when the two bases reach different verdicts. */
  readonly disagrees: boolean;
}

/**
 * `netCached = (size − stub)·r·h − recall − (stub + tail)·w` with cache read
 * rate `r` and write rate `w` (5-minute write, else plain input), next to the
 * gate's uncached net. `tailTokens` are the tokens after the output that must
 * be re-cached once. Ignores the gate's threshold: this compares pricing
 * bases, not policies. `null` when the model has no pricing row.
 */
export function cacheWhatIf(
  inputs: ResolvedGateInputs,
  tailTokens: number,
  pricing: PricingTable,
): CacheWhatIf | null {
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined) return null;
  const inRate = perToken(row.input);
  const outRate = perToken(row.output);
  const r = perToken(cacheReadPrice(row));
  const w = perToken(row.cacheWrite ?? row.input);
  const h = effectiveHorizon(inputs.horizon);
  const recall =
    clampProbability(inputs.recallProbability) *
    (inputs.recallInputTokens * inRate + inputs.recallOutputTokens * outRate);
  const uncachedNetUsd = (inputs.outputTokens - inputs.stubTokens) * inRate * h - recall;
  const cachedNetUsd =
    (inputs.outputTokens - inputs.stubTokens) * r * h -
    recall -
    (inputs.stubTokens + tailTokens) * w;
  return { uncachedNetUsd, cachedNetUsd, disagrees: uncachedNetUsd > 0 !== cachedNetUsd > 0 };
}
