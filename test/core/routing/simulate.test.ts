// @vitest-environment node
/**
 * The routing simulation (SPEC §5). The two walks below are worked by hand
 * from the spec with the default rows as revision 1 gave them (no minimum
 * cacheable prompt, no long-context tier; §5.1 is tested in simulate-r2.test.ts): claude-opus-4-5 / 4-6 at $5/M in,
 * $25/M out, $6.25/M 5-minute write, $10/M 1-hour write, $0.50/M read;
 * gpt-4.1 at $2/M in, $8/M out, $0.50/M read and no write price (plain input).
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/core/errors.ts';
import { REVISION_1_PRICING as DEFAULT_PRICING } from '../../helpers/pricing.ts';
import {
  simulateRouting,
  validateScenario,
  type HopRecord,
  type RoutingScenario,
  type SimHop,
} from '../../../src/core/routing/simulate.ts';

const hop = (patch: Partial<SimHop> = {}): SimHop => ({
  outputTokens: 0,
  thinkingTokens: 0,
  toolResultTokens: 0,
  latencySeconds: 0,
  ...patch,
});

/** Compares every numeric field to 12 decimal places and the rest exactly. */
function expectHop(actual: HopRecord | undefined, expected: Partial<HopRecord>): void {
  expect(actual).toBeDefined();
  for (const [key, value] of Object.entries(expected)) {
    const got = (actual as unknown as Record<string, unknown>)[key];
    if (typeof value === 'number') expect(got, key).toBeCloseTo(value, 12);
    else expect(got, key).toEqual(value);
  }
}

describe('simulateRouting: a hand-computed 2-turn walk with hop-aware thinking', () => {
  const scenario: RoutingScenario = {
    systemTokens: 1000,
    cacheTtlSeconds: 300,
    thinkingInvalidatesCache: true,
    policies: [],
    strategy: { kind: 'hopAware', model: 'claude-opus-4-5' },
    defaultModel: { model: 'claude-haiku-4-5', thinking: false },
    turns: [
      {
        gapSeconds: 10,
        userTokens: 200,
        complexity: 'simple',
        toolNames: ['search'],
        hops: [
          hop({
            outputTokens: 100,
            thinkingTokens: 400,
            toolResultTokens: 500,
            latencySeconds: 5,
            forcedTool: 'search',
          }),
          hop({ outputTokens: 50, thinkingTokens: 300, latencySeconds: 2, forcedTool: 'search' }),
        ],
      },
      {
        gapSeconds: 60,
        userTokens: 100,
        complexity: 'simple',
        hops: [hop({ outputTokens: 80, thinkingTokens: 200, latencySeconds: 1 })],
      },
    ],
  };
  const result = simulateRouting(scenario, DEFAULT_PRICING);

  it('has one record per hop', () => {
    expect(result.hops).toHaveLength(3);
  });

  it('turn 0 hop 0: thinking on, cold cache, the forced tool dropped', () => {
    // t = 10; prompt = 1,000 + 200; write 1,200 · 6.25e-6 = 0.0075;
    // output (100 + 400 thinking) · 25e-6 = 0.0125.
    expectHop(result.hops[0], {
      turn: 0,
      hop: 0,
      turnHopIndex: 0,
      at: 10,
      model: 'claude-opus-4-5',
      thinking: true,
      source: 'resolver',
      promptTokens: 1200,
      cachedTokens: 0,
      writeTokens: 1200,
      outputTokens: 100,
      thinkingTokens: 400,
      readUsd: 0,
      writeUsd: 0.0075,
      outputUsd: 0.0125,
      classifierUsd: 0,
      totalUsd: 0.02,
      resolverCalls: 1,
      forceHonoured: false,
      forceDropped: true,
    });
  });

  it('turn 0 hop 1: thinking off invalidates all but the system prompt; force honoured', () => {
    // t = 15; history = 200 + 100 + 500 = 800; prompt 1,800.
    // cached = min(1,200, 1,000) = 1,000 → read 0.0005; write 800 · 6.25e-6 = 0.005;
    // output 50 · 25e-6 = 0.00125 (thinking not billed).
    expectHop(result.hops[1], {
      turn: 0,
      hop: 1,
      turnHopIndex: 1,
      at: 15,
      thinking: false,
      promptTokens: 1800,
      cachedTokens: 1000,
      writeTokens: 800,
      thinkingTokens: 0,
      readUsd: 0.0005,
      writeUsd: 0.005,
      outputUsd: 0.00125,
      totalUsd: 0.00675,
      forceHonoured: true,
      forceDropped: false,
    });
  });

  it('turn 1 hop 0: the hop index resets, thinking flips back on', () => {
    // t = 15 + 2 + 60 = 77; history = 800 + 50 + 100 = 950; prompt 1,950.
    // cached = min(1,800, 1,000) = 1,000; write 950 · 6.25e-6 = 0.0059375;
    // output (80 + 200) · 25e-6 = 0.007.
    expectHop(result.hops[2], {
      turn: 1,
      hop: 0,
      turnHopIndex: 0,
      at: 77,
      thinking: true,
      promptTokens: 1950,
      cachedTokens: 1000,
      writeTokens: 950,
      thinkingTokens: 200,
      readUsd: 0.0005,
      writeUsd: 0.0059375,
      outputUsd: 0.007,
      totalUsd: 0.0134375,
      forceHonoured: false,
      forceDropped: false,
    });
  });

  it('totals', () => {
    const t = result.totals;
    expect(t.totalUsd).toBeCloseTo(0.0401875, 12);
    expect(t.readUsd).toBeCloseTo(0.001, 12);
    expect(t.writeUsd).toBeCloseTo(0.0184375, 12);
    expect(t.outputUsd).toBeCloseTo(0.02075, 12);
    expect(t.classifierUsd).toBe(0);
    expect(t.cacheHitRate).toBeCloseTo(2000 / 4950, 12);
    expect(t.modelSwitches).toBe(0);
    expect(t.resolverCalls).toBe(3);
    expect(t.forceDropped).toBe(1);
  });

  it('without thinking invalidation the whole previous prompt stays cached', () => {
    const r = simulateRouting({ ...scenario, thinkingInvalidatesCache: false }, DEFAULT_PRICING);
    expect(r.hops.map((h) => h.cachedTokens)).toEqual([0, 1200, 1800]);
    expect(r.hops.map((h) => h.writeTokens)).toEqual([1200, 600, 150]);
  });
});

