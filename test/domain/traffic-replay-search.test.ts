import { describe, expect, it } from 'vitest';
import { findPriceRow } from '../../src/core/model-names.ts';
import { DEFAULT_PRICING, type PriceRow } from '../../src/core/pricing.ts';
import { replayTrace, type TraceCall } from '../../src/core/traces/index.ts';
import {
  MAX_RANKED_CHOICES,
  MAX_SEARCHED_MODELS,
  searchReplayChoices,
} from '../../src/domain/traffic-replay-search.ts';
import { seededTraffic } from './replay-traffic.ts';

/** The unconstrained search, which these tests compare with a brute force over every candidate. */
const ANY = { substitutes: 'any' } as const;
const CANDIDATES = ['claude-haiku-4-5', 'claude-sonnet-4-5', 'gpt-5', 'gemini-2.5-flash'];

/** Every choice the search should cover, priced one by one with the core's replay. */
function bruteForce(calls: readonly TraceCall[], searched: readonly string[]) {
  const rowOf = (m: string) => findPriceRow(DEFAULT_PRICING, m)?.model;
  const results: { mapping: Map<string, string>; ttlSeconds: number; totalUsd: number }[] = [];
  const options = searched.map((s) => [s, ...CANDIDATES.filter((c) => c !== s)]);
  const pick = searched.map(() => 0);
  let priced = 0;
  for (;;) {
    const byRow = new Map(searched.map((s, i) => [s, options[i]![pick[i]!]!]));
    const byName = new Map<string, string>();
    for (const call of calls) {
      const to = byRow.get(rowOf(call.model) ?? '');
      if (to !== undefined) byName.set(call.model, to);
    }
    for (const ttlSeconds of [300, 3600]) {
      const { totals } = replayTrace(calls, DEFAULT_PRICING, {
        kind: 'whatIf',
        model: byName,
        ttlSeconds,
      });
      // A mapping that costs the same at both TTLs is one choice, at 5 minutes.
      const at5m = results.at(-1);
      if (ttlSeconds === 3600 && at5m?.mapping === byRow && at5m.totalUsd === totals.totalUsd)
        continue;
      results.push({ mapping: byRow, ttlSeconds, totalUsd: totals.totalUsd });
    }
    priced += 2;
    let i = 0;
    while (i < searched.length && ++pick[i]! === options[i]!.length) pick[i++] = 0;
    if (i === searched.length) break;
  }
  return { results, priced };
}

/** Calls on unpriced models are out of the search (and of the bill); the brute force leaves them out too. */
const pricedCalls = (calls: readonly TraceCall[]) =>
  calls.filter((c) => findPriceRow(DEFAULT_PRICING, c.model) !== undefined);

