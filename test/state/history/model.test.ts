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
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});

const entryFor = (tokens: number, time: number, tab = 'tab1') => {
  const data = withOutput(tokens);
  return makeEntry(data, scenarioToJson(data), tab, time, 'edit');
};

describe('history entries', () => {
  it('summarizes a scenario in one line, led by its tab', () => {
    expect(summarize(DEFAULT_SCENARIO)).toBe(
      `gate: 40,000 tokens, H ${DEFAULT_SCENARIO.gate.horizon}, ${DEFAULT_SCENARIO.gate.modelName}`,
    );
    expect(
      summarize({ ...DEFAULT_SCENARIO, ui: { ...DEFAULT_SCENARIO.ui, tab: 'prices' } }),
    ).toMatch(/^prices: [\d,]+ models$/);
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

/**
 * A model of the app's use of the history: edits record states, reloads
 * start a new page (which records the state it shows), refused saves are
 * kept, restores record the current state and then the restored one.
 */
type Step =
  | { kind: 'edit'; tokens: number }
  | { kind: 'reload' }
  | { kind: 'refused'; text: string }
  | { kind: 'restore'; pick: number }
  | { kind: 'otherTab'; tokens: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), tokens: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ kind: fc.constant('reload' as const) }),
  fc.record({ kind: fc.constant('refused' as const), text: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('otherTab' as const), tokens: fc.integer({ min: 0, max: 50 }) }),
);

describe('history, any sequence of edits, reloads, refused saves and restores', () => {
  it('loses no state that was ever shown, within its bounds', () => {
    const bounds: HistoryBounds = { maxEntries: 200, maxChars: 1e12, maxKept: 200 };
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let time = 0;
        let store: HistoryEntry[] = [];
        let shown = 40_000;
        const everShown = new Set<number>([shown]);
        const kept = new Set<string>();
        const record = (tokens: number, tab = 'tab1') => {
          store = addEntry(store, entryFor(tokens, ++time, tab), bounds);
        };
        record(shown);
        for (const s of steps) {
          switch (s.kind) {
            case 'edit':
              shown = s.tokens;
              record(shown);
              break;
            case 'reload':
              // The page is new: only what the store holds survives.
              record(shown);
              break;
            case 'otherTab':
              record(s.tokens, 'tab2');
              everShown.add(s.tokens);
              break;
            case 'refused': {
              const entry = makeKeptEntry(s.text, 'refused', 'tab1', ++time);
              store = addEntry(store, entry, bounds);
              kept.add(s.text);
              break;
            }
            case 'restore': {
              const readable = store.filter((e) => e.status === 'ok');
              const target = readable[s.pick % readable.length]!;
              record(shown);
              shown = JSON.parse(target.json).gate.outputTokens;
              record(shown);
              break;
            }
          }
          everShown.add(shown);
          // Every state ever shown is still one click away.
          const inStore = new Set(
            store.filter((e) => e.status === 'ok').map((e) => JSON.parse(e.json).gate.outputTokens),
          );
          for (const tokens of everShown) expect(inStore.has(tokens)).toBe(true);
          for (const text of kept) {
            expect(store.some((e) => e.status === 'kept' && e.json === text)).toBe(true);
          }
          // Newest first, each state once.
          const times = store.map((e) => e.time);
          expect(times).toEqual([...times].sort((a, b) => b - a));
          const keys = store.map((e) => `${e.status}:${e.digest}`);
          expect(new Set(keys).size).toBe(keys.length);
        }
        // The state shown last is the newest of its kind in the store.
        const newest = store.find((e) => e.status === 'ok');
        expect(newest === undefined ? null : typeof JSON.parse(newest.json).gate.outputTokens).toBe(
          'number',
        );
      }),
      { seed: 1313, numRuns: 150 },
    );
  });

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
