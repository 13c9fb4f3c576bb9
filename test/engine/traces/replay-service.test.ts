import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { billTrace, replayTrace } from '../../../src/core/traces/index.ts';
import { replayTraffic, searchTraffic } from '../../../src/engine/traces/replay-service.ts';
import { MAX_REPLAY_TIMELINE_HOPS } from '../../../src/engine/traces/traffic-types.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';

const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'o3-pro'];

describe('replayTraffic', () => {
  const calls = seededTraffic(11, 40, MODELS);
  const outcome = replayTraffic(calls, DEFAULT_PRICING, {
    scope: { kind: 'all' },
    choice: {
      model: { kind: 'map', mapping: [{ from: 'claude-opus-4-6', to: 'claude-haiku-4-5' }] },
      ttlSeconds: 3600,
    },
  });

  it('puts as billed, as run and the replay side by side, each split adding up to its total', () => {
    const billed = billTrace(calls, DEFAULT_PRICING).totals;
    expect(outcome.asBilled.totalUsd).toBeCloseTo(billed.totalUsd, 12);
    expect(outcome.asBilled.cacheWriteUsd).toBeCloseTo(
      billed.cacheWrite5mUsd + billed.cacheWrite1hUsd,
      12,
    );
    expect(outcome.asRun.totalUsd).toBeCloseTo(
      replayTrace(calls, DEFAULT_PRICING, { kind: 'asRun' }).totals.totalUsd,
      12,
    );
    const core = replayTrace(calls, DEFAULT_PRICING, {
      kind: 'whatIf',
      model: new Map([['claude-opus-4-6', 'claude-haiku-4-5']]),
      ttlSeconds: 3600,
    });
    expect(outcome.replay.totalUsd).toBeCloseTo(core.totals.totalUsd, 12);
    expect(outcome.replay.cacheHitShare).toBeCloseTo(
      core.totals.cachedTokens / core.calls.reduce((sum, c) => sum + c.promptTokens, 0),
      12,
    );
    for (const column of [outcome.asBilled, outcome.asRun, outcome.replay]) {
      const parts =
        column.inputUsd +
        column.cacheReadUsd +
        column.cacheWriteUsd +
        column.outputUsd +
        column.toolFeesUsd;
      expect(parts).toBeCloseTo(column.totalUsd, 10);
    }
  });

  it("keeps each conversation's own TTL by default: nothing changed is the traffic as run", () => {
    // A third of the conversations wrote 1-hour cache as they ran.
    const mixed = calls.map((c) =>
      c.conversationId.charCodeAt(c.conversationId.length - 1) % 3 === 0 && c.cacheWrite5mTokens > 0
        ? { ...c, cacheWrite1hTokens: c.cacheWrite5mTokens, cacheWrite5mTokens: 0 }
        : c,
    );
    const oneHour = new Set(
      mixed.filter((c) => c.cacheWrite1hTokens > 0).map((c) => c.conversationId),
    );
    expect(oneHour.size).toBeGreaterThan(0);
    expect(oneHour.size).toBeLessThan(new Set(mixed.map((c) => c.conversationId)).size);
    const own = (mapping: { from: string; to: string }[]) =>
      replayTraffic(mixed, DEFAULT_PRICING, {
        scope: { kind: 'all' },
        choice: { model: { kind: 'map', mapping }, ttlSeconds: null },
      });
    const unchanged = own([]);
    expect(unchanged.replay).toEqual(unchanged.asRun);
    expect(unchanged.givesUp[1]).toMatch(
      /^keeps each conversation's cache TTL as it ran: 1 hour in the/,
    );
    // A move, each conversation on its own TTL: the two sets replayed apart by the core, summed.
    const moved = own([{ from: 'claude-opus-4-6', to: 'claude-haiku-4-5' }]);
    const part = (long: boolean) =>
      replayTrace(
        mixed.filter((c) => oneHour.has(c.conversationId) === long),
        DEFAULT_PRICING,
        {
          kind: 'whatIf',
          model: new Map([['claude-opus-4-6', 'claude-haiku-4-5']]),
          ttlSeconds: long ? 3600 : 300,
        },
      ).totals.totalUsd;
    expect(moved.replay.totalUsd).toBeCloseTo(part(true) + part(false), 12);
    const hops = moved.timeline.hops.reduce((sum, h) => sum + h.totalUsd, 0);
    expect(hops).toBeCloseTo(moved.replay.totalUsd, 10);
  });

  it('leaves out the unpriced model and draws every replayed call as a hop', () => {
    const unpriced = calls.filter((c) => c.model === 'o3-pro').length;
    expect(outcome.leftOut).toEqual([{ model: 'o3-pro', calls: unpriced }]);
    expect(outcome.timeline.hops).toHaveLength(calls.length - unpriced);
    expect(outcome.timeline.hops.every((h) => h.model !== 'claude-opus-4-6')).toBe(true);
    const sum = outcome.timeline.hops.reduce((s, h) => s + h.totalUsd, 0);
    expect(sum).toBeCloseTo(outcome.replay.totalUsd, 10);
  });

  it('caps the timeline and replays only the conversations asked for', () => {
    const many = seededTraffic(12, 900, MODELS.slice(0, 2));
    const all = replayTraffic(many, DEFAULT_PRICING, {
      scope: { kind: 'all' },
      choice: { model: { kind: 'map', mapping: [] }, ttlSeconds: 300 },
    });
    expect(all.timeline.totalCalls).toBe(many.length);
    expect(all.timeline.hops).toHaveLength(Math.min(many.length, MAX_REPLAY_TIMELINE_HOPS));
    const one = replayTraffic(many, DEFAULT_PRICING, {
      scope: { kind: 'conversations', ids: ['conv-3'] },
      choice: { model: { kind: 'map', mapping: [] }, ttlSeconds: 300 },
    });
    expect(one.scopeConversations).toBe(1);
    expect(one.scopeCalls).toBe(many.filter((c) => c.conversationId === 'conv-3').length);
  });
});

