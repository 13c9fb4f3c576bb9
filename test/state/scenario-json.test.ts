import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { versionedScenarioJson } from '../../src/state/scenario-json.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/state/store.ts';

describe('versionedScenarioJson', () => {
  it('is JSON.stringify of the versioned scenario, before and after a part changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (horizon, unbounded) => {
        const data: ScenarioData = {
          ...DEFAULT_SCENARIO,
          gate: { ...DEFAULT_SCENARIO.gate, horizon },
          budget: { ...DEFAULT_SCENARIO.budget, unbounded },
        };
        expect(versionedScenarioJson(1, data)).toBe(JSON.stringify({ v: 1, ...data }));
        expect(versionedScenarioJson(1, DEFAULT_SCENARIO)).toBe(
          JSON.stringify({ v: 1, ...DEFAULT_SCENARIO }),
        );
      }),
      { seed: 12, numRuns: 50 },
    );
  });
});
