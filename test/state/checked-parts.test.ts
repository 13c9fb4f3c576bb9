/**
 * The limits check of a change (checked-parts.ts): an array already checked
 * (by identity) is not checked again, and the answer is always the one the
 * whole part's check gives.
 */
import { describe, expect, it } from 'vitest';
import { checkPart } from '../../src/state/checked-parts.ts';
import { checkSlice } from '../../src/state/scenario-schema.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';

const budget = DEFAULT_SCENARIO.budget;

describe('checkPart', () => {
  it('gives the whole part’s answer for a checked rows array and a changed field', () => {
    const rows = budget.rows.map((r) => ({ ...r }));
    expect(checkPart('budget', { ...budget, rows })).toBeNull();
    // The same rows, a bad budget: refused with the field named.
    const bad = { ...budget, rows, maxTotalTokens: -1 };
    expect(checkPart('budget', bad)).toBe(checkSlice('budget', bad));
    expect(checkPart('budget', bad)).toMatch(/^budget\.maxTotalTokens: /);
    expect(checkPart('budget', { ...budget, rows, maxTotalTokens: 7 })).toBeNull();
  });

  it('checks a new rows array in full, naming the row', () => {
    const rows = budget.rows.map((r, i) => (i === 3 ? { ...r, tokens: 1.5 } : r));
    const problem = checkPart('budget', { ...budget, rows });
    expect(problem).toBe(checkSlice('budget', { ...budget, rows }));
    expect(problem).toMatch(/^budget\.rows\[3\]\.tokens: /);
  });

  it('refuses an array that failed before, every time', () => {
    const rows = budget.rows.map((r, i) => (i === 1 ? { ...r, pinned: 'yes' } : r));
    const part = { ...budget, rows } as unknown as typeof budget;
    const first = checkPart('budget', part);
    expect(first).not.toBeNull();
    expect(checkPart('budget', { ...part, maxTotalTokens: 5 })).toBe(first);
  });

  it('keeps an array-wide rule of a checked array (unique model names) and checks nested arrays', () => {
    const prices = DEFAULT_SCENARIO.prices;
    expect(checkPart('prices', prices)).toBeNull();
    const twice = { rows: [...prices.rows, prices.rows[0]] };
    expect(checkPart('prices', twice)).toBe(checkSlice('prices', twice));
    expect(checkPart('prices', twice)).not.toBeNull();
    const routing = DEFAULT_SCENARIO.routing;
    expect(checkPart('routing', routing)).toBeNull();
    // The checked turns kept, a bad field beside them; then a new turns array with a bad turn.
    const again = { ...routing, scenario: { ...routing.scenario, systemTokens: -3 } };
    expect(checkPart('routing', again)).toBe(checkSlice('routing', again));
    expect(checkPart('routing', again)).toMatch(/^routing\.scenario\.systemTokens: /);
    const turns = routing.scenario.turns.map((t, i) => (i === 1 ? { ...t, userTokens: -1 } : t));
    const badTurn = { ...routing, scenario: { ...routing.scenario, turns } };
    expect(checkPart('routing', badTurn)).toBe(checkSlice('routing', badTurn));
    expect(checkPart('routing', badTurn)).toMatch(/^routing\.scenario\.turns\[1\]\.userTokens: /);
  });
});
