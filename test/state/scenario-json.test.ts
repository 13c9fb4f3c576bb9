import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/state/json-guard.ts';
import { versionedScenarioJson } from '../../src/state/scenario-json.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/state/store.ts';

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
});
