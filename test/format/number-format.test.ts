import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  formatPercent,
  formatPlain,
  formatTokens,
  formatTokensShort,
  formatPercentChange,
  formatUsd,
  formatUsdChange,
  formatUsdTick,
} from '../../src/ui/format.ts';
import { fieldText, formatSeconds } from '../../src/format/number-format.ts';

const FORBIDDEN = /NaN|Infinity|∞|\d[eE][+-]?\d|-/;

describe('number formatting', () => {
  it('keeps the ordinary outputs', () => {
    expect(formatUsd(1.19)).toBe('$1.19');
    expect(formatUsd(0.045)).toBe('$0.0450');
    expect(formatUsd(-0.088)).toBe('\u2212$0.0880');
    expect(formatUsd(0.0045)).toBe('$0.0045');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,235');
    expect(formatTokens(40_000)).toBe('40,000');
    expect(formatTokensShort(40_000)).toBe('40k');
    expect(formatTokensShort(1_200_000)).toBe('1.2M');
    expect(formatPercent(0.125, 1)).toBe('12.5%');
    expect(formatPlain(1234.567)).toBe('1,234.567');
    expect(formatNumber(1.005, 2)).toBe('1.01');
  });

  it('gives money below a cent three significant digits, no trailing zeros', () => {
    // "classifier $0.008" beside "$0.0320", not "$0.008000".
    expect(formatUsd(0.008)).toBe('$0.008');
    expect(formatUsd(0.032)).toBe('$0.0320');
    expect(formatUsd(0.00525)).toBe('$0.00525');
    expect(formatUsd(0.0001234)).toBe('$0.000123');
    expect(formatUsd(-0.0088)).toBe('\u2212$0.0088');
    expect(formatUsd(1e-12)).toBe('$0.00');
    expect(formatUsd(-1e-12)).toBe('$0.00');
  });

  it('writes axis ticks without zeros past the cents', () => {
    expect(formatUsdTick(0.8)).toBe('$0.80');
    expect(formatUsdTick(1.4)).toBe('$1.40');
    expect(formatUsdTick(0.0545)).toBe('$0.0545');
    expect(formatUsdTick(0.05)).toBe('$0.05');
    expect(formatUsdTick(0)).toBe('$0.00');
    expect(formatUsdTick(-5)).toBe('\u2212$5.00');
    expect(formatUsdTick(250)).toBe('$250');
  });

  it('signs changes in money and percent with + and the true minus sign', () => {
    expect(formatUsdChange(-0.1131)).toBe('\u2212$0.1131');
    expect(formatUsdChange(0.012)).toBe('+$0.0120');
    expect(formatUsdChange(0)).toBe('$0.00');
    expect(formatPercentChange(-0.1)).toBe('\u221210%');
    expect(formatPercentChange(0.125, 1)).toBe('+12.5%');
    expect(formatPercentChange(0.001)).toBe('0%');
    expect(`${formatUsdChange(-0.1131)} (${formatPercentChange(-0.1)})`).not.toMatch(/-/);
  });

  it('uses the true minus sign', () => {
    expect(formatPercent(-0.05)).toBe('\u22125%');
    expect(formatTokens(-40_000)).toBe('\u221240,000');
    expect(formatTokensShort(-40_000)).toBe('\u221240k');
  });

  it('writes values that are not numbers as a dash', () => {
    for (const f of [
      formatUsd,
      formatTokens,
      formatPlain,
      formatPercent,
      formatTokensShort,
      formatSeconds,
    ]) {
      expect(f(Number.NaN)).toBe('—');
      expect(f(Number.POSITIVE_INFINITY)).toBe('—');
    }
  });

  it('keeps huge values short: compact, then a power of ten', () => {
    expect(formatUsd(24_004_888_000)).toBe('$24B');
    expect(formatTokens(1.5e12)).toBe('1.5T');
    expect(formatUsd(1e300)).toBe('$1 × 10³⁰⁰');
    expect(formatUsd(1.7e308)).toBe('$1.7 × 10³⁰⁸');
    expect(formatSeconds(1e308)).toBe('1 × 10³⁰⁸ s');
  });

  it('never prints e-notation, NaN or a hyphen, and stays short, for any number', () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 0, max: 6 }), (value, digits) => {
        for (const text of [
          formatUsd(value),
          formatUsdChange(value),
          formatPercentChange(value, digits),
          formatTokens(value),
          formatPlain(value),
          formatNumber(value, digits),
          formatPercent(value, digits),
          formatTokensShort(value),
          formatSeconds(value),
        ]) {
          expect(text).not.toMatch(FORBIDDEN);
          expect(text.length).toBeLessThanOrEqual(40);
        }
      }),
      { seed: 13, numRuns: 2_000 },
    );
  });

  it('shows a field value without e-notation that reads back as the value', () => {
    expect(fieldText(1.5e-7)).toBe('0.00000015');
    expect(fieldText(5e-324)).toBe('0');
    expect(fieldText(1e21)).toBe('1000000000000000000000');
    expect(fieldText(40_000)).toBe('40000');
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const text = fieldText(value);
        expect(text).not.toMatch(/e/i);
        if (Math.abs(value) >= 1e-12) expect(Number(text)).toBe(value);
      }),
      { seed: 13, numRuns: 2_000 },
    );
  });
});
