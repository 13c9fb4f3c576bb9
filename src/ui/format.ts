/** Display formatting for the UI (never used by the core's reason strings). */

const tokenFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const plainFormat = new Intl.NumberFormat('en-US');

/**
 * One Intl.NumberFormat per (minimum, maximum) fraction digits. Building a
 * formatter costs tens of microseconds, which `toLocaleString(locale, options)`
 * pays on every call: thousands of calls per drag step in the data tables.
 */
const fractionFormats = new Map<number, Intl.NumberFormat>();
function fractionFormat(minDigits: number, maxDigits: number): Intl.NumberFormat {
  const key = minDigits * 32 + maxDigits;
  let format = fractionFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
    fractionFormats.set(key, format);
  }
  return format;
}

/** "40,000" — whole tokens with thousands separators. */
export function formatTokens(tokens: number): string {
  return tokenFormat.format(tokens);
}

/** Plain number with up to `digits` decimals. */
export function formatNumber(value: number, digits = 2): string {
  return fractionFormat(0, digits).format(value);
}

/** USD with precision that suits the magnitude: "$1.19", "$0.0045", "−$0.0088". */
export function formatUsd(usd: number): string {
  const abs = Math.abs(usd);
  const digits = abs === 0 ? 2 : abs >= 100 ? 0 : abs >= 1 ? 2 : abs >= 0.01 ? 4 : 6;
  const text = `$${fractionFormat(digits, digits).format(abs)}`;
  return usd < 0 ? `\u2212${text}` : text;
}

/** "1,234.567" — what `value.toLocaleString('en-US')` prints, without building a formatter per call. */
export function formatPlain(value: number): string {
  return plainFormat.format(value);
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
