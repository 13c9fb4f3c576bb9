import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  FallbackHistory,
  IdbHistory,
  LocalHistory,
  MemoryHistory,
} from '../../../src/state/history/history-store.ts';
import { makeEntry, makeKeptEntry } from '../../../src/state/history/model.ts';
import { scenarioToJson } from '../../../src/state/persistence.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';

const entry = (tokens: number, time: number) => {
  const data = { ...DEFAULT_SCENARIO, gate: { ...DEFAULT_SCENARIO.gate, outputTokens: tokens } };
  return makeEntry(data, scenarioToJson(data), 'tab1', time, 'edit');
};

describe('history stores', () => {
  it('IndexedDB keeps entries newest first, once per state', async () => {
    const db = await IdbHistory.open();
    expect(db).not.toBeNull();
    expect(await db!.add(entry(1, 1))).toBe(true);
    expect(await db!.add(entry(2, 2))).toBe(true);
    expect(await db!.add(entry(1, 3))).toBe(true);
    const list = await db!.list();
    expect(list.map((e) => e.time)).toEqual([3, 2]);
  });

  it('local storage keeps them too, and drops the oldest when the storage is full', async () => {
    const items = new Map<string, string>();
    let capacity = Number.POSITIVE_INFINITY;
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (v.length > capacity) throw new DOMException('full', 'QuotaExceededError');
        items.set(k, v);
      },
      removeItem: (k: string) => void items.delete(k),
    } as unknown as Storage;
    const local = new LocalHistory(storage);
    for (let t = 1; t <= 5; t++) await local.add(entry(t, t));
    expect((await local.list()).map((e) => e.time)).toEqual([5, 4, 3, 2, 1]);
    capacity = entry(1, 1).json.length * 3;
    expect(await local.add(entry(6, 6))).toBe(true);
    const times = (await local.list()).map((e) => e.time);
    expect(times[0]).toBe(6);
    expect(times.length).toBeLessThan(6);
  });

  it('falls back when the first store refuses, and lists both', async () => {
    const refusing = { kind: 'indexeddb' as const, list: async () => [], add: async () => false };
    const memory = new MemoryHistory();
    const history = new FallbackHistory(refusing, memory);
    expect(await history.add(makeKeptEntry('{"v":2}', 'newer', 'tab1', 1))).toBe(true);
    expect((await history.list()).map((e) => e.status)).toEqual(['kept']);
  });
});