describe('simulateRouting: policies, a classifier, switches and a 1-hour cache', () => {
  const scenario: RoutingScenario = {
    systemTokens: 500,
    cacheTtlSeconds: 3600,
    policies: [
      { id: 'later-hops', when: { hop: { min: 1 } }, model: { model: 'gpt-4.1', thinking: false } },
    ],
    strategy: {
      kind: 'complexity',
      complex: { model: 'claude-opus-4-6', thinking: false },
      simple: { model: 'gpt-4.1', thinking: false },
      classifierUsd: 0.001,
    },
    defaultModel: { model: 'claude-haiku-4-5', thinking: false },
    turns: [
      {
        gapSeconds: 0,
        userTokens: 100,
        complexity: 'complex',
        hops: [
          hop({ outputTokens: 10, latencySeconds: 1 }),
          hop({ outputTokens: 20, latencySeconds: 1 }),
        ],
      },
      { gapSeconds: 4000, userTokens: 50, complexity: 'complex', hops: [hop({ outputTokens: 5 })] },
    ],
  };
  const result = simulateRouting(scenario, DEFAULT_PRICING);

  it('prices each hop', () => {
    // Hop 0: complexity → opus-4-6; prompt 600 written at the 1-hour rate $10/M = 0.006;
    // output 10 · 25e-6 = 0.00025; classifier 0.001.
    expectHop(result.hops[0], {
      model: 'claude-opus-4-6',
      source: 'resolver',
      promptTokens: 600,
      writeUsd: 0.006,
      outputUsd: 0.00025,
      classifierUsd: 0.001,
      totalUsd: 0.00725,
      resolverCalls: 1,
    });
    // Hop 1: the policy wins, no classifier; gpt-4.1 is cold and has no write price:
    // 610 · 2e-6 = 0.00122; output 20 · 8e-6 = 0.00016.
    expectHop(result.hops[1], {
      model: 'gpt-4.1',
      source: 'policy:later-hops',
      at: 1,
      promptTokens: 610,
      cachedTokens: 0,
      writeUsd: 0.00122,
      outputUsd: 0.00016,
      classifierUsd: 0,
      totalUsd: 0.00138,
      resolverCalls: 0,
    });
    // Turn 1: t = 2 + 4,000; opus was last used at t = 0, 4,002 s ago ≥ 3,600: cold.
    // prompt 500 + 180 = 680 → 0.0068; output 5 · 25e-6 = 0.000125.
    expectHop(result.hops[2], {
      model: 'claude-opus-4-6',
      at: 4002,
      promptTokens: 680,
      cachedTokens: 0,
      writeUsd: 0.0068,
      outputUsd: 0.000125,
      totalUsd: 0.007925,
    });
  });

  it('totals', () => {
    expect(result.totals.totalUsd).toBeCloseTo(0.016555, 12);
    expect(result.totals.writeUsd).toBeCloseTo(0.01402, 12);
    expect(result.totals.outputUsd).toBeCloseTo(0.000535, 12);
    expect(result.totals.classifierUsd).toBeCloseTo(0.002, 12);
    expect(result.totals.readUsd).toBe(0);
    expect(result.totals.cacheHitRate).toBe(0);
    expect(result.totals.modelSwitches).toBe(2);
    expect(result.totals.resolverCalls).toBe(2);
  });
});

