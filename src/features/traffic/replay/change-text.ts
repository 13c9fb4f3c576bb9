/**
 * A change in USD and percent with one sign convention (the true minus sign,
 * U+2212, on both): "−$0.1100 (−10 %)", "+$2.50 (+4 %)", "$0.00 (0 %)".
 */
import { formatNumber, formatUsd } from '../../../ui/format.ts';
import { MINUS } from '../../../format/number-format.ts';

/** The percent part: whole percent, one decimal under 1 %. */
function percentText(pct: number): string {
  const digits = Math.abs(pct) < 1 ? 1 : 0;
  const rounded = Number(Math.abs(pct).toFixed(digits));
  if (rounded === 0) return '0 %';
  return `${pct < 0 ? MINUS : '+'}${formatNumber(rounded, digits)} %`;
}

/** `toUsd − fromUsd` in USD and as a share of `fromUsd` ("—" for the share when `fromUsd` is 0). */
export function changeText(fromUsd: number, toUsd: number): string {
  const delta = toUsd - fromUsd;
  const usd = formatUsd(delta);
  // A change that rounds to nothing carries no sign.
  const signed = !/[1-9]/.test(usd) ? formatUsd(0) : usd.startsWith(MINUS) ? usd : `+${usd}`;
  const pct = fromUsd === 0 ? '—' : percentText((100 * delta) / fromUsd);
  return `${signed} (${pct})`;
}
