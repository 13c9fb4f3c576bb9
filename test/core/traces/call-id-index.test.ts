// @vitest-environment node
/**
 * The store's index of call ids against a `Map` of strings: the same
 * answers for any ids (ASCII, wide, lone surrogates, empty, longer than a
 * block), any conversations and any order of lookups.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallIdIndex } from '../../../src/core/traces/call-id-index.ts';

const RUNS = { seed: 7_331, numRuns: 200 } as const;

const idArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', 'msg_01', 'msg_01req_01', '\ud800', '\ud801', 'é', '\u00e9'),
);
const keyArb = fc.tuple(fc.integer({ min: 0, max: 3 }), idArb);

describe('CallIdIndex', () => {
  it('finds what a Map of (conversation, id) finds, and gives each id back', () => {
    fc.assert(
      fc.property(fc.array(keyArb, { maxLength: 300 }), (keys) => {
        const index = new CallIdIndex();
        const map = new Map<string, number>();
        const ids: string[] = [];
        for (const [conversation, id] of keys) {
          const key = `${conversation}\u0000${id}`;
          const found = index.lookup(conversation, id);
          expect(found).toBe(map.get(key) ?? -1);
          if (found < 0) {
            const call = index.insertLast();
            expect(call).toBe(map.size);
            map.set(key, call);
            ids.push(id);
          }
        }
        expect(index.size).toBe(map.size);
        ids.forEach((id, call) => expect(index.idOf(call)).toBe(id));
      }),
      RUNS,
    );
  });

  it('holds many ids across table growth and byte blocks, and ids longer than a block', () => {
    const index = new CallIdIndex();
    const long = 'x'.repeat((1 << 20) + 5);
    const ids = [
      ...Array.from({ length: 50_000 }, (_, i) => `msg_${i.toString(36)}req_${i}`),
      long,
      'after the long one',
    ];
    for (const id of ids) {
      expect(index.lookup(7, id)).toBe(-1);
      index.insertLast();
    }
    for (let call = 0; call < ids.length; call += 997) {
      expect(index.lookup(7, ids[call]!)).toBe(call);
      expect(index.idOf(call)).toBe(ids[call]);
    }
    expect(index.lookup(7, long)).toBe(50_000);
    expect(index.idOf(50_001)).toBe('after the long one');
    expect(index.lookup(8, ids[0]!)).toBe(-1);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.lookup(7, ids[0]!)).toBe(-1);
  });

  it('refuses an insert that no failed lookup announced', () => {
    const index = new CallIdIndex();
    expect(() => index.insertLast()).toThrow(/lookup/);
    index.lookup(0, 'a');
    index.insertLast();
    expect(() => index.insertLast()).toThrow(/lookup/);
  });
});
