import { describe, expect, it } from 'vitest';
import { indefiniteArticle, withArticle } from '../../src/ui/format.ts';
import { recallBreakEvenWords } from '../../src/ui/policy-words.ts';

describe('indefinite article', () => {
  it.each([
    ['8,000-token budget', 'an'],
    ['11-turn conversation', 'an'],
    ['18,500-token prompt', 'an'],
    ['80-turn horizon', 'an'],
    ['800-token row', 'an'],
    ['11.5% share', 'an'],
    ['1,000-token row', 'a'],
    ['110-turn horizon', 'a'],
    ['1,100-token row', 'a'],
    ['2,000-token tail', 'a'],
    ['$8 saving', 'an'],
    ['$5 saving', 'a'],
    ['\u22128 change', 'a'],
    ['output', 'an'],
    ['hour', 'an'],
    ['user', 'a'],
    ['unit', 'a'],
    ['budget', 'a'],
    ['inline output', 'an'],
  ])('%s takes "%s"', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it('puts the article before the phrase', () => {
    expect(withArticle('8,000-token budget')).toBe('an 8,000-token budget');
    expect(withArticle('1,000-token row')).toBe('a 1,000-token row');
  });
});

describe('break-even recall probability in words', () => {
  it('says offloading pays whatever the recall when p* is 1 or more', () => {
    const words = recallBreakEvenWords(68.31);
    expect(words).toBe('Offloading pays even if the output is always recalled.');
    expect(words).not.toMatch(/68|≥/);
    expect(recallBreakEvenWords(1)).toBe(words);
  });

  it('says offloading never pays when p* is 0 or less', () => {
    expect(recallBreakEvenWords(0)).toBe(
      'Offloading does not pay even if the output is never recalled.',
    );
    expect(recallBreakEvenWords(-3)).toBe(recallBreakEvenWords(0));
  });

  it('shows p* between 0 and 1 as a probability', () => {
    expect(recallBreakEvenWords(0.6831)).toMatch(/stays below 68\.3% \(the break-even p\*\)/);
  });
});
