import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32, seededOrder } from '../../src/model/prng.ts';

describe('mulberry32', () => {
  it('gives the same numbers for the same seed and different ones for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });

  it('stays in [0, 1) for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = mulberry32(seed);
        for (let i = 0; i < 50; i++) {
          const x = random();
          if (!(x >= 0 && x < 1)) return false;
        }
        return true;
      }),
      { seed: 1, numRuns: 200 },
    );
  });
});

describe('seededOrder', () => {
  it('is a permutation of 0…n−1, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer(), (n, seed) => {
        const order = seededOrder(n, seed);
        expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(seededOrder(n, seed)).toEqual(order);
      }),
      { seed: 2, numRuns: 100 },
    );
  });
});
