import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type RoutingScenario } from '../../src/core/index.ts';
import { findPreset } from '../../src/model/presets.ts';
import {
  compareStrategies,
  comparedStrategies,
  STRATEGY_IDS,
} from '../../src/domain/strategies.ts';
import { DEFAULT_CLASSIFIER_USD } from '../../src/model/routing.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const support = SUPPORT_CHAT_ROUTING.scenario;
const stickyScenario = (): RoutingScenario => {
  const preset = findPreset('sticky');
  if (!preset) throw new Error('no sticky preset');
  return preset.build().routing.scenario;
};

describe('compareStrategies', () => {
  it('prices each of the four strategies with the core, on the same conversation and policies', () => {
    const comparison = compareStrategies(support, DEFAULT_PRICING, 'claude-haiku-4-5');
    expect(comparison.rows.map((r) => r.id)).toEqual([...STRATEGY_IDS]);
    for (const row of comparison.rows) {
      const expected = simulateRouting({ ...support, strategy: row.strategy }, DEFAULT_PRICING);
      expect(row.ok).toBe(true);
      if (row.ok) {
        expect(row.totalUsd).toBe(expected.totals.totalUsd);
        expect(row.perTurnUsd).toBeCloseTo(expected.totals.totalUsd / support.turns.length, 12);
      }
    }
    expect(comparison.hopCount).toBe(24);
  });

  it('ranks against the cheapest and marks the scenario’s own strategy', () => {
    const comparison = compareStrategies(support, DEFAULT_PRICING, 'claude-haiku-4-5');
    const priced = comparison.rows.flatMap((r) => (r.ok ? [r] : []));
    const cheapest = Math.min(...priced.map((r) => r.totalUsd));
    expect(priced.find((r) => r.id === comparison.cheapest)?.totalUsd).toBe(cheapest);
    for (const r of priced) expect(r.overCheapestUsd).toBeCloseTo(r.totalUsd - cheapest, 12);
    // The support chat runs fixed Opus, the default model.
    expect(comparison.rows.filter((r) => r.current).map((r) => r.id)).toEqual(['fixed']);
  });

  it('on the support chat, the sticky classifier costs more than the plain one', () => {
    const scenario = stickyScenario();
    const comparison = compareStrategies(scenario, DEFAULT_PRICING, 'claude-haiku-4-5');
    const total = (id: string) => {
      const row = comparison.rows.find((r) => r.id === id);
      if (!row?.ok) throw new Error(`${id} not priced`);
      return row.totalUsd;
    };
    expect(total('stickyClassifier')).toBeGreaterThan(total('classifier'));
    expect(total('stickyClassifier')).toBe(
      simulateRouting(scenario, DEFAULT_PRICING).totals.totalUsd,
    );
    expect(comparison.rows.find((r) => r.current)?.id).toBe('stickyClassifier');
  });

  it('uses the scenario’s classifier and sticky TTL, else the seed’s $0.002 and 300 s', () => {
    const own = comparedStrategies(stickyScenario(), 'gpt-4.1-nano');
    expect(own[3]?.strategy).toEqual(stickyScenario().strategy);
    const fresh = comparedStrategies(support, 'gpt-4.1-nano');
    expect(fresh[2]?.strategy).toEqual({
      kind: 'complexity',
      complex: support.defaultModel,
      simple: { model: 'gpt-4.1-nano', thinking: false },
      classifierUsd: DEFAULT_CLASSIFIER_USD,
    });
    expect(fresh[3]?.strategy).toMatchObject({ kind: 'sticky', ttlSeconds: 300 });
  });

  it('names a model missing from the price table instead of throwing', () => {
    const comparison = compareStrategies(support, DEFAULT_PRICING, 'no-such-model');
    const classifier = comparison.rows.find((r) => r.id === 'classifier');
    expect(classifier?.ok).toBe(false);
    expect(comparison.rows.find((r) => r.id === 'fixed')?.ok).toBe(true);
  });
});

describe('the sticky preset', () => {
  it('prices the classifier at the seed’s figure, about $0.002 a call', () => {
    const strategy = stickyScenario().strategy;
    expect(strategy.kind === 'sticky' && strategy.inner).toMatchObject({ classifierUsd: 0.002 });
  });
});