describe('simulateRouting: the cache clock', () => {
  const oneModel = (turns: RoutingScenario['turns'], ttl = 300): RoutingScenario => ({
    systemTokens: 100,
    cacheTtlSeconds: ttl,
    policies: [],
    strategy: { kind: 'none' },
    defaultModel: { model: 'claude-haiku-4-5', thinking: false },
    turns,
  });

  it('an entry is warm strictly before the TTL and cold at it', () => {
    const turns = [
      {
        gapSeconds: 0,
        userTokens: 10,
        complexity: 'simple' as const,
        hops: [hop({ latencySeconds: 299 }), hop({ latencySeconds: 300 }), hop()],
      },
    ];
    const r = simulateRouting(oneModel(turns), DEFAULT_PRICING);
    expect(r.hops.map((h) => h.cache)).toEqual(['cold', 'warm', 'cold']);
  });

  it('a gap and a latency each below the TTL can add up past it', () => {
    // 200 s of latency after the last hop plus a 200 s gap: 400 s between calls.
    const turns = [
      {
        gapSeconds: 0,
        userTokens: 10,
        complexity: 'simple' as const,
        hops: [hop({ latencySeconds: 200 })],
      },
      { gapSeconds: 200, userTokens: 10, complexity: 'simple' as const, hops: [hop()] },
    ];
    const r = simulateRouting(oneModel(turns), DEFAULT_PRICING);
    expect(r.hops[1]!.cachedTokens).toBe(0);
  });

  it('stamps cacheState only when a call writes, and sticky follows the stamp', () => {
    // Hop 0 goes to haiku (default: sticky finds no stamp for opus).
    // A policy sends hop 1 to opus, which writes and stamps it; hop 2 then sticks to opus.
    const scenario: RoutingScenario = {
      systemTokens: 100,
      policies: [
        {
          id: 'second',
          when: { hop: { min: 1, max: 1 } },
          model: { model: 'claude-opus-4-6', thinking: false },
        },
      ],
      strategy: {
        kind: 'sticky',
        inner: { kind: 'fixed', model: { model: 'claude-opus-4-6', thinking: false } },
        ttlSeconds: 300,
      },
      defaultModel: { model: 'claude-haiku-4-5', thinking: false },
      turns: [
        {
          gapSeconds: 0,
          userTokens: 10,
          complexity: 'simple',
          hops: [hop({ latencySeconds: 1 }), hop({ latencySeconds: 1 }), hop()],
        },
      ],
    };
    const r = simulateRouting(scenario, DEFAULT_PRICING);
    expect(r.hops.map((h) => [h.model, h.source])).toEqual([
      ['claude-haiku-4-5', 'default'],
      ['claude-opus-4-6', 'policy:second'],
      ['claude-opus-4-6', 'resolver'],
    ]);
  });

  it('a call that writes nothing does not refresh the sticky stamp', () => {
    // Opus writes at t = 0 (stamp 0). Nothing is added to the history, so the
    // calls at t = 200 and t = 400 write 0 tokens: the stamp stays at 0, and
    // at t = 400 the sticky wrapper sees a 400 s old stamp and abstains, although
    // the cache entry itself was used 200 s ago.
    const scenario: RoutingScenario = {
      systemTokens: 100,
      policies: [
        {
          id: 'first',
          when: { hop: { max: 0 } },
          model: { model: 'claude-opus-4-6', thinking: false },
        },
      ],
      strategy: {
        kind: 'sticky',
        inner: { kind: 'fixed', model: { model: 'claude-opus-4-6', thinking: false } },
        ttlSeconds: 300,
      },
      defaultModel: { model: 'claude-haiku-4-5', thinking: false },
      turns: [
        {
          gapSeconds: 0,
          userTokens: 0,
          complexity: 'simple',
          hops: [hop({ latencySeconds: 200 }), hop({ latencySeconds: 200 }), hop()],
        },
      ],
    };
    const r = simulateRouting(scenario, DEFAULT_PRICING);
    expect(r.hops.map((h) => h.writeTokens)).toEqual([100, 0, 100]);
    expect(r.hops.map((h) => h.model)).toEqual([
      'claude-opus-4-6',
      'claude-opus-4-6',
      'claude-haiku-4-5',
    ]);
  });

  it('an empty conversation costs nothing', () => {
    const r = simulateRouting(oneModel([]), DEFAULT_PRICING);
    expect(r.hops).toEqual([]);
    expect(r.totals).toEqual({
      totalUsd: 0,
      readUsd: 0,
      writeUsd: 0,
      inputUsd: 0,
      outputUsd: 0,
      classifierUsd: 0,
      cacheHitRate: 0,
      modelSwitches: 0,
      resolverCalls: 0,
      forceDropped: 0,
    });
  });
});

