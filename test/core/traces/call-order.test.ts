/**
 * The store's orders (SPEC §13.1, §11): a conversation at a time, as
 * `conversationsOf` groups the calls `finish` gives, and readable again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallDraft } from '../../../src/core/traces/call-draft.ts';
import { timeOrder } from '../../../src/core/traces/call-order.ts';
import { CallStore } from '../../../src/core/traces/call-store.ts';
import { Float64Column } from '../../../src/core/traces/columns.ts';
import { conversationsOf, type ToolResult } from '../../../src/core/traces/index.ts';

const draftArb = fc.record({
  conversationId: fc.constantFrom('a', 'b', 'c', 'd'),
  // Few ids, so that some records repeat a call and are dropped.
  callId: fc.integer({ min: 0, max: 30 }).map((n) => `call-${n}`),
  at: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
  model: fc.constantFrom('claude-opus-4-6', 'claude-haiku-4-5'),
  sidechain: fc.boolean(),
  inputTokens: fc.nat(500),
  cacheReadTokens: fc.nat(5000),
  cacheWrite5mTokens: fc.nat(500),
  cacheWrite1hTokens: fc.constantFrom(0, 0, 200),
  outputTokens: fc.nat(900),
  reasoningTokens: fc.constant(0),
  passes: fc.array(fc.constantFrom('compaction', 'advisor_message'), { maxLength: 2 }),
  parentSlot: fc.integer({ min: -1, max: 2 }),
});

const tracesArb = fc.array(draftArb, { maxLength: 60 }).map((records) =>
  records.map(({ passes, ...draft }): CallDraft => ({
    ...draft,
    passes: passes.map((kind, index) => ({
      index: index < draft.parentSlot ? index : index + 1,
      kind,
      model: 'claude-haiku-4-5',
      inputTokens: 10 + index,
      cacheReadTokens: 0,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      outputTokens: 5,
      reasoningTokens: 0,
    })),
  })),
);

function storeOf(drafts: readonly CallDraft[]): CallStore {
  const store = new CallStore();
  for (const draft of drafts) store.addStreamedLine(draft);
  return store;
}

describe('the store, a conversation at a time', () => {
  it('groups the calls finish gives as conversationsOf does, and gives them again', () => {
    fc.assert(
      fc.property(tracesArb, (drafts) => {
        const finished = storeOf(drafts).finish();
        const store = storeOf(drafts);
        const calls = store.rereadable();
        const expected = conversationsOf(finished);
        expect([...calls.byConversation()]).toEqual(expected);
        expect([...calls.inTimeOrder()]).toEqual(finished);
        // Again, in either order: reading lets nothing go.
        expect([...calls.byConversation()]).toEqual(expected);
        expect([...store.drain()]).toEqual(finished);
        // A drain lets every call go.
        expect([...calls.byConversation()]).toEqual([]);
      }),
      { seed: 20261207, numRuns: 300 },
    );
  });

  it('places a timed tool result once, whichever order is read first', () => {
    const store = storeOf([
      { conversationId: 'a', callId: 'x', at: 10, model: 'm', sidechain: false, ...zero() },
      { conversationId: 'a', callId: 'y', at: 20, model: 'm', sidechain: false, ...zero() },
    ]);
    const result: ToolResult = { toolUseId: 'toolu_1', tokens: 7 };
    store.attachLater('a', 15, result);
    const calls = store.rereadable();
    const [conversation] = [...calls.byConversation()];
    expect(conversation!.map((c) => c.toolResults)).toEqual([[], [result]]);
    expect([...calls.inTimeOrder()].map((c) => c.toolResults)).toEqual([[], [result]]);
  });
});

function zero() {
  return {
    inputTokens: 1,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 1,
    reasoningTokens: 0,
  };
}

describe('timeOrder', () => {
  // The order the store promises, as a sort with a comparator gives it.
  const reference = (times: readonly number[]) =>
    times
      .map((_, i) => i)
      .sort((a, b) => {
        const [x, y] = [times[a]!, times[b]!];
        if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
        if (Number.isNaN(x)) return a - b;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
  const columnOf = (times: readonly number[]) => {
    const column = new Float64Column();
    times.forEach((t, i) => column.set(i, t));
    return column;
  };
  const timeArb = fc.oneof(
    fc.integer({ min: -3, max: 40 }),
    fc.constantFrom(NaN, -0, Infinity, -Infinity, 0.5),
  );

  it('puts dated calls by time, then the undated, ties in input order', () => {
    fc.assert(
      fc.property(fc.array(timeArb, { maxLength: 300 }), (times) => {
        expect([...timeOrder(columnOf(times), times.length)]).toEqual(reference(times));
      }),
    );
  });

  it('orders runs longer than its insertion runs, nearly sorted or reversed', () => {
    const n = 5_000;
    for (const times of [
      Array.from({ length: n }, (_, i) => i + ((i * 7919) % 13) - 6),
      Array.from({ length: n }, (_, i) => n - i),
      Array.from({ length: n }, (_, i) => (i % 97 === 0 ? NaN : (i * 2654435761) % 1000)),
    ]) {
      expect([...timeOrder(columnOf(times), n)]).toEqual(reference(times));
    }
  });
});
