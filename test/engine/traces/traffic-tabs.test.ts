/**
 * The stored traffic shared by several tabs (each a traffic service of its
 * own over one IndexedDB): imports from any tab merge, Forget deletes for
 * every tab, a tab's stale copy is never written back, and a reload shows
 * exactly what was stored.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTraffic, TRAFFIC_DB_NAME } from '../../../src/engine/traces/traffic-db.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import { textSource } from './fixture-sources.ts';

const noBook = { priceBook: () => Promise.resolve(undefined) };

/** A Messages response line of call `id` in conversation `c`. */
function line(id: number): string {
  return JSON.stringify({
    timestamp: new Date(Date.UTC(2026, 3, 3, 12, 0, id)).toISOString(),
    conversation_id: `c${id % 3}`,
    response: {
      id: `msg_${id}`,
      type: 'message',
      model: 'claude-sonnet-4-5',
      usage: { input_tokens: 100 + id, output_tokens: 10 },
    },
  });
}

const fileOf = (ids: readonly number[], n: number) =>
  textSource(`import-${n}.jsonl`, ids.map(line).join('\n') + '\n');

async function storedIds(): Promise<string[]> {
  const stored = await loadTraffic();
  return (stored?.calls ?? []).map((c) => c.callId).sort();
}

async function shownIds(tab: TrafficService): Promise<string[]> {
  const meta = await tab.load();
  if (meta === undefined) return [];
  const rows = await tab.rows(0, 10_000);
  return rows.map((r) => r.callId).sort();
}

afterEach(async () => {
  await new TrafficService().forget();
});

describe('traffic in several tabs', () => {
  it('keeps both tabs’ imports, where the last writer used to win', async () => {
    const a = new TrafficService(noBook);
    const b = new TrafficService(noBook);
    await a.load();
    await b.load();
    await b.importFiles([fileOf([1, 2, 3, 4, 5, 6, 7], 1)]);
    await a.importFiles([fileOf([11, 12, 13, 14, 15, 16, 17, 18, 19], 2)]);
    expect(await storedIds()).toHaveLength(16);
    expect(await shownIds(a)).toEqual(await storedIds());
  });

  it('keeps two imports running at once', async () => {
    const a = new TrafficService(noBook);
    const b = new TrafficService(noBook);
    await Promise.all([
      a.importFiles([fileOf([1, 2, 3], 1)]),
      b.importFiles([fileOf([3, 4, 5], 2)]),
    ]);
    expect(await storedIds()).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4', 'msg_5']);
  });

  it('never writes forgotten calls back from a tab that still held them', async () => {
    const a = new TrafficService(noBook);
    const b = new TrafficService(noBook);
    await b.importFiles([fileOf([1, 2, 3, 4, 5, 6, 7], 1)]);
    await a.load();
    await a.forget();
    // b has not heard yet: its next import merges with the store, not with its memory.
    await b.importFiles([fileOf([8], 2)]);
    expect(await storedIds()).toEqual(['msg_8']);
    expect(await shownIds(b)).toEqual(['msg_8']);
  });

  it('says why an import could not be stored, shows it on this page only, and a reload has nothing', async () => {
    // A newer version of the explorer holds the store.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(TRAFFIC_DB_NAME, 99);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    try {
      const tab = new TrafficService(noBook);
      const outcome = await tab.importFiles([fileOf([1, 2, 3, 4, 5, 6, 7], 1)]);
      expect(outcome.status).toBe('done');
      expect(outcome.addedCalls).toBe(7);
      expect(outcome.notStored).toMatch(/newer version of the explorer/);
      expect(await shownIds(tab)).toHaveLength(7);
      expect(await shownIds(new TrafficService(noBook))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(TRAFFIC_DB_NAME);
        request.onsuccess = () => resolve();
        request.onerror = () => resolve();
      });
    }
  });

  // The model: the store holds every call imported since the last Forget; a tab
  // shows the store once it has reloaded (as it does on hearing a change).
  type Step =
    | { readonly op: 'import'; readonly tab: number; readonly ids: readonly number[] }
    | { readonly op: 'forget'; readonly tab: number }
    | { readonly op: 'reload'; readonly tab: number }
    | { readonly op: 'newTab'; readonly tab: number };
  const TABS = 3;
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      op: fc.constant('import' as const),
      tab: fc.integer({ min: 0, max: TABS - 1 }),
      ids: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 6 }),
    }),
    fc.record({ op: fc.constant('forget' as const), tab: fc.integer({ min: 0, max: TABS - 1 }) }),
    fc.record({ op: fc.constant('reload' as const), tab: fc.integer({ min: 0, max: TABS - 1 }) }),
    fc.record({ op: fc.constant('newTab' as const), tab: fc.integer({ min: 0, max: TABS - 1 }) }),
  );

  it('holds over interleaved imports, forgets and reloads in several tabs (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        await new TrafficService().forget();
        const tabs = Array.from({ length: TABS }, () => new TrafficService(noBook));
        const model = new Set<string>();
        let n = 0;
        for (const s of steps) {
          const tab = tabs[s.tab]!;
          if (s.op === 'import') {
            await tab.importFiles([fileOf(s.ids, (n += 1))]);
            for (const id of s.ids) model.add(`msg_${id}`);
            // The importing tab shows exactly what is stored.
            expect(await shownIds(tab)).toEqual([...model].sort());
          } else if (s.op === 'forget') {
            await tab.forget();
            model.clear();
            expect(await shownIds(tab)).toEqual([]);
          } else if (s.op === 'reload') {
            await tab.reload();
            expect(await shownIds(tab)).toEqual([...model].sort());
          } else tabs[s.tab] = new TrafficService(noBook);
          expect(await storedIds()).toEqual([...model].sort());
        }
        // A page opened now shows exactly what was stored.
        expect(await shownIds(new TrafficService(noBook))).toEqual([...model].sort());
      }),
      { seed: 23_023, numRuns: 40 },
    );
  });
});