describe('searchReplayChoices', () => {
  it.each([
    [1, ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'o3-pro']],
    [2, ['claude-opus-4-6', 'anthropic/claude-sonnet-4-5', 'claude-sonnet-4-5', 'gpt-4.1']],
    [3, ['claude-opus-4-1', 'gemini-2.5-pro']],
  ])('ranks like a replay of every choice, one by one (seed %i)', (seed, models) => {
    const calls = seededTraffic(seed, 30, models);
    const search = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, ANY);
    const { results: brute, priced: evaluated } = bruteForce(
      pricedCalls(calls),
      search.searchedModels,
    );
    expect(search.evaluated).toBe(evaluated);
    const sorted = brute.map((b) => b.totalUsd).sort((a, b) => a - b);
    expect(search.ranked).toHaveLength(Math.min(MAX_RANKED_CHOICES, brute.length));
    search.ranked.forEach((r, i) => {
      // The i-th cheapest of the brute force, and the replay of that very choice.
      expect(r.totalUsd).toBeCloseTo(sorted[i]!, 9);
      const byRow = new Map(r.mapping.map((m) => [m.from, m.to]));
      const match = brute.find(
        (b) =>
          b.ttlSeconds === r.ttlSeconds &&
          [...b.mapping].every(([from, to]) => byRow.get(from) === to),
      )!;
      expect(match.totalUsd).toBeCloseTo(r.totalUsd, 9);
    });
  });

  it('searches the most-used models and keeps the others on their own', () => {
    const models = [
      'claude-opus-4-6',
      'claude-sonnet-4-5',
      'claude-haiku-4-5',
      'gpt-5',
      'gpt-4.1-mini',
      'gemini-2.5-flash',
    ];
    const calls = seededTraffic(7, 40, models);
    const search = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, ANY);
    expect(search.searchedModels).toHaveLength(MAX_SEARCHED_MODELS);
    expect(search.fixedModels).toHaveLength(2);
    const count = (m: string) => calls.filter((c) => c.model === m).length;
    const least = Math.min(...search.searchedModels.map(count));
    for (const m of search.fixedModels) expect(count(m)).toBeLessThanOrEqual(least);
    for (const r of search.ranked) {
      for (const m of search.fixedModels) {
        expect(r.mapping.find((x) => x.from === m)?.to).toBe(m);
      }
    }
    // The cheapest, replayed by the core, costs what the search says.
    const best = search.ranked[0]!;
    const { totals } = replayTrace(calls, DEFAULT_PRICING, {
      kind: 'whatIf',
      model: new Map(best.mapping.map((m) => [m.from, m.to])),
      ttlSeconds: best.ttlSeconds,
    });
    expect(totals.totalUsd).toBeCloseTo(best.totalUsd, 9);
    // No cheaper choice among random ones the core replays.
    const options = [...new Set([...CANDIDATES])];
    for (let k = 0; k < 20; k++) {
      const mapping = new Map(
        search.searchedModels.map((m, i) => [m, options[(k * (i + 3) + i) % options.length]!]),
      );
      for (const ttlSeconds of [300, 3600]) {
        const other = replayTrace(calls, DEFAULT_PRICING, {
          kind: 'whatIf',
          model: mapping,
          ttlSeconds,
        });
        expect(other.totals.totalUsd).toBeGreaterThanOrEqual(best.totalUsd - 1e-9);
      }
    }
  });

  it('ranks a mapping the TTL does not change once, at 5 minutes', () => {
    // One conversation on gpt-5 (no cache writes billed, so no 1-hour rate
    // that differs), a call every 30 s: the TTL changes nothing.
    const calls: TraceCall[] = Array.from({ length: 6 }, (_, i) => ({
      ...seededTraffic(11, 1, ['gpt-5'])[0]!,
      conversationId: 'c',
      at: 1_000 + 30 * i,
      inputTokens: 2_000 + 100 * i,
      cacheReadTokens: 0,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
    }));
    const search = searchReplayChoices(calls, DEFAULT_PRICING, ['gpt-5', 'gpt-4.1'], ANY);
    const keys = search.ranked.map((r) => r.mapping.map((m) => `${m.from}>${m.to}`).join());
    expect(new Set(keys).size).toBe(keys.length);
    expect(search.ranked.length).toBeGreaterThan(0);
    expect(search.ranked.every((r) => r.ttlSeconds === 300)).toBe(true);
    expect(search.evaluated).toBe(2 * search.ranked.length);
  });

  it('prices nothing when no call is priced', () => {
    const calls = seededTraffic(4, 3, ['o3-pro']);
    const search = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, ANY);
    expect(search.searchedModels).toEqual([]);
    expect(search.ranked.every((r) => r.totalUsd === 0)).toBe(true);
  });
});

