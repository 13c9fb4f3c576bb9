import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, type PricingTable } from '../../src/core/index.ts';
import {
  baselineCandidates,
  cheapestBaseline,
  DEFAULT_BASELINE_MODELS,
  pricedAtZero,
  pricingFor,
  savingVsBaseline,
  scenarioModels,
} from '../../src/domain/baselines.ts';
import { baselineRun, sampleHops } from '../../src/domain/routing-runs.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const scenario = SUPPORT_CHAT_ROUTING.scenario;

/** The default table and thousands of imported rows, some of them rerank models priced $0. */
function bigTable(n: number): PricingTable {
  const rows: Record<string, PricingTable[string]> = { ...DEFAULT_PRICING };
  for (let i = 0; i < n; i++) {
    const free = i % 5 === 0;
    rows[`imported/model-${i}`] = {
      provider: 'imported',
      input: free ? 0 : 0.05 + i / 1000,
      output: free ? 0 : 0.2 + i / 1000,
    };
  }
  return rows;
}

describe('baseline candidates', () => {
  it('are the default chat models and the scenario’s, however large the table', () => {
    const table = bigTable(3_000);
    const models = baselineCandidates(Object.keys(table), scenario);
    expect(models).toEqual(DEFAULT_BASELINE_MODELS);
    for (const m of scenarioModels(scenario)) expect(models).toContain(m);
  });

  it('add the models a user chose, in table order, and the scenario’s even when unpriced', () => {
    const table = bigTable(10);
    const names = Object.keys(table);
    const routed = { ...scenario, defaultModel: { model: 'mystery-model', thinking: false } };
    const models = baselineCandidates(names, routed, ['imported/model-7', 'imported/model-3']);
    expect(models.filter((m) => m.startsWith('imported/'))).toEqual([
      'imported/model-3',
      'imported/model-7',
    ]);
    expect(models.at(-1)).toBe('mystery-model');
  });

  it('leave out default models removed from the table', () => {
    const names = Object.keys(DEFAULT_PRICING).filter((m) => m !== 'gpt-5');
    expect(baselineCandidates(names, scenario)).not.toContain('gpt-5');
  });
});

describe('the cheapest baseline', () => {
  it('is never a model priced $0', () => {
    const table = bigTable(10);
    const samples = sampleHops(24);
    const models = ['imported/model-0', 'imported/model-1', 'claude-haiku-4-5'];
    expect(pricedAtZero(table, 'imported/model-0')).toBe(true);
    const rows = models.map((m) => baselineRun(scenario, m, table, samples));
    const cheapest = cheapestBaseline(rows, table);
    expect(cheapest?.model).toBe('imported/model-1');
    expect(cheapest?.totalUsd).toBeGreaterThan(0);
  });

  it('is null when nothing is priced', () => {
    expect(cheapestBaseline([undefined], DEFAULT_PRICING)).toBeNull();
  });
});

describe('saving vs baseline', () => {
  it.each([
    [10, 4, 6, 0.6],
    [10, 12, -2, -0.2],
    [0, 0, 0, null],
  ])('baseline %d, run %d: saving %d (%s of the baseline)', (base, run, usd, fraction) => {
    expect(savingVsBaseline(base, run)).toEqual({ savingUsd: usd, savingFraction: fraction });
  });
});

describe('pricingFor', () => {
  it('keeps only the rows of the models named, and skips unknown names', () => {
    const table = pricingFor(bigTable(100), ['claude-opus-4-6', 'nope', 'imported/model-4']);
    expect(Object.keys(table)).toEqual(['claude-opus-4-6', 'imported/model-4']);
  });
});
