import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTypedNumber, type NumberRule } from '../../src/ui/typed-number.ts';
import { FUZZ_RUNS, FUZZ_SEED } from './fuzz-inputs.ts';

const rules: NumberRule[] = [
  { label: 'Output tokens', min: 0, max: 100_000_000, unit: 'tokens' },
  { label: 'Horizon', min: 0, max: 200, integer: true, unit: 'turns' },
  { label: 'Recall probability', min: 0, max: 1 },
];

const typed = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom(
    '',
    ' ',
    '-',
    '.',
    '1e',
    '1e309',
    '-0',
    '0x10',
    '1,000',
    'NaN',
    'Infinity',
    '١٢٣',
    '1_000',
    '+.5e-3',
  ),
);

describe('typed numbers (fuzz)', () => {
  it.each(rules)('never throws and only accepts finite values in range for $label', (rule) => {
    fc.assert(
      fc.property(typed, (text) => {
        const result = parseTypedNumber(text, rule);
        if (result.ok) {
          expect(Number.isFinite(result.value)).toBe(true);
          expect(result.value).toBeGreaterThanOrEqual(rule.min);
          expect(result.value).toBeLessThanOrEqual(rule.max);
          if (rule.integer) expect(Number.isInteger(result.value)).toBe(true);
          expect(Object.is(result.value, -0)).toBe(false);
        } else {
          expect(result.error.startsWith(`${rule.label}: `)).toBe(true);
          expect(result.error.length).toBeLessThan(200);
        }
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    );
  });

  it.each([
    ['40000', 40000],
    ['40,000', 40000],
    [' 2.5 ', 2.5],
    ['1e3', 1000],
    ['-0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parseTypedNumber(text, rules[0]!)).toEqual({ ok: true, value });
  });

  it.each(['abc', '0x10', '1e309', '', '-5'])(
    'refuses %j with a message naming the field',
    (text) => {
      const result = parseTypedNumber(text, rules[0]!);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^Output tokens: /);
    },
  );
});
