/**
 * The policy comparison's assumptions in words (SPEC §2.1), shared by the
 * gate tab, the report and every export of the chart: the comparison's
 * basis in, sentences out.
 */
import { formatDecimal, formatFraction, formatTokenCount, MINUS } from '../format/number-format.ts';
import type { PolicyBasis } from './population-sizes.ts';

/** The note shown when the seed's basis is chosen: what it leaves out. */
export const UNCACHED_BASIS_NOTE =
  "The seed's basis prices carried output as uncached input and uses one recall probability for every size: it leaves out the warm prompt cache and small outputs' higher recall, so size-only offload looks cheap here.";

/** What the seed itself reports for v7.12.0, for reference beside the preset's figures. */
export const SEED_V712_REFERENCE = 'the seed reports +94.8 % for v7.12.0 (cache hit 58 % → 32 %)';

function perMillion(usd: number): string {
  return `$${formatDecimal(usd, 2, 2)}/M`;
}

/** A signed change in percent, one decimal, with the true minus sign: "+96.9%", "−10.2%". */
export function formatDeltaPct(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '—';
  const rounded = Math.round(pct * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : MINUS}${formatDecimal(Math.abs(rounded), 1, 1)}%`;
}

/**
 * The break-even recall probability p* (SPEC §2) in words. A probability of
 * 1 or more means no recall rate can undo the saving, 0 or less that none
 * makes offloading pay; in between it is shown as a probability.
 */
export function recallBreakEvenWords(pStar: number): string {
  if (Number.isNaN(pStar)) return '';
  if (pStar >= 1) return 'Offloading pays even if the output is always recalled.';
  if (pStar <= 0) return 'Offloading does not pay even if the output is never recalled.';
  return `Offloading pays while the recall probability stays below ${formatFraction(pStar, 1)} (the break-even p*).`;
}

/** The turns of a horizon, in words. */
function turns(h: number): string {
  return `${formatDecimal(h, 2)} ${h === 1 ? 'turn' : 'turns'}`;
}

/** The comparison's basis, recall and horizon, one sentence each. */
export function policyAssumptionWords(
  b: PolicyBasis,
  options: { readonly ownHorizons?: boolean } = {},
): string[] {
  const basis =
    b.carryBasis === 'cached'
      ? `Basis: cache-aware — ${formatFraction(b.cacheHitShare)} of carried context read from a warm cache at ${perMillion(b.cacheReadPerM)} (the rest at ${perMillion(b.inputPerM)}); offloading re-writes the stub and ${formatTokenCount(b.tailTokens)} tail tokens at ${perMillion(b.cacheWritePerM)}`
      : `Basis: the seed's — carried context priced as uncached input at ${perMillion(b.inputPerM)}`;
  const p = formatFraction(Math.min(1, Math.max(0, b.recallProbability)));
  const recall =
    b.recallElasticity === 0
      ? `Recall: ${p} for every size`
      : `Recall: ${p} at ${formatTokenCount(b.largeOffloadThresholdTokens)} tokens, more for smaller outputs (k = ${formatDecimal(b.recallElasticity, 2)})`;
  return [
    basis,
    `${recall}${b.recallFromGate ? ' (the gate’s prior above)' : ''}`,
    options.ownHorizons === true
      ? 'Horizon: each output’s own, the later calls of its conversation (the horizon above is not used)'
      : `Horizon: ${turns(b.horizon)}${b.horizonFromGate ? ' (the gate’s above)' : ''}`,
  ];
}
