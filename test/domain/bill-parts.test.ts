import { describe, expect, it } from 'vitest';
import {
  budgetBillPart,
  gateBillPart,
  listWords,
  routingBillPart,
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
    const keyOf = (name: string) => (name === 'opus' ? 'claude-opus-4-6' : name);
    const part = routingBillPart(['opus', 'claude-haiku-4-5', 'claude-opus-4-6'], keyOf, RATES);
    expect(part.usdPerDay).toBe(9);
    expect(part.unitsPerDay).toBe(4);
    expect(part.billUsdPerDay).toBe(10);
    expect(part.what).toBe('the calls on claude-opus-4-6 and claude-haiku-4-5 in your traffic');
  });

  it('a model the traffic never called adds nothing', () => {
    const part = routingBillPart(['claude-sonnet-4-5'], () => undefined, RATES);
    expect(part.usdPerDay).toBe(0);
  });

  it("the budget's part is the prompts per call, the gate's the carry per priced output", () => {
    expect(budgetBillPart(RATES)).toMatchObject({ usdPerDay: 7, unitsPerDay: 80 });
    const gate = gateBillPart({ outputs: 1, outputsPerDay: 0.5, usdPerDay: 0.2 }, 10);
    expect(gate).toMatchObject({ usdPerDay: 0.2, unitsPerDay: 0.5, billUsdPerDay: 10 });
    expect(gate.what).toContain('the carry of the 1 tool output in');
  });

  it('lists names in words', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
