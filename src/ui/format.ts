/**
 * Display formatting for the UI (never used by the core's reason strings).
 * Each function is one of number-format.ts's rules under the name the
 * explorers use: no value ever prints as NaN, Infinity or in e-notation.
 */
import {
  formatDecimal,
  formatFraction,
  formatMoney,
  formatTokenCount,
  formatTokensCompact,
} from './number-format.ts';

/** "40,000" — whole tokens with thousands separators. */
export function formatTokens(tokens: number): string {
  return formatTokenCount(tokens);
}

/** Plain number with up to `digits` decimals. */
export function formatNumber(value: number, digits = 2): string {
  return formatDecimal(value, digits);
}

/** USD with precision that suits the magnitude: "$1.19", "$0.0045", "−$0.0088". */
export function formatUsd(usd: number): string {
  return formatMoney(usd);
}

/** "1,234.567" — what `value.toLocaleString('en-US')` prints (up to 3 decimals). */
export function formatPlain(value: number): string {
  return formatDecimal(value, 3);
}

/** Percentage from a 0–1 fraction, with the true minus sign: "12%", "−5%". */
export function formatPercent(fraction: number, digits = 0): string {
  return formatFraction(fraction, digits);
}

/** Compact token count for axes: "40k", "1.2M". */
export function formatTokensShort(tokens: number): string {
  return formatTokensCompact(tokens);
}
