import { describe, expect, it } from 'vitest';
import { sameDrawInputs } from '../../src/ui/charts/use-canvas-surface.ts';

describe('sameDrawInputs', () => {
  it.each([
    ['equal numbers', 1, 1, true],
    ['NaN and NaN', Number.NaN, Number.NaN, true],
    ['different strings', 'a', 'b', false],
    ['equal arrays of objects', [{ a: 1, b: [2] }], [{ a: 1, b: [2] }], true],
    ['a field that differs deep inside', [{ a: 1, b: [2] }], [{ a: 1, b: [3] }], false],
    ['arrays of different lengths', [1, 2], [1], false],
    ['an extra field', { a: 1 }, { a: 1, b: 2 }, false],
    ['typed arrays', new Float64Array([1, 2]), new Float64Array([1, 2]), true],
    ['an array and an object', [1], { 0: 1 }, false],
  ])('%s', (_name, a, b, same) => {
    expect(sameDrawInputs(a, b)).toBe(same);
  });

  it('compares functions and class instances by identity', () => {
    const f = () => 1;
    expect(sameDrawInputs({ f }, { f })).toBe(true);
    expect(sameDrawInputs({ f }, { f: () => 1 })).toBe(false);
    expect(sameDrawInputs(new Map(), new Map())).toBe(false);
  });
});
