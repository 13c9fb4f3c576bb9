// @vitest-environment node
/**
 * formatFixed against an exact reference: the double's binary value expanded
 * with BigInt and rounded half to even, which is what Python's '%.nf' does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFixed } from '../../../src/core/pyformat.ts';

const RUNS = { seed: 2_675, numRuns: 500 } as const;

/** Python's '%.{digits}f' % x, computed exactly. */
function exactFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return 'nan';
  const negative = x < 0 || Object.is(x, -0);
  const magnitude = Math.abs(x);
  if (magnitude === Infinity) return negative ? '-inf' : 'inf';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, magnitude);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let exponent = -1074;
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  // magnitude · 10^digits = mantissa · 10^digits · 2^exponent, rounded half to even.
  const numerator = mantissa * 10n ** BigInt(digits);
  let n: bigint;
  if (exponent >= 0) {
    n = numerator << BigInt(exponent);
  } else {
    const denominator = 1n << BigInt(-exponent);
    n = numerator / denominator;
    const twiceRemainder = 2n * (numerator % denominator);
    if (twiceRemainder > denominator || (twiceRemainder === denominator && n % 2n === 1n)) n += 1n;
  }
  let text = n.toString();
  if (digits > 0) {
    text = text.padStart(digits + 1, '0');
    text = `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  }
  return negative ? `-${text}` : text;
}

/** Doubles next to a value, a few ulps either side. */
function nudge(x: number, ulps: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigInt64(0, view.getBigInt64(0) + BigInt(ulps));
  return view.getFloat64(0);
}

const digitsArb = fc.integer({ min: 0, max: 8 });

describe('formatFixed agrees with an exact reference', () => {
  it('the reference itself reproduces Python on known cases', () => {
    expect(exactFixed(2.5, 0)).toBe('2');
    expect(exactFixed(0.125, 2)).toBe('0.12');
    expect(exactFixed(0.375, 2)).toBe('0.38');
    expect(exactFixed(1.005, 2)).toBe('1.00');
    expect(exactFixed(-0.00001, 4)).toBe('-0.0000');
    expect(exactFixed(1.1, 20)).toBe('1.10000000000000008882');
    expect(exactFixed(2 ** 60, 0)).toBe('1152921504606846976');
  });

  it('on doubles of every magnitude', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 20 }), (x, digits) => {
        expect(formatFixed(x, digits)).toBe(exactFixed(x, digits));
      }),
      RUNS,
    );
  });

  it('on money-sized values, the range the gate prints', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), digitsArb, (x, digits) => {
        expect(formatFixed(x, digits)).toBe(exactFixed(x, digits));
      }),
      RUNS,
    );
  });

  it('on exact ties and the doubles a few ulps either side of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        digitsArb,
        fc.integer({ min: -3, max: 3 }),
        fc.boolean(),
        (k, digits, ulps, negative) => {
          // (2k + 1) / 2^(digits + 1) is an exact tie at `digits` places.
          const tie = (2 * k + 1) / 2 ** (digits + 1);
          const x = nudge(tie, ulps) * (negative ? -1 : 1);
          expect(formatFixed(x, digits)).toBe(exactFixed(x, digits));
        },
      ),
      RUNS,
    );
  });

  it('on decimal-looking halves such as 0.00875 that are not exact ties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        digitsArb,
        fc.integer({ min: -2, max: 2 }),
        (k, digits, ulps) => {
          const x = nudge((k + 0.5) / 10 ** digits, ulps);
          expect(formatFixed(x, digits)).toBe(exactFixed(x, digits));
        },
      ),
      RUNS,
    );
  });
});