describe('the cheapest setting that moves no model', () => {
  it('is the cheaper TTL with every model on its own, as the core replays it', () => {
    const calls = seededTraffic(9, 30, ['claude-opus-4-6', 'claude-haiku-4-5']);
    const { keepModels } = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, ANY);
    expect(keepModels.mapping.every((m) => m.from === m.to)).toBe(true);
    const at = (ttlSeconds: number) =>
      replayTrace(calls, DEFAULT_PRICING, { kind: 'whatIf', ttlSeconds }).totals.totalUsd;
    expect(keepModels.totalUsd).toBeCloseTo(Math.min(at(300), at(3600)), 9);
    expect(keepModels.ttlSeconds).toBe(at(3600) < at(300) ? 3600 : 300);
  });

  it('prices dated, automatic and fee-bearing rows, and undated calls, as the core replays them', () => {
    // The traffic starts at 2023-11-14T22:13Z and runs past midnight: sonnet's
    // price doubles from 2023-11-15 (SPEC §13.6 a); gpt-5 caches automatically
    // for an hour and charges its own search fee (§13.6 b, §13.4).
    const sonnet = DEFAULT_PRICING['claude-sonnet-4-5']!;
    const pricing = {
      ...DEFAULT_PRICING,
      'claude-sonnet-4-5': [
        sonnet,
        { ...sonnet, input: 6, output: 30, cacheRead: 0.6, effectiveFrom: '2023-11-15' },
      ],
      'gpt-5': {
        ...DEFAULT_PRICING['gpt-5']!,
        cacheMode: 'automatic' as const,
        automaticCacheTtlSeconds: 3600,
        toolFees: { web_search: 25 },
      },
    };
    const seeded = seededTraffic(11, 30, ['claude-opus-4-6', 'claude-sonnet-4-5', 'gpt-5']);
    const calls = seeded.map((call, i) =>
      i % 5 === 0
        ? { ...call, toolRequests: { web_search: 1 + (i % 3), code_interpreter: 1 } }
        : call,
    );
    // The undated come after the dated, as the reader returns them (SPEC §13.1).
    const undated = calls.slice(0, 12).map((call) => ({
      ...call,
      conversationId: `undated-${call.conversationId}`,
      at: null,
    }));
    const all = [...calls, ...undated];
    const days = new Set(calls.map((c) => new Date(c.at! * 1000).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(1);
    const search = searchReplayChoices(all, pricing, CANDIDATES, ANY);
    expect(search.ranked.length).toBeGreaterThan(0);
    for (const choice of [...search.ranked, search.keepModels]) {
      const { totals } = replayTrace(all, pricing, {
        kind: 'whatIf',
        model: new Map(choice.mapping.map((m) => [m.from, m.to])),
        ttlSeconds: choice.ttlSeconds,
      });
      expect(choice.totalUsd).toBeCloseTo(totals.totalUsd, 9);
    }
    // The search can tell the dates apart: on the first day's rows alone it would differ.
    const undatedRows = { ...pricing, 'claude-sonnet-4-5': sonnet };
    expect(searchReplayChoices(all, undatedRows, CANDIDATES).keepModels.totalUsd).not.toBeCloseTo(
      search.keepModels.totalUsd,
      6,
    );
  });

  it('keeps token counts that are not whole numbers, and ranks models by every call on them', () => {
    const seeded = seededTraffic(5, 30, ['claude-opus-4-6', 'claude-haiku-4-5']);
    // A count no 32-bit column holds, and one with a fraction, as a hand-written trace may give.
    const calls = seeded.map((call, i) =>
      i === 3
        ? { ...call, outputTokens: call.outputTokens + 0.5 }
        : i === 4
          ? { ...call, inputTokens: 2 ** 32 + 7 }
          : call,
    );
    const search = searchReplayChoices(calls, DEFAULT_PRICING, CANDIDATES, ANY);
    for (const choice of [...search.ranked, search.keepModels]) {
      const { totals } = replayTrace(calls, DEFAULT_PRICING, {
        kind: 'whatIf',
        model: new Map(choice.mapping.map((m) => [m.from, m.to])),
        ttlSeconds: choice.ttlSeconds,
      });
      expect(choice.totalUsd).toBeCloseTo(totals.totalUsd, 9);
    }
    // Reconciling calls are out of the replay but count towards which models are most used.
    const few = calls.filter((c) => c.model === 'claude-haiku-4-5').length;
    const many = calls.filter((c) => c.model === 'claude-opus-4-6').length;
    const reconciling = Array.from({ length: many - few + 1 }, (_, i) => ({
      ...calls.find((c) => c.model === 'claude-haiku-4-5')!,
      kind: 'reconciling' as const,
      conversationId: `reconciling-${i}`,
    }));
    const ranked = searchReplayChoices(
      [...calls, ...reconciling],
      DEFAULT_PRICING,
      CANDIDATES,
      ANY,
    );
    expect(ranked.searchedModels[0]).toBe(findPriceRow(DEFAULT_PRICING, 'claude-haiku-4-5')!.model);
    expect(ranked.keepModels.totalUsd).toBeCloseTo(search.keepModels.totalUsd, 9);
  });

  it('prices traffic over centuries and over hundreds of models as the core replays it', () => {
    // 300 models seen (more than a byte names) and days 84,000 apart (more than 16 bits hold).
    const haiku = DEFAULT_PRICING['claude-haiku-4-5']!;
    const pricing: Record<string, PriceRow | readonly PriceRow[]> = { ...DEFAULT_PRICING };
    const models = Array.from({ length: 300 }, (_, i) => `house-model-${i}`);
    models.forEach((m, i) => (pricing[m] = { ...haiku, output: haiku.output + i / 100 }));
    // The far calls' day picks a later row (SPEC §13.6 a), so a day read wrong would show.
    pricing['house-model-0'] = [
      { ...haiku, effectiveFrom: '2023-01-01' },
      { ...haiku, output: 99, effectiveFrom: '2100-01-01' },
    ];
    const near = seededTraffic(13, 20, models.slice(0, 40));
    const far = models.map((model, i) => ({
      ...near[i % near.length]!,
      callId: `far-${i}`,
      conversationId: `far-${i % 7}`,
      model,
      at: 1_700_000_000 + 84_000 * 86_400 + 90 * i,
    }));
    const calls = [...near, ...far];
    const laterRow = replayTrace(calls, pricing, { kind: 'whatIf', ttlSeconds: 300 }).totals;
    const firstRow = replayTrace(
      calls,
      { ...pricing, 'house-model-0': haiku },
      { kind: 'whatIf', ttlSeconds: 300 },
    ).totals;
    expect(laterRow.totalUsd).not.toBeCloseTo(firstRow.totalUsd, 6);
    const search = searchReplayChoices(calls, pricing, CANDIDATES, ANY);
    expect(search.fixedModels.length).toBeGreaterThan(256 - MAX_SEARCHED_MODELS);
    for (const choice of [...search.ranked.slice(0, 3), search.keepModels]) {
      const { totals } = replayTrace(calls, pricing, {
        kind: 'whatIf',
        model: new Map(choice.mapping.map((m) => [m.from, m.to])),
        ttlSeconds: choice.ttlSeconds,
      });
      expect(choice.totalUsd).toBeCloseTo(totals.totalUsd, 9);
    }
  });
});
