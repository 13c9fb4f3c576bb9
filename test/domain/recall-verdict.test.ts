import { describe, expect, it } from 'vitest';
import { recallVerdicts } from '../../src/domain/recall-verdict.ts';

describe('recallVerdicts', () => {
  it('names the cheapest policy at each prior and its lead over the next', () => {
    const [low, high] = recallVerdicts([
      { recallProbability: 0, neverUsd: 50, sizeOnlyUsd: 10, gateUsd: 20 },
      { recallProbability: 1, neverUsd: 50, sizeOnlyUsd: 80, gateUsd: 40 },
    ]);
    expect(low).toMatchObject({ cheapest: 'sizeOnly', marginUsd: 10, marginPct: 0.5 });
    expect(high).toMatchObject({ cheapest: 'gate', marginUsd: 10, marginPct: 0.2 });
    expect(high!.cheapestLabel).toBe('the net-saving gate');
  });

  it('gives a tie to the policy that does less: never, then the gate', () => {
    const [tie] = recallVerdicts([
      { recallProbability: 0.5, neverUsd: 5, sizeOnlyUsd: 5, gateUsd: 5 },
    ]);
    expect(tie).toMatchObject({ cheapest: 'never', marginUsd: 0, marginPct: 0 });
    const [zero] = recallVerdicts([
      { recallProbability: 0, neverUsd: 0, sizeOnlyUsd: 0, gateUsd: 0 },
    ]);
    expect(zero!.marginPct).toBeNull();
  });
});
