// The price rows the traffic's figures are priced on, for the report: each
// dated row that billed a call, and each row a replay target is priced on
// over the traffic's days.
import { describe, expect, it } from 'vitest';
import { billTrace, PLAIN_CALL_FIELDS, type TraceCall } from '../../../src/core/traces/index.ts';
import type { PriceRow, PricingTable } from '../../../src/core/pricing.ts';
import { trafficPricesUsed } from '../../../src/engine/traces/traffic-prices.ts';

let seq = 0;
function call(at: number | null, model: string): TraceCall {
  seq += 1;
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId: 'a',
    callId: `c${seq}`,
    at,
    model,
    inputTokens: 1_000,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 100,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: [],
  };
}

// 2026-03-01 and 2026-05-01, 00:00 UTC.
const MARCH = 1_772_323_200;
const MAY = 1_777_593_600;

function table(): PricingTable {
  const t = Object.create(null) as Record<string, PriceRow | readonly PriceRow[]>;
  // Sonnet's price fell on 2026-04-01: calls before and after bill on different rows.
  t['sonnet'] = [
    {
      provider: 'anthropic',
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
      cacheRead: 0.3,
    },
    {
      provider: 'anthropic',
      input: 2,
      output: 10,
      cacheWrite: 2.5,
      cacheWrite1h: 4,
      cacheRead: 0.2,
      effectiveFrom: '2026-04-01',
    },
  ];
  t['haiku'] = { provider: 'anthropic', input: 1, output: 5, cacheRead: 0.1 };
  t['gpt'] = { provider: 'openai', input: 2, output: 8, cacheMode: 'automatic' };
  return t;
}

describe('trafficPricesUsed', () => {
  const calls = [
    call(MARCH, 'sonnet'),
    call(MAY, 'sonnet'),
    call(MAY + 60, 'sonnet'),
    call(MAY, 'claude-unknown'),
  ];

  it('lists each dated row that billed a call, with its calls, most first', () => {
    const rows = trafficPricesUsed(calls, table(), []);
    expect(rows.map((r) => [r.model, r.effectiveFrom, r.billedCalls, r.target])).toEqual([
      ['sonnet', '2026-04-01', 2, false],
      ['sonnet', undefined, 1, false],
    ]);
    // The rows' calls are exactly the bill's priced calls.
    const billed = billTrace(calls, table());
    expect(rows.reduce((n, r) => n + r.billedCalls, 0)).toBe(billed.pricedCalls);
    expect(rows[0]).toMatchObject({ input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4 });
  });

  it("adds the replay targets' rows in force on the traffic's days, and no unpriced target", () => {
    const rows = trafficPricesUsed(calls, table(), ['haiku', 'sonnet', 'no-such-model']);
    expect(rows.map((r) => [r.model, r.effectiveFrom, r.billedCalls, r.target])).toEqual([
      ['sonnet', '2026-04-01', 2, true],
      ['sonnet', undefined, 1, true],
      ['haiku', undefined, 0, true],
    ]);
    // A row without cache prices is priced as plain input, as the bill prices it.
    expect(rows[2]).toMatchObject({ cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 0.1 });
  });

  it('prices an undated call on the row the bill does (the latest) and marks an automatic cache', () => {
    const rows = trafficPricesUsed([call(null, 'sonnet'), call(null, 'gpt')], table(), []);
    expect(rows.map((r) => [r.model, r.effectiveFrom, r.automaticCache])).toEqual([
      ['gpt', undefined, true],
      ['sonnet', '2026-04-01', false],
    ]);
  });

  it('lists a row only while its target is priced on a day the traffic has', () => {
    const rows = trafficPricesUsed([call(MARCH, 'haiku')], table(), ['sonnet']);
    expect(rows.map((r) => [r.model, r.effectiveFrom, r.target])).toEqual([
      ['haiku', undefined, false],
      ['sonnet', undefined, true],
    ]);
  });
});
