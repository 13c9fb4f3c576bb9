// @vitest-environment node
/**
 * The routing simulation, revision 2 (SPEC §5.1), worked by hand on the
 * default rows of §1.1: claude-haiku-4-5 caches prompts of 4,096 tokens or
 * more ($1/M in, $1.25/M write, $0.10/M read, $5/M out); claude-sonnet-4-5
 * has a tier above 200,000 tokens ($6/M in, $7.50/M write, $12/M 1-hour
 * write, $0.60/M read, $22.50/M out).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import {
  simulateRouting,
  type RoutingScenario,
  type SimTurn,
} from '../../../src/core/routing/simulate.ts';

const turn = (userTokens: number, outputTokens: number, gapSeconds = 10): SimTurn => ({
  gapSeconds,
  userTokens,
  complexity: 'simple',
  hops: [{ outputTokens, thinkingTokens: 0, toolResultTokens: 0, latencySeconds: 1 }],
});

const on = (model: string, systemTokens: number, turns: SimTurn[], ttl = 300): RoutingScenario => ({
  systemTokens,
  cacheTtlSeconds: ttl,
  policies: [],
  strategy: { kind: 'none' },
  defaultModel: { model, thinking: false },
  turns,
});

describe('simulateRouting: minimum cacheable prompt (SPEC §5.1)', () => {
  // Prompts 3,000 (short), 3,000 + 100 + 2,000 = 5,100 (cacheable, cold), 5,100 + 50 + 10 = 5,160.
  const result = simulateRouting(
    on('claude-haiku-4-5', 2_500, [turn(500, 100), turn(2_000, 50), turn(10, 20)]),
    DEFAULT_PRICING,
  );
  const [first, second, third] = result.hops;

  it('a prompt under 4,096 tokens is billed wholly as plain input', () => {
    expect(first).toMatchObject({
      promptTokens: 3_000,
      cachedTokens: 0,
      writeTokens: 0,
      uncachedTokens: 3_000,
      longContext: false,
    });
    expect(first!.inputUsd).toBeCloseTo(3_000 * 1e-6, 15);
    expect(first!.writeUsd).toBe(0);
    expect(first!.totalUsd).toBeCloseTo(3_000 * 1e-6 + 100 * 5e-6, 15);
  });

  it('the uncacheable call left no entry behind: the next one writes its whole prompt', () => {
    expect(second).toMatchObject({ promptTokens: 5_100, cachedTokens: 0, writeTokens: 5_100 });
    expect(second!.writeUsd).toBeCloseTo(5_100 * 1.25e-6, 15);
    expect(second!.inputUsd).toBe(0);
  });

  it('then the cache reads the previous prompt', () => {
    expect(third).toMatchObject({ promptTokens: 5_160, cachedTokens: 5_100, writeTokens: 60 });
    expect(third!.readUsd).toBeCloseTo(5_100 * 0.1e-6, 15);
  });

  it('totals carry inputUsd, and the hit rate is still cached / prompt', () => {
    expect(result.totals.inputUsd).toBeCloseTo(3_000 * 1e-6, 15);
    expect(result.totals.cacheHitRate).toBeCloseTo(5_100 / (3_000 + 5_100 + 5_160), 15);
  });
});

describe('simulateRouting: the long-context tier (SPEC §5.1)', () => {
  // Prompts 200,000 (not above the threshold) and 200,000 + 1,000 + 500 = 201,500 (above).
  const result = simulateRouting(
    on('claude-sonnet-4-5', 199_000, [turn(1_000, 1_000), turn(500, 400)], 3_600),
    DEFAULT_PRICING,
  );
  const [atThreshold, above] = result.hops;

  it('exactly the threshold is billed at the row’s own rates (1-hour write $6/M)', () => {
    expect(atThreshold!.longContext).toBe(false);
    expect(atThreshold!.writeUsd).toBeCloseTo(200_000 * 6e-6, 12);
    expect(atThreshold!.outputUsd).toBeCloseTo(1_000 * 15e-6, 12);
  });

  it('above it, reads, writes and output are all billed at the tier', () => {
    expect(above).toMatchObject({ longContext: true, cachedTokens: 200_000, writeTokens: 1_500 });
    expect(above!.readUsd).toBeCloseTo(200_000 * 0.6e-6, 12);
    expect(above!.writeUsd).toBeCloseTo(1_500 * 12e-6, 12);
    expect(above!.outputUsd).toBeCloseTo(400 * 22.5e-6, 12);
  });
});
