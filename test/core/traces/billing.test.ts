// @vitest-environment node
/**
 * The as-billed cost (SPEC §10): each call at its row's rates for the counts
 * logged, 1-hour writes at `cacheWrite1h`, totals by model, conversation and
 * UTC day, unpriced calls counted by the name as written. Expected dollars
 * are the fixture's counts times the §1 prices, written out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { PricingTable } from '../../../src/core/pricing.ts';
import {
  billTrace,
  readTraceFiles,
  toolOutputPopulation,
  utcDay,
  type TraceCall,
  PLAIN_CALL_FIELDS,
} from '../../../src/core/traces/index.ts';
import { fixture, MAIN_TRANSCRIPT, SESSION, SUBAGENT_TRANSCRIPT } from './fixtures.ts';

const PRICES: PricingTable = {
  'claude-opus-4-6': {
    provider: 'anthropic',
    input: 5,
    output: 25,
    cacheWrite: 6.25,
    cacheWrite1h: 10,
    cacheRead: 0.5,
  },
  'claude-sonnet-4-5': {
    provider: 'anthropic',
    input: 3,
    output: 15,
    cacheWrite: 3.75,
    cacheWrite1h: 6,
    cacheRead: 0.3,
  },
  'claude-haiku-4-5': {
    provider: 'anthropic',
    input: 1,
    output: 5,
    cacheWrite: 1.25,
    cacheWrite1h: 2,
    cacheRead: 0.1,
  },
  'gpt-4.1': { provider: 'openai', input: 2, output: 8, cacheRead: 0.5 },
};

const usd = (microDollars: number) => microDollars / 1e6;

function call(overrides: Partial<TraceCall>): TraceCall {
  return {
    ...PLAIN_CALL_FIELDS,
    conversationId: 'c',
    callId: 'x',
    at: 0,
    model: 'claude-opus-4-6',
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    sidechain: false,
    toolResults: [],
    ...overrides,
  };
}

describe('as-billed cost of the Claude Code fixture', () => {
  const calls = readTraceFiles([fixture(MAIN_TRANSCRIPT), fixture(SUBAGENT_TRANSCRIPT)]).calls;
  const billed = billTrace(calls, PRICES);

  // msg_A: 3 in, 12,000 1-hour writes, 180 out; msg_B: 1 in, 12,000 read, 600 1-hour, 95 out;
  // msg_D: 2 in, 12,600 read, 300 5-minute, 333 out.
  const opus = {
    inputUsd: usd((3 + 1 + 2) * 5),
    cacheReadUsd: usd((12_000 + 12_600) * 0.5),
    cacheWrite5mUsd: usd(300 * 6.25),
    cacheWrite1hUsd: usd((12_000 + 600) * 10),
    outputUsd: usd((180 + 95 + 333) * 25),
  };
  // msg_S1: 4 in, 5,000 5-minute, 60 out; msg_S2: 1 in, 5,000 read, 200 5-minute, 40 out.
  const sonnet = usd((4 + 1) * 3 + 5000 * 0.3 + 5200 * 3.75 + 100 * 15);
  // msg_C, under its dated name: 420 in, 15 out.
  const haiku = usd(420 * 1 + 15 * 5);

  it.each([
    ['claude-opus-4-6', Object.values(opus).reduce((a, b) => a + b, 0)],
    ['claude-sonnet-4-5', sonnet],
    ['claude-haiku-4-5', haiku],
  ])('bills %s at its row', (model, expected) => {
    expect(billed.byModel.get(model)?.totalUsd).toBeCloseTo(expected, 12);
  });

  it('splits the opus cost by kind of token, 1-hour writes at cacheWrite1h', () => {
    const split = billed.byModel.get('claude-opus-4-6')!;
    for (const [key, value] of Object.entries(opus)) {
      expect(split[key as keyof typeof opus]).toBeCloseTo(value, 12);
    }
  });

  it('totals by conversation and by UTC day', () => {
    const total = billed.totals.totalUsd;
    expect(billed.byConversation.get(SESSION)?.totalUsd).toBeCloseTo(total, 12);
    expect([...billed.byDay.keys()]).toEqual(['2026-04-01']);
    expect(billed.pricedCalls).toBe(6);
    expect(billed.unpriced.size).toBe(0);
  });
});

describe('billing rules', () => {
  it('bills a 1-hour write at cacheWrite when the row has no cacheWrite1h, then at input', () => {
    const table: PricingTable = {
      house: { provider: 'house', input: 2, output: 8, cacheWrite: 2.5 },
      bare: { provider: 'house', input: 2, output: 8 },
    };
    const calls = [
      call({ model: 'house', cacheWrite1hTokens: 1000 }),
      call({ model: 'bare', callId: 'y', cacheWrite1hTokens: 1000 }),
    ];
    const billed = billTrace(calls, table);
    expect(billed.byModel.get('house')?.totalUsd).toBeCloseTo(usd(1000 * 2.5), 12);
    expect(billed.byModel.get('bare')?.totalUsd).toBeCloseTo(usd(1000 * 2), 12);
  });

  it('counts unpriced calls by the name as written and leaves their conversations out', () => {
    const calls = [
      call({ conversationId: 'a', model: 'claude-2.1', inputTokens: 10 }),
      call({ conversationId: 'a', callId: 'y', model: 'claude-2.1', inputTokens: 10 }),
      call({ conversationId: 'b', callId: 'z', model: '__proto__', inputTokens: 10 }),
    ];
    const billed = billTrace(calls, PRICES);
    expect([...billed.unpriced]).toEqual([
      ['claude-2.1', 2],
      ['__proto__', 1],
    ]);
    expect(billed.byConversation.size).toBe(0);
    expect(billed.totals.totalUsd).toBe(0);
  });

  it('finds dated and provider-prefixed names under the row’s name', () => {
    const calls = [
      call({ model: 'openai/gpt-4.1-2025-04-14', inputTokens: 1000 }),
      call({ callId: 'y', model: 'gpt-4.1', inputTokens: 1000 }),
    ];
    expect([...billTrace(calls, PRICES).byModel.keys()]).toEqual(['gpt-4.1']);
  });

  it('days are UTC days', () => {
    expect(utcDay(Date.UTC(2026, 2, 1, 23, 59, 59, 999) / 1000)).toBe('2026-03-01');
    expect(utcDay(Date.UTC(2026, 2, 2) / 1000)).toBe('2026-03-02');
  });
});

describe('tool outputs as a gate population (SPEC §10, §2.1)', () => {
  it('gives each result its size and the non-sidechain calls that carry it', () => {
    const calls = readTraceFiles([fixture(MAIN_TRANSCRIPT), fixture(SUBAGENT_TRANSCRIPT)]).calls;
    // Main-stream calls in time order: A, B, C, D (the subagent's S1, S2 sit between A and B).
    expect(toolOutputPopulation(calls).map((o) => [o.toolUseId, o.sizeTokens, o.horizon])).toEqual([
      ['toolu_S1', 7, 3], // attached to S2: B, C and D come after it
      ['toolu_A1', 100, 3], // attached to B: B, C, D
      ['toolu_B1', 4, 2], // attached to C: C, D
      ['toolu_B2', 9, 2],
    ]);
  });
});
