import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SimTurn } from '../../src/core/index.ts';
import {
  complexShare,
  generateTurns,
  relabelComplexity,
  sameExceptIdleGaps,
  typicalIdleGap,
  withIdleGap,
} from '../../src/model/generate-turns.ts';

const template: SimTurn = {
  gapSeconds: 100,
  userTokens: 400,
  complexity: 'complex',
  toolNames: ['plan', 'read_file'],
  hops: [
    {
      outputTokens: 300,
      thinkingTokens: 2_000,
      toolResultTokens: 600,
      latencySeconds: 8,
      forcedTool: 'plan',
    },
    { outputTokens: 200, thinkingTokens: 1_000, toolResultTokens: 1_500, latencySeconds: 5 },
    { outputTokens: 250, thinkingTokens: 900, toolResultTokens: 1_200, latencySeconds: 6 },
    {
      outputTokens: 600,
      thinkingTokens: 1_000,
      toolResultTokens: 0,
      latencySeconds: 10,
      forcedTool: 'summarise',
    },
  ],
};

const options = { turnCount: 30, spreadPct: 40, seed: 9, complexSharePct: 25 };

describe('generateTurns', () => {
  it('gives the same turns for the same options and other turns for another seed', () => {
    expect(generateTurns(template, options)).toEqual(generateTurns(template, options));
    expect(generateTurns(template, { ...options, seed: 10 })).not.toEqual(
      generateTurns(template, options),
    );
  });

  it('starts the clock at the first turn and keeps the first and last hop of the template', () => {
    const turns = generateTurns(template, options);
    expect(turns).toHaveLength(30);
    expect(turns[0]?.gapSeconds).toBe(0);
    for (const turn of turns) {
      expect(turn.hops[0]?.forcedTool).toBe('plan');
      expect(turn.hops[turn.hops.length - 1]?.forcedTool).toBe('summarise');
      expect(turn.toolNames).toEqual(['plan', 'read_file']);
    }
  });

  it.each([
    [0, 0],
    [25, 8],
    [50, 15],
    [100, 30],
  ])('labels exactly round(%i%% × 30) = %i turns complex', (pct, count) => {
    const turns = generateTurns(template, { ...options, complexSharePct: pct });
    expect(turns.filter((t) => t.complexity === 'complex')).toHaveLength(count);
  });

  it('keeps every number within the spread of the template and whole where it counts tokens', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 95 }),
        fc.integer(),
        fc.integer({ min: 1, max: 40 }),
        (spreadPct, seed, turnCount) => {
          const turns = generateTurns(template, {
            turnCount,
            spreadPct,
            seed,
            complexSharePct: 50,
          });
          const s = spreadPct / 100;
          const within = (value: number, base: number, slack: number) =>
            value >= base * (1 - s) - slack && value <= base * (1 + s) + slack;
          return turns.every(
            (t, i) =>
              (i === 0 ? t.gapSeconds === 0 : within(t.gapSeconds, 100, 0.05)) &&
              Number.isInteger(t.userTokens) &&
              within(t.userTokens, 400, 0.5) &&
              t.hops.length >= 3 &&
              t.hops.every((h) => Number.isInteger(h.outputTokens) && h.outputTokens >= 0),
          );
        },
      ),
      { seed: 3, numRuns: 100 },
    );
  });
});

describe('relabelComplexity', () => {
  const turns = generateTurns(template, { ...options, complexSharePct: 0 });

  it('only ever adds complex turns as the share rises', () => {
    let previous = new Set<number>();
    for (let k = 0; k <= 10; k++) {
      const relabelled = relabelComplexity(turns, k / 10, 5);
      const complex = new Set(
        relabelled.flatMap((t, i) => (t.complexity === 'complex' ? [i] : [])),
      );
      for (const i of previous) expect(complex.has(i)).toBe(true);
      expect(complexShare(relabelled)).toBeCloseTo(Math.round(k * 3) / 30, 10);
      previous = complex;
    }
  });
});

describe('idle gaps', () => {
  it('sets every gap but the first and reads back the median', () => {
    const turns = generateTurns(template, options);
    const widened = withIdleGap(turns, 600);
    expect(widened[0]?.gapSeconds).toBe(0);
    expect(widened.slice(1).every((t) => t.gapSeconds === 600)).toBe(true);
    expect(typicalIdleGap(widened)).toBe(600);
    expect(typicalIdleGap(widened.slice(0, 1))).toBe(0);
  });

  it.each([
    [[0, 10, 20, 30], 20],
    [[0, 30, 10], 10],
    [[5], 0],
  ])('median idle gap of %j is %i', (gaps, median) => {
    const turns = gaps.map((gapSeconds) => ({ ...template, gapSeconds }));
    expect(typicalIdleGap(turns)).toBe(median);
  });
});

describe('sameExceptIdleGaps', () => {
  const turns = generateTurns(template, options);

  it('holds across any idle gaps the slider sets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_400 }),
        fc.integer({ min: 0, max: 86_400 }),
        (a, b) => sameExceptIdleGaps(withIdleGap(turns, a), withIdleGap(turns, b)),
      ),
    );
  });

  it.each([
    [
      'the first turn’s gap',
      (t: SimTurn[]) => t.map((u, i) => (i === 0 ? { ...u, gapSeconds: 5 } : u)),
    ],
    [
      'a turn’s user tokens',
      (t: SimTurn[]) => t.map((u, i) => (i === 3 ? { ...u, userTokens: 1 } : u)),
    ],
    ['a complexity label', (t: SimTurn[]) => relabelComplexity(t, 1, 9)],
    [
      'a turn’s hops',
      (t: SimTurn[]) => t.map((u, i) => (i === 2 ? { ...u, hops: u.hops.slice(1) } : u)),
    ],
    [
      'a turn’s tools',
      (t: SimTurn[]) => t.map((u, i) => (i === 4 ? { ...u, toolNames: ['x'] } : u)),
    ],
    ['the number of turns', (t: SimTurn[]) => t.slice(1)],
  ])('does not hold when %s changes', (_what, change) => {
    expect(sameExceptIdleGaps(turns, change(turns))).toBe(false);
  });
});
