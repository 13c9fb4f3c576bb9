// @vitest-environment node
/**
 * The store's tool results in columns against the plain model they
 * replace (an array of results a call, the first result with an id kept):
 * the same results, in the same order, for any attaches to any calls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/core/traces/call-record.ts';
import { ToolResults } from '../../../src/core/traces/tool-results.ts';

const RUNS = { seed: 4_211, numRuns: 200 } as const;

const resultArb: fc.Arbitrary<ToolResult> = fc.oneof(
  fc.record({
    toolUseId: fc.constantFrom('toolu_1', 'toolu_2', 'toolu_3', '', 'é', '\ud800'),
    tokens: fc.nat({ max: 1_000_000 }),
  }),
  fc.record({
    toolUseId: fc.string({ maxLength: 6 }),
    name: fc.constantFrom('Read', 'Bash', '', 'ツール'),
    tokens: fc.nat({ max: 1_000_000 }),
  }),
);

describe('ToolResults', () => {
  it('gives each call what an array of its first result per id gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), resultArb), { maxLength: 200 }),
        (attaches) => {
          const store = new ToolResults();
          const model = new Map<number, ToolResult[]>();
          for (const [call, result] of attaches) {
            store.attach(call, result);
            const held = model.get(call) ?? [];
            if (!held.some((r) => r.toolUseId === result.toolUseId)) held.push(result);
            model.set(call, held);
          }
          for (let call = 0; call <= 41; call++)
            expect(store.of(call)).toEqual(model.get(call) ?? []);
          expect(store.size).toBe([...model.values()].reduce((n, held) => n + held.length, 0));
        },
      ),
      RUNS,
    );
  });

  it('keeps results apart when two calls share an id, across many blocks, and lets them go', () => {
    const store = new ToolResults();
    const calls = 40_000;
    for (let call = 0; call < calls; call++) {
      store.attach(call, { toolUseId: 'toolu_shared', name: 'Read', tokens: call });
      store.attach(call, { toolUseId: `toolu_${call}`, tokens: 2 * call });
      store.attach(call, { toolUseId: 'toolu_shared', tokens: -1 });
    }
    expect(store.size).toBe(2 * calls);
    for (const call of [0, 1, 16_383, 16_384, calls - 1]) {
      expect(store.of(call)).toEqual([
        { toolUseId: 'toolu_shared', name: 'Read', tokens: call },
        { toolUseId: `toolu_${call}`, tokens: 2 * call },
      ]);
    }
    expect(store.of(calls)).toEqual([]);
    store.clear();
    expect(store.size).toBe(0);
    expect(store.of(0)).toEqual([]);
    store.attach(0, { toolUseId: 'toolu_shared', tokens: 5 });
    expect(store.of(0)).toEqual([{ toolUseId: 'toolu_shared', tokens: 5 }]);
  });
});
