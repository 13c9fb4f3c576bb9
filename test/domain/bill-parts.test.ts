import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../src/core/pricing.ts';
import type { RoutingScenario } from '../../src/core/routing/types.ts';
import { DEFAULT_ROUTING } from '../../src/model/routing-presets.ts';
import {
  budgetBillPart,
  gateBillPart,
  listWords,
  routingBillPart,
  tabPartsOf,
} from '../../src/domain/bill-parts.ts';

const RATES = {
  conversationsPerDay: 4,
  callsPerDay: 80,
  asBilledUsdPerDay: 10,
  promptsUsdPerDay: 7,
  byModelUsdPerDay: { 'claude-opus-4-6': 6, 'claude-haiku-4-5': 3, 'gpt-4.1': 1 },
};

describe('the parts of the bill', () => {
  it("routing's part is the calls on the models it names, each model once, by price row", () => {
    const scenario: RoutingScenario = {
      ...DEFAULT_ROUTING.scenario,
      defaultModel: { model: 'claude-opus-4-6', thinking: false },
      strategy: { kind: 'fixed', model: { model: 'claude-haiku-4-5', thinking: false } },
      policies: [
        { id: 'p', when: {}, model: { model: 'claude-opus-4-6', thinking: true } },
        { id: 'q', when: {} },
      ],
    };
    const part = routingBillPart(scenario, DEFAULT_PRICING, RATES);
    expect(part.usdPerDay).toBe(9);
    expect(part.unitsPerDay).toBe(4);
    expect(part.billUsdPerDay).toBe(10);
    expect(part.what).toBe('the calls on claude-opus-4-6 and claude-haiku-4-5 in your traffic');
  });

  it('a model the traffic never called adds nothing', () => {
    const scenario: RoutingScenario = {
      ...DEFAULT_ROUTING.scenario,
      defaultModel: { model: 'claude-sonnet-4-5', thinking: false },
      strategy: { kind: 'fixed', model: { model: 'claude-sonnet-4-5', thinking: false } },
      policies: [],
    };
    expect(routingBillPart(scenario, DEFAULT_PRICING, RATES).usdPerDay).toBe(0);
  });

  it("the budget's part is the prompts per call, the gate's the carry per priced output", () => {
    expect(budgetBillPart(RATES)).toMatchObject({ usdPerDay: 7, unitsPerDay: 80 });
    const gate = gateBillPart({ outputs: 1, outputsPerDay: 0.5, usdPerDay: 0.2 }, 10);
    expect(gate).toMatchObject({ usdPerDay: 0.2, unitsPerDay: 0.5, billUsdPerDay: 10 });
    expect(gate.what).toContain('the carry of the 1 tool output in');
  });

  it('lists each part per 30 days with its share, carry after the prompts it is within', () => {
    const parts = tabPartsOf({
      gate: gateBillPart({ outputs: 3, outputsPerDay: 1, usdPerDay: 0.5 }, 10),
      budget: budgetBillPart(RATES),
    });
    expect(parts.map((p) => [p.tab, p.per30DaysUsd, p.share])).toEqual([
      ['budget', 210, 0.7],
      ['gate', 15, 0.05],
    ]);
    expect(parts[1]!.what).toMatch(/^The carry of the 3 tool outputs/);
  });

  it('lists names in words', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
