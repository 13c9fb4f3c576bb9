import { describe, expect, it } from 'vitest';
import { comparePopulation, DEFAULT_PRICING, resolveGateInputs } from '../../src/core/index.ts';
import { packTurns } from '../../src/domain/packed-turns.ts';
import { populationSizes } from '../../src/domain/population-sizes.ts';
import {
  baselineRun,
  baselineScenario,
  gapSweepPoint,
  sampleHops,
  shareSweepPoint,
  trySimulate,
} from '../../src/domain/routing-runs.ts';
import { engineApi, fromWire } from '../../src/engine/api.ts';
import { runEngine } from '../../src/engine/client.ts';
import { DEFAULT_GATE } from '../../src/model/gate.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const scenario = SUPPORT_CHAT_ROUTING.scenario;

describe('the engine', () => {
  it('prices baselines and sweeps exactly as the domain functions do', () => {
    const samples = sampleHops(24);
    const models = ['claude-opus-4-6', 'gpt-4.1-nano'];
    expect(
      engineApi.baselines({ conversation: scenario, models, pricing: DEFAULT_PRICING, samples }),
    ).toEqual(models.map((m) => baselineRun(scenario, m, DEFAULT_PRICING, samples)));
    expect(engineApi.gapSweep({ scenario, pricing: DEFAULT_PRICING, gapValues: [0, 400] })).toEqual(
      [0, 400].map((g) => gapSweepPoint(scenario, DEFAULT_PRICING, g)),
    );
    expect(
      engineApi.shareSweep({
        scenario,
        pricing: DEFAULT_PRICING,
        shares: [0, 1],
        seed: 3,
        baselineUsd: 1,
      }),
    ).toEqual([0, 1].map((s) => shareSweepPoint(scenario, DEFAULT_PRICING, s, 3, 1)));
  });

  it('runs the strategy and the reference, and prices packed turns as the plain ones', () => {
    const packed = { ...scenario, turns: packTurns(scenario.turns) };
    const pricing = DEFAULT_PRICING;
    const runs = engineApi.strategyRun({ scenario: packed, pricing });
    expect(runs.main.ok && 'kind' in runs.main.hops).toBe(true);
    expect(fromWire(runs.main)).toStrictEqual(trySimulate(scenario, pricing));
    expect(fromWire(runs.reference)).toStrictEqual(
      trySimulate(baselineScenario(scenario, scenario.defaultModel.model), pricing),
    );
    const unpriced = { ...packed, defaultModel: { model: 'no-such-model', thinking: false } };
    expect(fromWire(engineApi.strategyRun({ scenario: unpriced, pricing }).reference)).toEqual(
      trySimulate(baselineScenario(scenario, 'no-such-model'), pricing),
    );
    const samples = sampleHops(24);
    const models = ['gpt-4.1-nano'];
    expect(engineApi.baselines({ conversation: packed, models, pricing, samples })).toEqual(
      engineApi.baselines({ conversation: scenario, models, pricing, samples }),
    );
    expect(engineApi.gapSweep({ scenario: packed, pricing, gapValues: [0, 400] })).toEqual(
      engineApi.gapSweep({ scenario, pricing, gapValues: [0, 400] }),
    );
    // Without the reference's total, the worker runs the reference itself.
    const reference = trySimulate(baselineScenario(scenario, scenario.defaultModel.model), pricing);
    const baselineUsd = reference.ok ? reference.result.totals.totalUsd : null;
    expect(engineApi.shareSweep({ scenario: packed, pricing, shares: [0, 1], seed: 3 })).toEqual(
      engineApi.shareSweep({ scenario, pricing, shares: [0, 1], seed: 3, baselineUsd }),
    );
  });

  it('compares the gate’s policies over its population, or says why it cannot', () => {
    const inputs = resolveGateInputs(DEFAULT_GATE);
    const population = DEFAULT_GATE.population;
    const sizes = populationSizes(population);
    if (!sizes.ok) throw new Error(sizes.error);
    const result = engineApi.population({ population, inputs, pricing: DEFAULT_PRICING });
    expect(result).toMatchObject({
      ok: true,
      figures: {
        comparison: comparePopulation(
          sizes.sizes.map((sizeTokens) => ({ sizeTokens })),
          inputs,
          population.sizeOnlyThresholdTokens,
          DEFAULT_PRICING,
        ),
        basis: { carryBasis: 'uncached', horizonFromGate: true, recallFromGate: true },
      },
      sizeCount: sizes.sizes.length,
      thresholdTokens: population.sizeOnlyThresholdTokens,
    });
    // The comparison's own assumptions reach the core (SPEC §2.1).
    const own = {
      ...population,
      carryBasis: 'cached' as const,
      cacheHitShare: 0.9,
      tailTokens: 8_000,
      recallElasticity: 1,
      horizon: 3,
      recallProbability: 0.2,
    };
    const cached = engineApi.population({ population: own, inputs, pricing: DEFAULT_PRICING });
    expect(cached.ok && cached.figures.comparison).toEqual(
      comparePopulation(
        sizes.sizes.map((sizeTokens) => ({ sizeTokens })),
        { ...inputs, horizon: 3, recallProbability: 0.2 },
        population.sizeOnlyThresholdTokens,
        DEFAULT_PRICING,
        { carryBasis: 'cached', cacheHitShare: 0.9, tailTokens: 8_000, recallElasticity: 1 },
      ),
    );
    const pasted = { ...population, mode: 'pasted' as const, pasted: '1000, oops' };
    const refused = engineApi.population({ population: pasted, inputs, pricing: DEFAULT_PRICING });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.error).toMatch(/entry 2/);
    const unpriced = engineApi.population({ population, inputs, pricing: {} });
    expect(unpriced).toMatchObject({ ok: false, error: null });
  });

  it('answers asynchronously on the main thread where there is no Worker', async () => {
    let answered = false;
    const pending = runEngine('gate', 'gapSweep', {
      scenario,
      pricing: DEFAULT_PRICING,
      gapValues: [10],
    }).then((points) => {
      answered = true;
      return points;
    });
    expect(answered).toBe(false);
    expect(await pending).toEqual([gapSweepPoint(scenario, DEFAULT_PRICING, 10)]);
  });
});
