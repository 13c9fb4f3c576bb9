/**
 * Display formatting for the UI (never used by the core's reason strings).
 * Each function is one of number-format.ts's rules under the name the
 * explorers use: no value ever prints as NaN, Infinity or in e-notation.
 */
import {
  formatDecimal,
  formatFraction,
  formatFractionChange,
  formatMoney,
  formatMoneyChange,
  formatTokenCount,
  formatTokensCompact,
} from '../format/number-format.ts';

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

/**
 * USD for an axis tick: as {@link formatUsd}, without zeros past the cents
 * ("$0.80" and "$1.40" side by side, not "$0.8000"; "$0.0545" stays).
 */
export function formatUsdTick(usd: number): string {
  return formatMoney(usd).replace(/^([^.]*\.\d\d\d*?)0+$/, '$1');
}

/** A change in USD, always signed, with the true minus sign: "+$0.0120", "−$0.1131". */
export function formatUsdChange(usd: number): string {
  return formatMoneyChange(usd);
}

/** "1,234.567" — what `value.toLocaleString('en-US')` prints (up to 3 decimals). */
export function formatPlain(value: number): string {
  return formatDecimal(value, 3);
}

/** Percentage from a 0–1 fraction, with the true minus sign: "12%", "−5%". */
export function formatPercent(fraction: number, digits = 0): string {
  return formatFraction(fraction, digits);
}

/** A change in percent from a 0–1 fraction, always signed: "+12%", "−10%". */
export function formatPercentChange(fraction: number, digits = 0): string {
  return formatFractionChange(fraction, digits);
}

/** Compact token count for axes: "40k", "1.2M". */
export function formatTokensShort(tokens: number): string {
  return formatTokensCompact(tokens);
}

/** Leading number groups read with a vowel sound: eight…, eleven…, eighteen… */
function numberTakesAn(text: string): boolean {
  const lead = /^\d+/.exec(text)?.[0] ?? '';
  if (lead === '') return false;
  // "11,000" is read "eleven thousand"; "110" and "1,100" start with "one".
  if (lead === '11' || lead === '18') return true;
  return lead.startsWith('8');
}

/** Words that start with a vowel letter but a consonant sound, and the reverse. */
const CONSONANT_SOUND = /^(?:uni|use|usu|uti|ura|eu|ewe|one\b|once)/i;
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir)/i;

/**
 * The indefinite article for a phrase as it is read aloud: "an" before
 * "8,000-token", "11-turn", "18%" and vowel sounds ("an output", "an hour"),
 * "a" before "1,000-token", "110-turn", "$5" ("a five-dollar…"), "−8" ("a minus…") and "user".
 */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const text = phrase.trimStart().replace(/^[$€£]/, '');
  if (/^\d/.test(text)) return numberTakesAn(text) ? 'an' : 'a';
  if (VOWEL_SOUND.test(text)) return 'an';
  if (CONSONANT_SOUND.test(text)) return 'a';
  return /^[aeiou]/i.test(text) ? 'an' : 'a';
}

/** The phrase after its indefinite article: "an 8,000-token budget", "a 1,000-token row". */
export function withArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}
