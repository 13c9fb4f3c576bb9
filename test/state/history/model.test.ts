import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addEntry,
  bound,
  makeEntry,
  makeKeptEntry,
  mergeEntries,
  summarize,
  type HistoryBounds,
  type HistoryEntry,
} from '../../../src/state/history/model.ts';
import { scenarioToJson } from '../../../src/state/persistence.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';

const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  ui: { ...DEFAULT_SCENARIO.ui, tab: 'gate' },
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});

const entryFor = (tokens: number, time: number, tab = 'tab1') => {
  const data = withOutput(tokens);
  return makeEntry(data, scenarioToJson(data), tab, time, 'edit');
};

describe('history entries', () => {
  it('summarizes a scenario in one line, led by its tab', () => {
    expect(summarize(withOutput(40_000))).toBe(
      `gate: 40,000 tokens, H ${DEFAULT_SCENARIO.gate.horizon}, ${DEFAULT_SCENARIO.gate.modelName}`,
    );
    expect(
      summarize({ ...DEFAULT_SCENARIO, ui: { ...DEFAULT_SCENARIO.ui, tab: 'prices' } }),
    ).toMatch(/^prices: [\d,]+ models$/);
    expect(summarize(DEFAULT_SCENARIO)).toBe(summarize(withOutput(40_000)));
    // The traffic tab names what each explorer holds, never the traffic's models.
    expect(summarize({ ...DEFAULT_SCENARIO, ui: { ...DEFAULT_SCENARIO.ui, tab: 'traffic' } })).toBe(
      `traffic: gate 40,000 tokens, budget ${DEFAULT_SCENARIO.budget.rows.length} rows, routing ${DEFAULT_SCENARIO.routing.scenario.turns.length} turns`,
    );
  });

  it('keeps each state once, at its latest time, newest first', () => {
    const bounds: HistoryBounds = { maxEntries: 10, maxChars: 1e9, maxKept: 3 };
    let list: HistoryEntry[] = [];
    list = addEntry(list, entryFor(1, 1), bounds);
    list = addEntry(list, entryFor(2, 2), bounds);
    list = addEntry(list, entryFor(1, 3), bounds);
    expect(list.map((e) => [e.summary.split(' ')[1], e.time])).toEqual([
      ['1', 3],
      ['2', 2],
    ]);
  });

  it('drops the oldest first, by count and by size, but always keeps the newest', () => {
    const size = entryFor(1, 1).json.length;
    const list = bound(
      [1, 2, 3, 4, 5].map((t) => entryFor(t, t)),
      { maxEntries: 3, maxChars: size * 2 + 1, maxKept: 0 },
    );
    expect(list.map((e) => e.time)).toEqual([5, 4]);
    const one = bound([entryFor(1, 1)], { maxEntries: 3, maxChars: 10, maxKept: 0 });
    expect(one).toHaveLength(1);
  });

  it('never drops a kept (unreadable) save for newer states', () => {
    const bounds: HistoryBounds = { maxEntries: 2, maxChars: 1e9, maxKept: 5 };
    let list: HistoryEntry[] = [makeKeptEntry('{"v":2}', 'v: newer version', 'tab1', 0)];
    for (let t = 1; t < 20; t++) list = addEntry(list, entryFor(t, t), bounds);
    expect(list.filter((e) => e.status === 'kept').map((e) => e.json)).toEqual(['{"v":2}']);
  });
});

// That no state ever shown is lost, whatever the user does, is checked by
// driving the persistence reducer itself: test/state/persistence/no-work-lost.test.ts.
describe('history, bounded and merged', () => {
  it('keeps the newest states when bounded, and two tabs merge without losing either', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 31, max: 60 }), { minLength: 1, maxLength: 40 }),
        (a, b) => {
          const bounds: HistoryBounds = { maxEntries: 15, maxChars: 1e12, maxKept: 5 };
          let time = 0;
          let listA: HistoryEntry[] = [];
          let listB: HistoryEntry[] = [];
          for (const t of a) listA = addEntry(listA, entryFor(t, ++time, 'a'), bounds);
          for (const t of b) listB = addEntry(listB, entryFor(t, ++time, 'b'), bounds);
          const merged = mergeEntries(listA, listB, bounds);
          expect(merged.length).toBeLessThanOrEqual(15);
          // The newest of each tab survives.
          expect(merged.some((e) => e.id === listA[0]!.id)).toBe(
            merged.length < 15 || listB.length < 15,
          );
          expect(merged[0]!.id).toBe(listB[0]!.id);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
