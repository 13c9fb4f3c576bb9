import fc from 'fast-check';
import { atom, computed, currentEpoch, subscribe, untracked } from '../../src/state/graph.ts';

describe('the derivation graph', () => {
  it('recomputes a computed only when a signal it read has changed', () => {
    const a = atom('a', 1);
    const b = atom('b', 10);
    let runs = 0;
    const sum = computed('sum', () => {
      runs++;
      return a.get() + b.get();
    });
    expect(sum.get()).toBe(11);
    expect(sum.get()).toBe(11);
    expect(runs).toBe(1);
    a.set(2);
    expect(sum.get()).toBe(12);
    expect(runs).toBe(2);
    a.set(2); // equal: nothing changes
    expect(sum.get()).toBe(12);
    expect(runs).toBe(2);
  });

  it('tracks the parents of the latest run only (a branch not taken is not a parent)', () => {
    const useB = atom('useB', false);
    const a = atom('a', 'a');
    const b = atom('b', 'b');
    let runs = 0;
    const pick = computed('pick', () => {
      runs++;
      return useB.get() ? b.get() : a.get();
    });
    expect(pick.get()).toBe('a');
    b.set('b2'); // not read in the last run
    expect(pick.get()).toBe('a');
    expect(runs).toBe(1);
    useB.set(true);
    expect(pick.get()).toBe('b2');
    a.set('a2'); // no longer read
    expect(pick.get()).toBe('b2');
    expect(runs).toBe(2);
  });

  it('keeps the kept object when a new result is equal, so readers downstream do not rerun', () => {
    const items = atom('items', [1, 2, 3]);
    const sameList = (x: readonly number[], y: readonly number[]) =>
      x.length === y.length && x.every((v, i) => v === y[i]);
    const evens = computed('evens', () => items.get().filter((n) => n % 2 === 0), {
      isEqual: sameList,
    });
    let downstreamRuns = 0;
    const count = computed('count', () => {
      downstreamRuns++;
      return evens.get().length;
    });
    const first = evens.get();
    expect(count.get()).toBe(1);
    items.set([1, 2, 5]);
    expect(evens.get()).toBe(first);
    expect(count.get()).toBe(1);
    expect(downstreamRuns).toBe(1);
    items.set([2, 4]);
    expect(evens.get()).not.toBe(first);
    expect(count.get()).toBe(2);
    expect(downstreamRuns).toBe(2);
  });

  it('never runs a computed nobody reads', () => {
    const a = atom('a', 1);
    let runs = 0;
    computed('unread', () => {
      runs++;
      return a.get();
    });
    a.set(2);
    expect(runs).toBe(0);
  });

  it('keeps an error like a value until a parent changes', () => {
    const divisor = atom('divisor', 0);
    let runs = 0;
    const quotient = computed('quotient', () => {
      runs++;
      const d = divisor.get();
      if (d === 0) throw new Error('no divisor');
      return 12 / d;
    });
    expect(() => quotient.get()).toThrow('no divisor');
    expect(() => quotient.get()).toThrow('no divisor');
    expect(runs).toBe(1);
    divisor.set(4);
    expect(quotient.get()).toBe(3);
  });

  it('names a computed that depends on itself', () => {
    const a = atom('a', 1);
    const loop: { get(): number } = computed('loop', () => a.get() + loop.get());
    expect(() => loop.get()).toThrow('computed loop depends on itself');
  });

  it('tells listeners after an atom changes, and only then', () => {
    const a = atom('a', 1);
    const heard: number[] = [];
    const stop = subscribe(() => heard.push(a.get()));
    const before = currentEpoch();
    a.set(1);
    expect(heard).toEqual([]);
    a.set(2);
    expect(heard).toEqual([2]);
    expect(currentEpoch()).toBe(before + 1);
    stop();
    a.set(3);
    expect(heard).toEqual([2]);
  });

  it('does not record what untracked reads', () => {
    const a = atom('a', 1);
    const b = atom('b', 1);
    let runs = 0;
    const c = computed('c', () => {
      runs++;
      return a.get() + untracked(() => b.get());
    });
    expect(c.get()).toBe(2);
    b.set(5);
    expect(c.get()).toBe(2);
    a.set(2);
    expect(c.get()).toBe(7);
    expect(runs).toBe(2);
  });

  it('agrees with recomputing from scratch after any sequence of edits (seeded)', () => {
    // A small diamond: a, b → s = a + b, d = a * 2 → top = s - d (= b - a).
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -3, max: 3 })), { maxLength: 40 }),
        (edits) => {
          const a = atom('a', 0);
          const b = atom('b', 0);
          const s = computed('s', () => a.get() + b.get());
          const d = computed('d', () => a.get() * 2);
          const top = computed('top', () => s.get() - d.get());
          for (const [onA, value] of edits) {
            (onA ? a : b).set(value);
            if (top.get() !== b.get() - a.get()) return false;
          }
          return true;
        },
      ),
      { seed: 20261204, numRuns: 200 },
    );
  });
});
