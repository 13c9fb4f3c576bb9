/** Display formatting for the UI (never used by the core's reason strings). */

const tokenFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "40,000" — whole tokens with thousands separators. */
export function formatTokens(tokens: number): string {
  return tokenFormat.format(tokens);
}

/** Plain number with up to `digits` decimals. */
export function formatNumber(value: number, digits = 2): string {
  if (digits === 2) return numberFormat.format(value);
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}

/** USD with precision that suits the magnitude: "$1.19", "$0.0045", "−$0.0088". */
export function formatUsd(usd: number): string {
  const abs = Math.abs(usd);
  const digits = abs === 0 ? 2 : abs >= 100 ? 0 : abs >= 1 ? 2 : abs >= 0.01 ? 4 : 6;
  const text = `$${abs.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
  return usd < 0 ? `\u2212${text}` : text;
}

/** Percentage from a 0–1 fraction. */
export function formatPercent(fraction: number, digits = 0): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Compact token count for axes: "40k", "1.2M". */
export function formatTokensShort(tokens: number): string {
  const abs = Math.abs(tokens);
  if (abs >= 1e6) return `${+(tokens / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(tokens / 1e3).toFixed(1)}k`;
  return `${+tokens.toFixed(0)}`;
}
