/**
 * The offline token estimator (seed 003, `HeuristicTokenEstimator`):
 * arithmetic over the string, so a cold machine compiles the same prompt.
 */
import { InvalidInputError } from './errors.ts';

/** Counts Unicode code points (an emoji is 1, not 2 UTF-16 units). */
export function codePointLength(text: string): number {
  // Most text has no surrogate at all: one native scan settles it.
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Estimated tokens of `text`: `ceil(codePoints / charsPerToken)`.
 *
 * @param charsPerToken a positive whole number (default 4)
 * @throws InvalidInputError when `charsPerToken` is not a positive whole number
 */
export function estimateTokens(text: string, charsPerToken = 4): number {
  if (typeof text !== 'string') throw new InvalidInputError('text', 'must be text');
  if (!Number.isInteger(charsPerToken) || charsPerToken <= 0) {
    throw new InvalidInputError(
      'charsPerToken',
      `must be a whole number of 1 or more (got ${String(charsPerToken)})`,
    );
  }
  return Math.ceil(codePointLength(text) / charsPerToken);
}
