/**
 * Policy comparison over a population of tool outputs (SPEC §2): never
 * offload, size-only offload at a threshold (the v7.12.0 behaviour seed 000
 * says lost money), and the net-saving gate.
 */
import { InvalidInputError, requireFinite } from './errors.ts';
import { gateTerms, type GateTerms, type ResolvedGateInputs } from './gate.ts';
import { perToken, priceRowFor, type PricingTable } from './pricing.ts';

/** Population size for the log-normal quantiles. */
export const POPULATION_SIZE = 1000;

/**
 * Φ⁻¹, the standard normal quantile (Acklam's rational approximation; relative
 * error below 1.2e-9 over (0, 1), far below what a chart can show).
 */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
    -3.066479806614716e1, 2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
    -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
    4.374664141464968, 2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  return x;
}

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

/** Expected cost of each policy over a population, USD per 1,000 outputs. */
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
 * and the net-saving gate over `sizes` (SPEC §2). An output kept inline costs
 * `size·inRate·h`; offloaded, `stub·inRate·h + recall`. Totals are scaled to
 * 1,000 outputs. Returns `null` when the model has no pricing row.
 */
export function comparePolicies(
  sizes: readonly number[],
  inputs: ResolvedGateInputs,
  sizeOnlyThresholdTokens: number,
  pricing: PricingTable,
): PolicyComparison | null {
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined || sizes.length === 0) return null;
  const inRate = perToken(row.input);
  const outRate = perToken(row.output);
  const terms: GateTerms = gateTerms(
    { ...inputs, outputTokens: inputs.largeOffloadThresholdTokens },
    pricing,
  );
  const h = terms.horizonTurns;
  const recall =
    terms.recallProbability *
    (inputs.recallInputTokens * inRate + inputs.recallOutputTokens * outRate);
  const offloadedCost = inputs.stubTokens * inRate * h + recall;
  let never = 0;
  let sizeOnly = 0;
  let gate = 0;
  let sizeOnlyOffloaded = 0;
  let gateOffloaded = 0;
  const probe = { ...inputs };
  for (const size of sizes) {
    const inline = size * inRate * h;
    never += inline;
    if (size >= sizeOnlyThresholdTokens) {
      sizeOnly += offloadedCost;
      sizeOnlyOffloaded += 1;
    } else {
      sizeOnly += inline;
    }
    probe.outputTokens = size;
    if (gateTerms(probe, pricing, terms).fire) {
      gate += offloadedCost;
      gateOffloaded += 1;
    } else {
      gate += inline;
    }
  }
  const scale = 1000 / sizes.length;
  return {
    neverOffloadUsd: never * scale,
    sizeOnlyUsd: sizeOnly * scale,
    netSavingGateUsd: gate * scale,
    sizeOnlyOffloaded,
    gateOffloaded,
    populationSize: sizes.length,
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
