// The report's "Prices used": the scenario's rows with what each prices,
// joined by the rows the traffic's figures are priced on, book rows marked,
// and past the listed rows the rest named in one line.
import { describe, expect, it } from 'vitest';
import type { TrafficPriceUsed } from '../../../src/engine/traces/traffic-prices.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import {
  assumptionFacts,
  MAX_LISTED_PRICE_ROWS,
  pricesUsedTable,
} from '../../../src/features/share/report-assumptions-data.ts';
import { replayTargets } from '../../../src/features/share/use-report-prices.ts';

function traffic(model: string, patch: Partial<TrafficPriceUsed> = {}): TrafficPriceUsed {
  return {
    model,
    input: 3,
    output: 15,
    cacheWrite5m: 3.75,
    cacheWrite1h: 6,
    cacheRead: 0.3,
    automaticCache: false,
    billedCalls: 0,
    target: false,
    ...patch,
  };
}

describe('the prices used', () => {
  const scenario = assumptionFacts(DEFAULT_SCENARIO).pricesUsed;
  const own = new Set(DEFAULT_SCENARIO.prices.rows.map((r) => r.model));
  const gateModel = DEFAULT_SCENARIO.gate.modelName;

  it("says what each of the scenario's rows prices, with both cache-write rates", () => {
    const gate = scenario.find((r) => r.model === gateModel)!;
    expect(gate.usedFor).toContain('the gate');
    const row = DEFAULT_SCENARIO.prices.rows.find((r) => r.model === gateModel)!;
    expect(gate.prices?.write5m).toBe(`$${(row.cacheWrite ?? row.input).toFixed(2)}`);
    expect(gate.prices?.write1h).toBe(`$${(row.cacheWrite1h ?? row.cacheWrite!).toFixed(2)}`);
    expect(gate.fromBook).toBe(false);
  });

  it("joins a traffic row that is the scenario's own to its line, and adds the others", () => {
    const table = pricesUsedTable(
      scenario,
      [
        traffic(gateModel, { billedCalls: 7 }),
        traffic('openai/gpt-5-mini', { billedCalls: 1, automaticCache: true }),
        traffic('sonnet-dated', { effectiveFrom: '2026-04-01', target: true }),
      ],
      own,
    );
    expect(table.rows).toHaveLength(scenario.length + 2);
    const joined = table.rows.find((r) => r.model === gateModel)!;
    expect(joined.usedFor).toBe(
      `${scenario.find((r) => r.model === gateModel)!.usedFor}; your traffic: 7 calls`,
    );
    const book = table.rows.find((r) => r.model === 'openai/gpt-5-mini')!;
    expect(book).toMatchObject({ fromBook: true, usedFor: 'your traffic: 1 call' });
    expect(book.prices?.write1h, 'no TTL to choose').toBe('\u2014');
    expect(table.rows.at(-1)).toMatchObject({
      effectiveFrom: '2026-04-01',
      usedFor: 'a replay target',
    });
    expect(table.more).toBeUndefined();
  });

  it('lists at most the rows that print on one page and names the rest with their calls', () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      traffic(`book/model-${i}`, { billedCalls: 10 - i }),
    );
    const table = pricesUsedTable(scenario, many, own);
    expect(table.rows).toHaveLength(MAX_LISTED_PRICE_ROWS);
    const listed = MAX_LISTED_PRICE_ROWS - scenario.length;
    const rest = many.slice(listed);
    expect(table.more?.names).toEqual(rest.map((r) => r.model));
    const calls = rest.reduce((n, r) => n + r.billedCalls, 0);
    expect(table.more?.words).toBe(
      `And ${rest.length} more rows the traffic is priced on (${calls} calls)`,
    );
  });

  it('without traffic is the scenario rows alone', () => {
    expect(pricesUsedTable(scenario, undefined, own)).toEqual({ rows: scenario, more: undefined });
  });
});

describe('replayTargets', () => {
  it('names the one model, the mapping targets, or none for the traffic as run', () => {
    const base = { ttl: 'asBilled', oneModel: 'haiku', mapping: [] } as const;
    expect(replayTargets({ ...base, modelMode: 'one' })).toEqual(['haiku']);
    expect(
      replayTargets({ ...base, modelMode: 'map', mapping: [{ from: 'opus', to: 'sonnet' }] }),
    ).toEqual(['sonnet']);
    expect(replayTargets({ ...base, modelMode: 'map' })).toEqual([]);
  });
});
