import { describe, expect, it } from 'vitest';
import { indefiniteArticle, withArticle } from '../../src/ui/format.ts';

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