describe('searchTraffic', () => {
  it('ranks choices cheapest first, in words, none cheaper than its first', () => {
    const calls = seededTraffic(13, 40, MODELS);
    const search = searchTraffic(calls, DEFAULT_PRICING, { kind: 'all' }, { substitutes: 'any' });
    const totals = search.ranked.map((r) => r.totalUsd);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(search.ranked[0]!.givesUp.length).toBeGreaterThan(0);
    expect(search.boundText).toMatch(/^Every target for the 3 most-used models seen/);
    expect(search.boundText).toMatch(/Calls on unpriced models stay out/);
    // Every call on one chat model is among the choices searched: none beats the cheapest.
    for (const model of ['claude-haiku-4-5', 'gpt-4.1-nano', 'gemini-2.5-flash']) {
      for (const ttlSeconds of [300, 3600]) {
        const { totals: t } = replayTrace(
          calls.filter((c) => c.model !== 'o3-pro'),
          DEFAULT_PRICING,
          { kind: 'whatIf', model, ttlSeconds },
        );
        expect(t.totalUsd).toBeGreaterThanOrEqual(search.ranked[0]!.totalUsd - 1e-9);
      }
    }
  });

  it('keeps each model within its provider by default', () => {
    const calls = seededTraffic(13, 40, MODELS);
    const search = searchTraffic(calls, DEFAULT_PRICING, { kind: 'all' });
    expect(search.boundText).toMatch(/by default, of the same provider/);
    for (const r of search.ranked) {
      if (r.choice.model.kind !== 'map') continue;
      for (const move of r.choice.model.mapping) {
        const family = (m: string) =>
          m.includes('claude') ? 'a' : m.startsWith('gpt') || /^o\d/.test(m) ? 'o' : 'x';
        expect(family(move.to)).toBe(family(move.from));
      }
    }
  });
});
