import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SimHop, SimTurn } from '../../src/core/index.ts';
import { packTurns, turnsOf, unpackTurns } from '../../src/domain/packed-turns.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const tool = fc.constantFrom('search', 'read_file', 'write_file');
const hop: fc.Arbitrary<SimHop> = fc.record(
  {
    outputTokens: fc.integer({ min: 0, max: 10_000 }),
    thinkingTokens: fc.integer({ min: 0, max: 10_000 }),
    toolResultTokens: fc.integer({ min: 0, max: 50_000 }),
    latencySeconds: fc.double({ min: 0, max: 100, noNaN: true }),
    forcedTool: fc.option(tool, { nil: null }),
  },
  {
    requiredKeys: ['outputTokens', 'thinkingTokens', 'toolResultTokens', 'latencySeconds'],
    noNullPrototype: true,
  },
);
const turn: fc.Arbitrary<SimTurn> = fc.record(
  {
    gapSeconds: fc.double({ min: 0, max: 10_000, noNaN: true }),
    userTokens: fc.integer({ min: 0, max: 5_000 }),
    complexity: fc.constantFrom('simple' as const, 'complex' as const),
    toolNames: fc.option(fc.array(tool, { maxLength: 3 }), { nil: null }),
    hops: fc.array(hop, { maxLength: 6 }),
  },
  { requiredKeys: ['gapSeconds', 'userTokens', 'complexity', 'hops'], noNullPrototype: true },
);

describe('packed turns', () => {
  it('give back the very turns they packed, absent and null fields included', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 30 }), (turns) => {
        expect(unpackTurns(packTurns(turns))).toStrictEqual(turns);
      }),
    );
  });

  it('leave plain turns as they are', () => {
    const turns = SUPPORT_CHAT_ROUTING.scenario.turns;
    expect(turnsOf(turns)).toBe(turns);
    expect(turnsOf(packTurns(turns))).toStrictEqual(turns);
  });
});