describe('validateScenario: an unpriced or invalid scenario is rejected before the walk', () => {
  const base: RoutingScenario = {
    systemTokens: 100,
    policies: [],
    strategy: { kind: 'none' },
    defaultModel: { model: 'claude-haiku-4-5', thinking: false },
    turns: [{ gapSeconds: 0, userTokens: 10, complexity: 'simple', hops: [hop(), hop()] }],
  };

  it.each<[string, Partial<RoutingScenario>, string, RegExp]>([
    [
      'an unpriced default model',
      { defaultModel: { model: 'mystery', thinking: false } },
      'defaultModel',
      /"mystery"/,
    ],
    [
      'an unpriced policy model',
      {
        policies: [
          {
            id: 'p',
            when: { complexity: 'complex' },
            model: { model: 'ghost-1', thinking: false },
          },
        ],
      },
      'policies[0].model',
      /"ghost-1"/,
    ],
    [
      'an unpriced model the strategy can choose, even if never chosen',
      {
        strategy: {
          kind: 'complexity',
          complex: { model: 'ghost-2', thinking: true },
          simple: { model: 'gpt-5', thinking: false },
          classifierUsd: 0,
        },
      },
      'strategy',
      /"ghost-2"/,
    ],
    [
      'an unpriced model behind a sticky wrapper',
      {
        strategy: {
          kind: 'sticky',
          inner: { kind: 'hopAware', model: 'ghost-3' },
          ttlSeconds: 300,
        },
      },
      'strategy',
      /"ghost-3"/,
    ],
    ['negative system tokens', { systemTokens: -1 }, 'systemTokens', /.*/],
    ['an infinite TTL', { cacheTtlSeconds: Infinity }, 'cacheTtlSeconds', /.*/],
    ['an unknown strategy kind', { strategy: { kind: 'magic' } as never }, 'strategy.kind', /.*/],
    [
      'a negative latency',
      {
        turns: [
          {
            gapSeconds: 0,
            userTokens: 10,
            complexity: 'simple',
            hops: [hop(), hop({ latencySeconds: -1 })],
          },
        ],
      },
      'turns[0].hops[1].latencySeconds',
      /.*/,
    ],
    [
      'a NaN gap',
      { turns: [{ gapSeconds: NaN, userTokens: 10, complexity: 'simple', hops: [] }] },
      'turns[0].gapSeconds',
      /.*/,
    ],
    [
      'an unknown complexity',
      { turns: [{ gapSeconds: 0, userTokens: 10, complexity: 'medium' as never, hops: [] }] },
      'turns[0].complexity',
      /.*/,
    ],
    [
      // SPEC §9: token counts are at most 2^53 − 1.
      'a user message past 2^53 − 1 tokens',
      { turns: [{ gapSeconds: 0, userTokens: 2 ** 53, complexity: 'simple', hops: [] }] },
      'turns[0].userTokens',
      /at most 9007199254740991 tokens/,
    ],
    ['a system prompt of 1e21 tokens', { systemTokens: 1e21 }, 'systemTokens', /at most/],
  ])('%s names %s', (_label, patch, field, message) => {
    const scenario = { ...base, ...patch } as RoutingScenario;
    for (const run of [
      () => validateScenario(scenario, DEFAULT_PRICING),
      () => simulateRouting(scenario, DEFAULT_PRICING),
    ]) {
      let caught: unknown;
      try {
        run();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidInputError);
      expect((caught as InvalidInputError).field).toBe(field);
      expect((caught as InvalidInputError).message).toMatch(message);
    }
  });
});
