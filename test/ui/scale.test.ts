import { describe, expect, it } from 'vitest';
import { niceAxis } from '../../src/ui/charts/scale.ts';

describe('niceAxis', () => {
  it('spans the values widened to the first and last round tick', () => {
    const { ticks, domain } = niceAxis(0.3, 9.2);
    expect(ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(domain).toEqual([0, 10]);
  });

  it('keeps a value beyond the ticks in the domain', () => {
    const { ticks, domain } = niceAxis(-3, 0, 2);
    expect(domain[0]).toBeLessThanOrEqual(-3);
    expect(domain[1]).toBeGreaterThanOrEqual(0);
    expect(domain[0]).toBe(Math.min(-3, ticks[0]!));
    expect(domain[1]).toBe(Math.max(0, ticks[ticks.length - 1]!));
  });
});
