import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/state/json-guard.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../src/state/scenario-json.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';

describe('versionedScenarioJson', () => {
  it('is the canonical JSON of the versioned scenario, before and after a part changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (horizon, unbounded) => {
        const data: ScenarioData = {
          ...DEFAULT_SCENARIO,
          gate: { ...DEFAULT_SCENARIO.gate, horizon },
          budget: { ...DEFAULT_SCENARIO.budget, unbounded },
        };
        expect(versionedScenarioJson(1, data)).toBe(canonicalJson({ v: 1, ...data }));
        expect(versionedScenarioJson(1, DEFAULT_SCENARIO)).toBe(
          canonicalJson({ v: 1, ...DEFAULT_SCENARIO }),
        );
        // Parts in any key order give one text.
        const reordered = Object.fromEntries(
          Object.entries(data.gate).reverse(),
        ) as typeof data.gate;
        expect(versionedScenarioJson(1, { ...data, gate: reordered })).toBe(
          versionedScenarioJson(1, data),
        );
      }),
      { seed: 12, numRuns: 50 },
    );
  });

  it('equals the canonical JSON for any part shape: undefined fields, a v key, nested objects, a kept field changed inside', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 3 })),
        fc.option(fc.integer(), { nil: undefined }),
        (extra, maybe) => {
          const rows = [{ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } }];
          const budget = { ...extra, rows, gone: maybe, v: 7 } as unknown as ScenarioData['budget'];
          const data: ScenarioData = { ...DEFAULT_SCENARIO, budget };
          expect(versionedScenarioJson(1, data)).toBe(canonicalJson({ v: 1, ...data }));
          // A new part object that keeps the rows array gives the new text.
          const moved = { ...budget, maxTotalTokens: 5 } as ScenarioData['budget'];
          expect(versionedScenarioJson(1, { ...data, budget: moved })).toBe(
            canonicalJson({ v: 1, ...data, budget: moved }),
          );
        },
      ),
      { seed: 12, numRuns: 100 },
    );
  });
});

describe('versionedScenarioBytes', () => {
  it('is the UTF-8 length of the versioned JSON, before and after a part changes, for any text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.string({ unit: 'binary-ascii', maxLength: 12 }),
        fc.integer({ min: 1, max: 99 }),
        (a, b, c, v) => {
          const rows = DEFAULT_SCENARIO.budget.rows.map((r, i) =>
            i === 0 ? { ...r, text: `${a}\ud800${b}` } : r,
          );
          const data: ScenarioData = {
            ...DEFAULT_SCENARIO,
            budget: { ...DEFAULT_SCENARIO.budget, rows },
            gate: { ...DEFAULT_SCENARIO.gate, modelName: c },
          };
          const bytes = (d: ScenarioData) =>
            new TextEncoder().encode(versionedScenarioJson(v, d)).length;
          expect(versionedScenarioBytes(v, data)).toBe(bytes(data));
          const moved = { ...data, budget: { ...data.budget, maxTotalTokens: 1 } };
          expect(versionedScenarioBytes(v, moved)).toBe(bytes(moved));
        },
      ),
      { seed: 12, numRuns: 100 },
    );
  });
});
