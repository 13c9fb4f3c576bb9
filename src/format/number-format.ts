/**
 * The one formatting module for numbers on screen: money, tokens, seconds
 * and percentages, built on `Intl.NumberFormat` (en-US). Whatever the value,
 * the text is short and readable:
 * - never `NaN` or `Infinity` (a value that is not a number reads "—");
 * - never `e+`/`e-` notation (tiny values round to zero at the unit's
 *   decimals; values of a trillion and more are compact, "1.2T", and past a
 *   quadrillion written with a power of ten, "1.2 × 10³⁰⁰");
 * - the true minus sign (U+2212) on every negative value;
 * - a fixed rule for decimals per unit.
 */

/** The text shown for a value that is not a number. */
export const NOT_A_NUMBER = '—';
export const MINUS = '\u2212';

const formats = new Map<string, Intl.NumberFormat>();
/** One formatter per option set: building one costs tens of microseconds. */
function cached(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}

function fixed(minDigits: number, maxDigits: number): Intl.NumberFormat {
  return cached(`f${minDigits}.${maxDigits}`, {
    minimumFractionDigits: minDigits,
    maximumFractionDigits: maxDigits,
  });
}

const compact = (): Intl.NumberFormat =>
  cached('compact', { notation: 'compact', maximumFractionDigits: 1 });

/** From here on, compact notation ("1.2T"). */
export const COMPACT_FROM = 1e12;
/** From here on, a power of ten ("1.2 × 10¹⁵"): compact notation stops at T. */
export const POWER_FROM = 1e15;

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
function superscript(n: number): string {
  return String(n)
    .split('')
    .map((d) => SUPERSCRIPT[Number(d)] ?? d)
    .join('');
}

/** "1.2 × 10³⁰⁰" for a positive value of at least `POWER_FROM`. */
function powerOfTen(abs: number): string {
  const exponent = Math.floor(Math.log10(abs));
  let mantissa = abs / 10 ** exponent;
  let exp = exponent;
  if (!Number.isFinite(mantissa)) mantissa = 1;
  if (mantissa >= 9.95) {
    mantissa /= 10;
    exp += 1;
  }
  return `${fixed(0, 1).format(mantissa)} × 10${superscript(exp)}`;
}

/**
 * The magnitude of a non-negative finite value, with `digits` (min, max)
 * decimals while it is ordinary, compact from a trillion and a power of
 * ten from a quadrillion.
 */
function magnitude(
  abs: number,
  minDigits: number,
  maxDigits: number,
  compactFrom = COMPACT_FROM,
): string {
  if (!Number.isFinite(abs)) return NOT_A_NUMBER;
  if (abs >= POWER_FROM) return powerOfTen(abs);
  if (abs >= compactFrom) return compact().format(abs);
  return fixed(minDigits, maxDigits).format(abs);
}

/** Puts the true minus sign before a magnitude, unless it reads as zero. */
function signed(value: number, text: string, prefix = ''): string {
  const zero = /^[0.,]*$/.test(text);
  return value < 0 && !zero ? `${MINUS}${prefix}${text}` : `${prefix}${text}`;
}

/** A plain number with `minDigits`–`maxDigits` decimals: "1,234.5", "−3". */
export function formatDecimal(value: number, maxDigits = 2, minDigits = 0): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  return signed(value, magnitude(Math.abs(value), minDigits, maxDigits));
}

/** Whole tokens with thousands separators: "40,000", "1.2T". */
export function formatTokenCount(tokens: number): string {
  return formatDecimal(tokens, 0);
}

/** Money is compact from a billion dollars ("$24B"): such sums are read, not added up. */
export const MONEY_COMPACT_FROM = 1e9;

/** Below a cent, money keeps three significant digits (never more than eight decimals). */
function subCent(): Intl.NumberFormat {
  return cached('subcent', {
    maximumSignificantDigits: 3,
    maximumFractionDigits: 8,
    roundingPriority: 'lessPrecision',
  });
}

/**
 * USD with decimals that suit the magnitude: none from $100, 2 from $1,
 * 4 from a cent, and below a cent three significant digits without
 * trailing zeros: "$1.19", "$0.0320", "$0.008", "$0.00525", "−$0.0088",
 * "$24B". A value that rounds to nothing reads "$0.00".
 */
export function formatMoney(usd: number): string {
  if (!Number.isFinite(usd)) return NOT_A_NUMBER;
  const abs = Math.abs(usd);
  if (abs > 0 && abs < 0.01) {
    const text = subCent().format(abs);
    return /^[0.]*$/.test(text) ? '$0.00' : signed(usd, text, '$');
  }
  const digits = abs === 0 ? 2 : abs >= 100 ? 0 : abs >= 1 ? 2 : 4;
  return signed(usd, magnitude(abs, digits, digits, MONEY_COMPACT_FROM), '$');
}

/** A change in money, always signed: "+$0.0120", "−$0.1131", "$0.00" for none. */
export function formatMoneyChange(usd: number): string {
  const text = formatMoney(usd);
  if (text === NOT_A_NUMBER || text.startsWith(MINUS) || text === '$0.00') return text;
  return `+${text}`;
}

/** A percentage from a 0–1 fraction, with `digits` decimals: "12%", "−5.0%". */
export function formatFraction(fraction: number, digits = 0): string {
  if (!Number.isFinite(fraction * 100)) return NOT_A_NUMBER;
  return `${signed(fraction, magnitude(Math.abs(fraction * 100), digits, digits))}%`;
}

/** A change as a percentage of a 0–1 fraction, always signed: "+12%", "−10%", "0%". */
export function formatFractionChange(fraction: number, digits = 0): string {
  const text = formatFraction(fraction, digits);
  if (text === NOT_A_NUMBER || text.startsWith(MINUS) || /^[0.]*%$/.test(text)) return text;
  return `+${text}`;
}

/** Seconds with up to one decimal: "300 s", "1.5 s", "1,000,000 s". */
export function formatSeconds(seconds: number, maxDigits = 1): string {
  if (!Number.isFinite(seconds)) return NOT_A_NUMBER;
  return `${formatDecimal(seconds, maxDigits)} s`;
}

/** Compact token count for axes: "40k", "1.2M", "3B". */
export function formatTokensCompact(tokens: number): string {
  if (!Number.isFinite(tokens)) return NOT_A_NUMBER;
  const abs = Math.abs(tokens);
  let text: string;
  if (abs >= POWER_FROM) text = powerOfTen(abs);
  else if (abs >= 1e12) text = `${+(abs / 1e12).toFixed(1)}T`;
  else if (abs >= 1e9) text = `${+(abs / 1e9).toFixed(1)}B`;
  else if (abs >= 1e6) text = `${+(abs / 1e6).toFixed(1)}M`;
  else if (abs >= 1e3) text = `${+(abs / 1e3).toFixed(1)}k`;
  else text = `${+abs.toFixed(0)}`;
  return signed(tokens, text);
}

/**
 * A number as a numeric field shows it: the shortest text that reads back
 * as the value, never in e-notation ("0.00000015", not "1.5e-7"); values
 * below 1e-12 in magnitude show as "0".
 */
export function fieldText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0 || Math.abs(value) < 1e-12) return '0';
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', lead = '', rest = '', expText = '0'] = match;
  const exp = Number(expText);
  const digits = lead + rest;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const whole = digits.padEnd(exp + 1, '0');
  const point = exp + 1;
  return `${sign}${whole.slice(0, point)}${whole.length > point ? `.${whole.slice(point)}` : ''}`;
}
