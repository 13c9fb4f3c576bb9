import { describe, expect, it } from 'vitest';
import { recallBreakEvenWords } from '../../src/domain/policy-words.ts';

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
