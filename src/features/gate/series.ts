/**
 * Chart series for the gate explorer, each point priced by the core's
 * `gateTerms` fast path (no formula is repeated here).
 */
import {
  cacheWhatIf,
  gateTerms,
  type GateTerms,
  type PricingTable,
  type ResolvedGateInputs,
} from '../../core/index.ts';

export const SIZE_MIN = 100;
export const SIZE_MAX = 1_000_000;

export interface SizePoint {
  size: number;
  netUsd: number;
  fire: boolean;
}

/** Log-spaced sizes from SIZE_MIN to SIZE_MAX, plus the points either side of the threshold jump. */
export function sizeGrid(count: number, extra: readonly number[]): number[] {
  const sizes: number[] = [];
  const lo = Math.log10(SIZE_MIN);
  const hi = Math.log10(SIZE_MAX);
  for (let i = 0; i < count; i++) sizes.push(10 ** (lo + ((hi - lo) * i) / (count - 1)));
  for (const x of extra) if (x >= SIZE_MIN && x <= SIZE_MAX) sizes.push(x);
  return sizes.sort((a, b) => a - b);
}

/** Net saving against output size (USD), for a log axis. */
export function netSavingBySize(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  count = 160,
): SizePoint[] {
  const threshold = inputs.largeOffloadThresholdTokens;
  // The current size is marked separately, so the grid (and the chart's data)
  // stays the same while the size slider moves.
  const sizes = sizeGrid(count, [threshold * (1 - 1e-9), threshold]);
  const probe = { ...inputs };
  const out: GateTerms = gateTerms(probe, pricing);
  return sizes.map((size) => {
    probe.outputTokens = size;
    gateTerms(probe, pricing, out);
    return { size, netUsd: out.netSavingUsd, fire: out.fire };
  });
}

export interface HorizonPoint {
  horizon: number;
  netUsd: number;
  fire: boolean;
}

/** Net saving against horizon 0…maxHorizon turns, USD. */
export function netSavingByHorizon(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  maxHorizon: number,
): HorizonPoint[] {
  const probe = { ...inputs };
  const out: GateTerms = gateTerms(probe, pricing);
  const points: HorizonPoint[] = [];
  for (let h = 0; h <= maxHorizon; h++) {
    probe.horizon = h;
    gateTerms(probe, pricing, out);
    points.push({ horizon: h, netUsd: out.netSavingUsd, fire: out.fire });
  }
  return points;
}

export interface CachePoint {
  size: number;
  uncachedUsd: number;
  cachedUsd: number;
  disagrees: boolean;
}

/** Both pricing bases of the cache what-if against output size. */
export function cacheWhatIfBySize(
  inputs: ResolvedGateInputs,
  tailTokens: number,
  pricing: PricingTable,
  count = 120,
): CachePoint[] {
  const points: CachePoint[] = [];
  for (const size of sizeGrid(count, [])) {
    const r = cacheWhatIf({ ...inputs, outputTokens: size }, tailTokens, pricing);
    if (r === null) return [];
    points.push({
      size,
      uncachedUsd: r.uncachedNetUsd,
      cachedUsd: r.cachedNetUsd,
      disagrees: r.disagrees,
    });
  }
  return points;
}
