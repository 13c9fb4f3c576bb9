import { describe, expect, it } from 'vitest';
import {
  breakEvenRecall,
  offloadAdvice,
  recallVerdicts,
  sizeOnlyLossRange,
} from '../../src/domain/recall-verdict.ts';

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

const at = (p: number, neverUsd: number, sizeOnlyUsd: number, gateUsd: number) => ({
  recallProbability: p,
  neverUsd,
  sizeOnlyUsd,
  gateUsd,
});

describe('breakEvenRecall', () => {
  it('finds where the saving reaches 0 between two swept priors', () => {
    // Size-only saves 20 at p = 0.5 and loses 20 at p = 0.75: it breaks even half way.
    const points = [
      at(0, 50, 10, 50),
      at(0.5, 50, 30, 50),
      at(0.75, 50, 70, 50),
      at(1, 50, 90, 50),
    ];
    expect(breakEvenRecall(points, 'sizeOnly')).toEqual({
      paysBelow: 0.625,
      losesAbove: true,
      worstLossUsd: 40,
    });
  });

  it('pays at every prior swept, or at none', () => {
    const always = [at(0, 50, 10, 20), at(1, 50, 40, 49)];
    expect(breakEvenRecall(always, 'sizeOnly')).toEqual({
      paysBelow: 1,
      losesAbove: false,
      worstLossUsd: 0,
    });
    const never = [at(0, 50, 60, 50), at(1, 50, 90, 50)];
    expect(breakEvenRecall(never, 'sizeOnly')).toMatchObject({ paysBelow: 0, losesAbove: true });
  });

  it('says the gate, which only stops saving, never loses', () => {
    const points = [at(0, 50, 10, 20), at(0.5, 50, 40, 50), at(1, 50, 90, 50)];
    expect(breakEvenRecall(points, 'gate')).toEqual({
      paysBelow: 0.5,
      losesAbove: false,
      worstLossUsd: 0,
    });
  });
});

describe('offloadAdvice', () => {
  it('picks the safe policy that saves most at worst', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 30, 45)] }];
    expect(offloadAdvice(rows)).toMatchObject({
      policy: 'sizeOnly',
      leastSavingUsd: 20,
      mostSavingUsd: 40,
      sizeOnlyLosesAbove: [],
    });
  });

  it('passes over size-only where it can lose, and says from where', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 90, 50)] }];
    const advice = offloadAdvice(rows);
    expect(advice.policy).toBe('gate');
    expect(advice.leastSavingUsd).toBe(0);
    expect(advice.sizeOnlyLosesAbove).toEqual([{ recallElasticity: 0, paysBelow: 0.5 }]);
  });

  it('gives the range size-only breaks even at over only the k where it can lose', () => {
    const rows = [
      { recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 40, 45)] },
      { recallElasticity: 2, points: [at(0, 50, 10, 20), at(1, 50, 90, 50)] },
    ];
    const advice = offloadAdvice(rows);
    expect(advice).toMatchObject({ sizeOnlySafe: false, gateSafe: true, policy: 'gate' });
    expect(sizeOnlyLossRange(advice)).toEqual({ lowest: 0.5, highest: 0.5 });
    expect(advice.byK.map((b) => b.sizeOnly.paysBelow)).toEqual([1, 0.5]);
  });

  it('keeps outputs in context when no policy saves', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 60, 50), at(1, 50, 90, 50)] }];
    expect(offloadAdvice(rows)).toMatchObject({ policy: 'never', noSafePolicy: false });
  });
});
