import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../src/core/index.ts';
import {
  baselineScenario,
  gapSweepPoint,
  gapSweepValues,
  GAP_SWEEP_POINTS,
  sampleHops,
  shareSweepPoint,
  summarise,
  trySimulate,
} from '../../src/domain/routing-runs.ts';
import { withIdleGap } from '../../src/model/generate-turns.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const scenario = SUPPORT_CHAT_ROUTING.scenario;

describe('trySimulate', () => {
  it('returns the core’s result for a priced scenario', () => {
    const outcome = trySimulate(scenario, DEFAULT_PRICING);
    expect(outcome.ok && outcome.result).toEqual(simulateRouting(scenario, DEFAULT_PRICING));
  });

  it('names the field of a model the price table lacks instead of throwing', () => {
    const outcome = trySimulate(
      { ...scenario, defaultModel: { model: 'mystery-model', thinking: false } },
      DEFAULT_PRICING,
    );
    expect(outcome).toMatchObject({ ok: false, field: 'defaultModel' });
    expect(!outcome.ok && outcome.message).toContain('mystery-model');
  });
});

describe('baselineScenario', () => {
  it('runs every hop on one model with thinking off and no policies', () => {
    const result = simulateRouting(baselineScenario(scenario, 'gpt-5'), DEFAULT_PRICING);
    expect(result.hops.every((h) => h.model === 'gpt-5' && !h.thinking)).toBe(true);
    expect(result.totals.modelSwitches).toBe(0);
  });

  it('does not depend on an unpriced default model', () => {
    const broken = { ...scenario, defaultModel: { model: 'mystery-model', thinking: false } };
    expect(trySimulate(baselineScenario(broken, 'gpt-5'), DEFAULT_PRICING).ok).toBe(true);
  });
});

describe('sampleHops and summarise', () => {
  it.each([
    [0, []],
    [3, [0, 1, 2]],
  ])('samples every hop of a short run (%i hops)', (n, expected) => {
    expect(sampleHops(n)).toEqual(expected);
  });

  it('samples at most 300 hops of a long run, ending at the last hop', () => {
    const samples = sampleHops(10_000);
    expect(samples).toHaveLength(300);
    expect(samples[samples.length - 1]).toBe(9_999);
    expect(samples.every((s, i) => i === 0 || s > (samples[i - 1] ?? -1))).toBe(true);
  });

  it('ends the cumulative cost at the run’s total', () => {
    const result = simulateRouting(scenario, DEFAULT_PRICING);
    const summary = summarise(result, sampleHops(result.hops.length));
    expect(summary.cumulativeUsd[summary.cumulativeUsd.length - 1]).toBeCloseTo(
      result.totals.totalUsd,
      12,
    );
  });
});

describe('sweeps', () => {
  it('spreads 30 idle gaps from 0 to past twice the longest TTL', () => {
    const values = gapSweepValues(300, 600, 120);
    expect(values).toHaveLength(GAP_SWEEP_POINTS);
    expect(values[0]).toBe(0);
    expect(values[values.length - 1]).toBeGreaterThanOrEqual(1_200);
  });

  it('prices a long idle gap as cold for the strategy and the baseline', () => {
    const short = gapSweepPoint(scenario, DEFAULT_PRICING, 10);
    const long = gapSweepPoint(scenario, DEFAULT_PRICING, 3_600);
    expect(long.baselineUsd).toBeGreaterThan(short.baselineUsd ?? Infinity);
    expect(long.strategyUsd).toBeGreaterThan(short.strategyUsd ?? Infinity);
  });

  it('passes the baseline through the complex-share sweep', () => {
    const point = shareSweepPoint(scenario, DEFAULT_PRICING, 1, 1, 0.5);
    expect(point).toMatchObject({ x: 1, baselineUsd: 0.5 });
    expect(point.strategyUsd).toBeGreaterThan(0);
  });

  it.each([0, 120, 600])(
    'prices an idle-gap sweep point alike whatever the conversation’s own gap (%i s)',
    (gap) => {
      // What lets the lab keep the sweep while only the idle-gap slider moves.
      const at = (own: number) =>
        gapSweepPoint(
          { ...scenario, turns: withIdleGap(scenario.turns, own) },
          DEFAULT_PRICING,
          gap,
        );
      expect(at(45)).toEqual(at(3_000));
      expect(at(45)).toEqual(gapSweepPoint(scenario, DEFAULT_PRICING, gap));
    },
  );
});
