import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';
import { allowsMove, type ReplayConstraints } from '../../src/domain/replay-constraints.ts';
import { searchReplayChoices } from '../../src/domain/traffic-replay-search.ts';
import { seededTraffic } from './replay-traffic.ts';

const CANDIDATES = [
  'claude-haiku-4-5',
  'claude-sonnet-4-5',
  'gpt-5',
  'gpt-4.1-nano',
  'gemini-2.5-flash',
];
const SEEN = ['claude-sonnet-4-5', 'gpt-5'];
const ANTHROPIC = ['claude-haiku-4-5', 'claude-sonnet-4-5'];
const OPENAI = ['gpt-5', 'gpt-4.1-nano'];

const targetsOf = (constraints: ReplayConstraints) => {
  const search = searchReplayChoices(
    seededTraffic(7, 30, SEEN),
    DEFAULT_PRICING,
    CANDIDATES,
    constraints,
  );
  const to = new Map<string, Set<string>>();
  for (const choice of search.ranked) {
    for (const move of choice.mapping) {
      const set = to.get(move.from) ?? new Set<string>();
      set.add(move.to);
      to.set(move.from, set);
    }
  }
  return { search, to };
};

describe('constrained cheapest setting', () => {
  it('keeps each model within its provider by default', () => {
    const { search, to } = targetsOf({});
    expect(search.ranked.length).toBeGreaterThan(0);
    for (const t of to.get('claude-sonnet-4-5')!) expect(ANTHROPIC).toContain(t);
    for (const t of to.get('gpt-5')!) expect(OPENAI).toContain(t);
  });

  it('lets any provider in when asked', () => {
    const { to } = targetsOf({ substitutes: 'any' });
    expect([...to.get('claude-sonnet-4-5')!].some((t) => !ANTHROPIC.includes(t))).toBe(true);
  });

  it('honours an exclusion', () => {
    const { to } = targetsOf({ exclude: ['gpt-4.1-nano', 'claude-haiku-4-5'] });
    expect([...to.get('claude-sonnet-4-5')!]).toEqual(['claude-sonnet-4-5']);
    expect([...to.get('gpt-5')!]).toEqual(['gpt-5']);
  });

  it('honours a per-model allow list; a model it does not name stays', () => {
    const { to } = targetsOf({ substitutes: { 'gpt-5': ['gemini-2.5-flash'] } });
    expect([...to.get('claude-sonnet-4-5')!]).toEqual(['claude-sonnet-4-5']);
    for (const t of to.get('gpt-5')!) expect(['gpt-5', 'gemini-2.5-flash']).toContain(t);
  });

  it('honours a floor: no target priced below the floor model’s output', () => {
    // Haiku's output price is below Sonnet's: with Sonnet as its floor, Sonnet may only stay.
    const { to } = targetsOf({ floor: { 'claude-sonnet-4-5': 'claude-sonnet-4-5' } });
    expect([...to.get('claude-sonnet-4-5')!]).toEqual(['claude-sonnet-4-5']);
  });

  it('names a floor model it cannot price', () => {
    expect(() =>
      allowsMove(DEFAULT_PRICING, { floor: { 'gpt-5': 'no-such-model' } }, 'gpt-5', 'gpt-4.1-nano'),
    ).toThrow(/Floor for gpt-5: no price row for "no-such-model"/);
  });

  it('gives the cheapest setting that moves no model', () => {
    const { search } = targetsOf({});
    for (const move of search.keepModels.mapping) expect(move.to).toBe(move.from);
    expect(search.ranked[0]!.totalUsd).toBeLessThanOrEqual(search.keepModels.totalUsd);
  });

  it('is never cheaper constrained than unconstrained, and every answer satisfies its constraints (seeded)', () => {
    const constraintsArb: fc.Arbitrary<ReplayConstraints> = fc.record({
      substitutes: fc.constantFrom<'sameProvider' | 'any'>('sameProvider', 'any'),
      exclude: fc.subarray(CANDIDATES),
      floor: fc
        .option(fc.constantFrom(...CANDIDATES), { nil: undefined })
        .map((m) => (m === undefined ? {} : { 'gpt-5': m })),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), constraintsArb, (seed, constraints) => {
        const calls = seededTraffic(seed, 8, SEEN);
        const free = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, {
          substitutes: 'any',
        });
        const bound = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, constraints);
        expect(bound.ranked[0]!.totalUsd).toBeGreaterThanOrEqual(free.ranked[0]!.totalUsd);
        for (const choice of bound.ranked) {
          for (const move of choice.mapping) {
            expect(allowsMove(DEFAULT_PRICING, constraints, move.from, move.to)).toBe(true);
          }
        }
      }),
      { seed: 11, numRuns: 40 },
    );
  });
});
