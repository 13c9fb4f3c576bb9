import { describe, expect, it } from 'vitest';
import {
  admitWithinBudget,
  BudgetExceededError,
  DEFAULT_PRICING,
  evaluateOffloadGate,
  simulateRouting,
} from '../../src/core/index.ts';
import { compareFigures } from '../../src/features/share/compare-rows.ts';
import { compiledBudgetRows, headlineFigures } from '../../src/domain/headline-figures.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';

// Explicit rows, so these tests do not follow the budget explorer's defaults.
const BUDGET: ScenarioData['budget'] = {
  ...DEFAULT_SCENARIO.budget,
  unbounded: false,
  maxTotalTokens: 10_000,
  rows: [
    {
      contributionId: 'system',
      section: 's',
      tier: 'stable',
      tokens: 1_200,
      text: null,
      pinned: true,
    },
    {
      contributionId: 'tools',
      section: 't',
      tier: 'stable',
      tokens: 2_400,
      text: null,
      pinned: true,
    },
    {
      contributionId: 'docs',
      section: 'd',
      tier: 'session',
      tokens: 5_000,
      text: null,
      pinned: false,
    },
    {
      contributionId: 'history',
      section: 'h',
      tier: 'session',
      tokens: 5_000,
      text: null,
      pinned: false,
    },
    {
      contributionId: 'hint',
      section: 'x',
      tier: 'perTurn',
      tokens: 300,
      text: null,
      pinned: false,
    },
  ],
};
const BASE: ScenarioData = { ...DEFAULT_SCENARIO, budget: BUDGET };
const patch = (p: Partial<ScenarioData>): ScenarioData => ({ ...BASE, ...p });

describe('headlineFigures', () => {
  it('takes every figure from the core', () => {
    const f = headlineFigures(DEFAULT_SCENARIO);
    const g = DEFAULT_SCENARIO.gate;
    expect(f.gate.ok && f.gate.value.decision).toEqual(evaluateOffloadGate(g, DEFAULT_PRICING));
    expect(f.routing.ok && f.routing.value.totals).toEqual(
      simulateRouting(DEFAULT_SCENARIO.routing.scenario, DEFAULT_PRICING).totals,
    );
    expect(f.budget.ok && f.budget.value.report).toEqual(
      admitWithinBudget(compiledBudgetRows(DEFAULT_SCENARIO.budget), {
        maxTotalTokens: DEFAULT_SCENARIO.budget.unbounded
          ? null
          : DEFAULT_SCENARIO.budget.maxTotalTokens,
      }).report,
    );
    expect(f.population.ok).toBe(true);
  });

  it('orders budget rows by tier, keeping list order within a tier', () => {
    const rows = compiledBudgetRows({
      ...DEFAULT_SCENARIO.budget,
      rows: [
        {
          contributionId: 'hint',
          section: 'h',
          tier: 'perTurn',
          tokens: 1,
          text: null,
          pinned: false,
        },
        {
          contributionId: 'mem',
          section: 'm',
          tier: 'session',
          tokens: 2,
          text: null,
          pinned: false,
        },
        {
          contributionId: 'sys',
          section: 's',
          tier: 'stable',
          tokens: 3,
          text: null,
          pinned: true,
        },
        {
          contributionId: 'doc',
          section: 'd',
          tier: 'session',
          tokens: 0,
          text: '12345',
          pinned: false,
        },
      ],
    });
    expect(rows.map((r) => [r.contributionId, r.position, r.tokens])).toEqual([
      ['sys', 0, 3],
      ['mem', 1, 2],
      ['doc', 2, 2],
      ['hint', 3, 1],
    ]);
  });

  it('carries the core message when pinned rows exceed the budget', () => {
    const f = headlineFigures(patch({ budget: { ...BUDGET, maxTotalTokens: 100 } }));
    expect(f.budget.ok).toBe(false);
    if (!f.budget.ok) {
      expect(f.budget.error).toBe(new BudgetExceededError(['system', 'tools'], 3_600, 100).message);
    }
  });

  it('carries the core message when routing names an unpriced model', () => {
    const scenario = {
      ...DEFAULT_SCENARIO.routing.scenario,
      defaultModel: { model: 'no-such-model', thinking: false },
    };
    const f = headlineFigures(patch({ routing: { ...DEFAULT_SCENARIO.routing, scenario } }));
    expect(f.routing.ok).toBe(false);
    if (!f.routing.ok) expect(f.routing.error).toContain('no-such-model');
  });

  it('says so when the gate model has no price', () => {
    const f = headlineFigures(patch({ gate: { ...DEFAULT_SCENARIO.gate, modelName: 'mystery' } }));
    expect(f.gate.ok && f.gate.value.decision.reason).toBe("no MODEL_PRICING row for 'mystery'");
    expect(f.population).toEqual({ ok: false, error: 'no price row for mystery' });
  });
});

describe('compareFigures', () => {
  it('says "same" everywhere for identical scenarios', () => {
    const f = headlineFigures(DEFAULT_SCENARIO);
    const rows = compareFigures(f, f);
    expect(rows.map((r) => r.difference)).toEqual(rows.map(() => 'same'));
    expect(rows.map((r) => r.label)).toEqual([
      'Offload gate decision',
      'Gate net saving',
      'Policy comparison basis',
      'Size-only offload vs never offloading',
      'Net-saving gate, cost per 1,000 outputs',
      'Net-saving gate vs never offloading',
      'Budget: admitted tokens',
      'Budget: dropped rows',
      'Routing: total cost',
      'Routing: cache hit rate',
      'Routing: saving vs default model',
    ]);
  });

  it('shows signed differences B − A', () => {
    const a = headlineFigures(BASE);
    const b = headlineFigures(
      patch({
        gate: { ...DEFAULT_SCENARIO.gate, outputTokens: 3_000 },
        budget: { ...BUDGET, maxTotalTokens: 13_900 },
      }),
    );
    const byId = Object.fromEntries(compareFigures(a, b).map((r) => [r.id, r]));
    expect(byId['gate-decision']).toMatchObject({
      a: 'Offload',
      b: 'Keep inline',
      difference: 'changed',
    });
    expect(byId['gate-net']?.difference).toMatch(/^\u2212\$/);
    expect(byId['budget-admitted']).toMatchObject({
      a: '8,600 tokens',
      b: '13,900 tokens',
      difference: '+5,300 tokens',
    });
    expect(byId['budget-dropped']).toMatchObject({ a: '2', b: '0', difference: '\u22122' });
    expect(byId['routing-total']?.difference).toBe('same');
  });

  it('shows an error on either side as text', () => {
    const a = headlineFigures(DEFAULT_SCENARIO);
    const b = headlineFigures(patch({ budget: { ...BUDGET, maxTotalTokens: 10 } }));
    const row = compareFigures(a, b).find((r) => r.id === 'budget-admitted');
    expect(row?.b).toMatch(/^Error: pinned contributions \(system, tools\) need 3600 tokens/);
    expect(row?.difference).toBe('changed');
  });
});
