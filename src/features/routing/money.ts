/**
 * Money beside other money, with the digits it needs: the shared formatter
 * prints sub-cent amounts to six decimals ("$0.008000"), which beside
 * "$0.0320" reads as false precision; a classifier's per-call cost is a
 * round figure, so its trailing zeros go ("$0.008"). Negative amounts keep
 * the shared formatter's true minus sign.
 */
import { formatUsd } from '../../ui/format.ts';

/** `formatUsd` without the trailing zeros of a sub-cent amount: "$0.008", "$0.0005", "$0.001234". */
export function formatUsdBrief(usd: number): string {
  const text = formatUsd(usd);
  if (!(Math.abs(usd) < 0.01) || usd === 0) return text;
  return text.replace(/(\.\d*?[1-9])0+$/, '$1');
}
