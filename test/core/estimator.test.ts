// @vitest-environment node
/** The offline estimator (seed 003, HeuristicTokenEstimator; SPEC §3). */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/core/errors.ts';
import { codePointLength, estimateTokens } from '../../src/core/estimator.ts';

describe('codePointLength', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['ASCII', 'hello', 5],
    ['Latin-1', 'café', 4],
    ['an emoji is one code point, not two UTF-16 units', '\u{1f600}', 1],
    ['a flag is two regional indicators', '\u{1f1eb}\u{1f1f7}', 2],
    ['a family emoji counts its joiners', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}', 5],
    ['a combining mark is its own code point', 'e\u0301', 2],
    ['a lone high surrogate counts once', '\ud800', 1],
    ['a lone low surrogate counts once', '\udc00', 1],
    ['low then high is two lone surrogates', '\udc00\ud800', 2],
    ['a high surrogate at the end', 'ab\ud83d', 3],
    ['CJK', '日本語', 3],
  ])('%s', (_label, text, n) => {
    expect(codePointLength(text)).toBe(n);
    expect(n).toBe([...text].length);
  });
});

describe('estimateTokens', () => {
  it.each<[string, string, number | undefined, number]>([
    ['the empty string is 0 tokens', '', undefined, 0],
    ['1 character rounds up to 1 token', 'a', undefined, 1],
    ['4 characters are 1 token', 'abcd', undefined, 1],
    ['5 characters are 2 tokens', 'abcde', undefined, 2],
    ['8 characters are 2 tokens', 'abcdefgh', undefined, 2],
    ['4 emoji are 1 token (code points, not UTF-16 units)', '\u{1f600}'.repeat(4), undefined, 1],
    ['5 emoji are 2 tokens', '\u{1f600}'.repeat(5), undefined, 2],
    ['1 char per token', 'abc', 1, 3],
    ['3 chars per token: 7 → 3', 'abcdefg', 3, 3],
    ['a large ratio', 'a'.repeat(1000), 1000, 1],
    ['1,001 chars at 1,000 per token', 'a'.repeat(1001), 1000, 2],
  ])('%s', (_label, text, charsPerToken, tokens) => {
    expect(estimateTokens(text, charsPerToken)).toBe(tokens);
  });

  it.each([0, -4, 2.5, NaN, Infinity])('rejects charsPerToken %s, naming it', (charsPerToken) => {
    let caught: unknown;
    try {
      estimateTokens('abc', charsPerToken);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe('charsPerToken');
  });

  it('rejects a non-string text', () => {
    expect(() => estimateTokens(42 as unknown as string)).toThrow(InvalidInputError);
  });
});
