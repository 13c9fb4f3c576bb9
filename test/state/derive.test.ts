import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { withIdleGap } from '../../src/model/generate-turns.ts';
import { computed } from '../../src/state/derive.ts';
import { modelNames, pricingTable } from '../../src/state/selectors.ts';
import { useAppStore } from '../../src/state/store.ts';
import { chosenBy, mainSummary, turnsButGaps } from '../../src/features/routing/derived.ts';

const state = () => useAppStore.getState();

describe('computed', () => {
  beforeEach(() => {
    act(() => state().resetToDefaults());
  });

  it('recomputes only when an input changes identity', () => {
    let runs = 0;
    const total = computed(
      'test.total',
      (s) => [s.budget.rows] as const,
      (rows) => {
        runs += 1;
        return rows.length;
      },
    );
    expect(total.get(state())).toBe(state().budget.rows.length);
    state().setGate({ horizon: 7 });
    expect(total.get(state())).toBe(state().budget.rows.length);
    expect(runs).toBe(1);
  });

  it('keeps the previous result while a new one is equal by value', () => {
    const names = computed(
      'test.names',
      (s) => [s.prices.rows] as const,
      (rows) => rows.map((r) => r.model),
      (a, b) => a.length === b.length && a.every((m, i) => m === b[i]),
    );
    const first = names.get(state());
    const row = state().prices.rows[0]!;
    // A new rows array with the same names: the list keeps its identity.
    state().updatePriceRow(row.model, { ...row, input: row.input + 1 });
    expect(names.get(state())).toBe(first);
    state().removePriceRow(row.model);
    expect(names.get(state())).not.toBe(first);
  });

  it('derives the price table once per change of the rows', () => {
    const table = pricingTable.get(state());
    state().setGate({ horizon: 9 });
    expect(pricingTable.get(state())).toBe(table);
    expect(modelNames.get(state())).toEqual(Object.keys(table));
  });

  it('keeps the routing totals and the idle-gap sweep’s turns while an idle-gap step changes no cost', () => {
    const summary = mainSummary.get(state());
    const turns = turnsButGaps.get(state());
    const counts = chosenBy.get(state());
    const scenario = state().routing.scenario;
    // 95 s → 100 s: every gap stays under the 5-minute TTL, so no cost moves.
    state().setRoutingScenario({ turns: withIdleGap(scenario.turns, 95) });
    state().setRoutingScenario({ turns: withIdleGap(state().routing.scenario.turns, 100) });
    const before = mainSummary.get(state());
    state().setRoutingScenario({ turns: withIdleGap(state().routing.scenario.turns, 110) });
    expect(mainSummary.get(state())).toBe(before);
    expect(turnsButGaps.get(state())).toBe(turns);
    expect(chosenBy.get(state())).toBe(counts);
    expect(summary).not.toBeNull();
  });
});
