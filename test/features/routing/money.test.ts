import { describe, expect, it } from 'vitest';
import { formatUsdBrief } from '../../../src/features/routing/money.ts';

describe('formatUsdBrief', () => {
  it.each([
    [0.008, '$0.008'],
    [0.002, '$0.002'],
    [0.0005, '$0.0005'],
    [0.001234, '$0.001234'],
    [0.032, '$0.0320'],
    [0, '$0.00'],
    [-0.008, '\u2212$0.008'],
    [1.5, '$1.50'],
  ])('%s → %s', (usd, text) => {
    expect(formatUsdBrief(usd)).toBe(text);
  });
});
