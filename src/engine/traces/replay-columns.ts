/**
 * The columns of a replay (SPEC §10, §11): the priced calls as billed and a
 * replay's calls, each split by kind of charge (plain input, cache reads,
 * cache writes at the TTL's rate, output, server-tool fees), with each price
 * row's rates worked out once.
 */
import { callRates } from '../../core/call-rates.ts';
import { findPriceRow } from '../../core/model-names.ts';
import { toolFeesOf } from '../../core/price-family.ts';
import { priceRowFor, type PriceRow, type PricingTable } from '../../core/pricing.ts';
import {
  billToolRequests,
  promptTokens,
  type ReplayedCall,
  type TraceCall,
} from '../../core/traces/index.ts';
import type { ReplayColumn } from './traffic-types.ts';

/** A row lookup that finds each name once. */
export function rowFinder(pricing: PricingTable) {
  const rows = new Map<string, ReturnType<typeof findPriceRow>>();
  return (name: string) => {
    if (!rows.has(name)) rows.set(name, findPriceRow(pricing, name));
    return rows.get(name);
  };
}

function share(cached: number, prompt: number): number {
  return prompt > 0 ? cached / prompt : 0;
}

/** The priced calls of `calls` as billed, split by kind of charge. */
export function billedColumn(calls: Iterable<TraceCall>, pricing: PricingTable): ReplayColumn {
  const rowOf = rowFinder(pricing);
  const ratesOf = ratesFinder(pricing);
  let n = 0;
  let inputUsd = 0;
  let cacheReadUsd = 0;
  let cacheWriteUsd = 0;
  let outputUsd = 0;
  let toolFeesUsd = 0;
  let totalUsd = 0;
  let readTokens = 0;
  let prompt = 0;
  for (const call of calls) {
    const found = rowOf(call.model);
    if (found === undefined) continue;
    // Server-tool fees (SPEC §13.4), as the bill and the replay charge them.
    const fees = billToolRequests(
      call.toolRequests ?? {},
      toolFeesOf(found.model, found.row),
    ).toolFeesUsd;
    // billCall's terms (SPEC §10), with each row's rates worked out once.
    const rates = ratesOf(found.model, promptTokens(call));
    const input = call.inputTokens * rates.input;
    const read = call.cacheReadTokens * rates.cacheRead;
    const write5m = call.cacheWrite5mTokens * rates.cacheWrite;
    const write1h = call.cacheWrite1hTokens * rates.cacheWrite1h;
    const output = call.outputTokens * rates.output;
    n += 1;
    totalUsd += input + read + write5m + write1h + output + fees;
    toolFeesUsd += fees;
    inputUsd += input;
    cacheReadUsd += read;
    cacheWriteUsd += write5m + write1h;
    outputUsd += output;
    readTokens += call.cacheReadTokens;
    prompt += promptTokens(call);
  }
  return {
    calls: n,
    totalUsd,
    inputUsd,
    cacheReadUsd,
    toolFeesUsd,
    cacheWriteUsd,
    outputUsd,
    cacheHitShare: share(readTokens, prompt),
  };
}

type Rates = ReturnType<typeof callRates>;

/**
 * The rates of a price row (by its name) at a prompt size, each row's two
 * tiers worked out once: `callRates` depends on the prompt only through the
 * long-context threshold.
 */
function ratesFinder(pricing: PricingTable) {
  const byModel = new Map<string, { threshold: number; base: Rates; long: Rates }>();
  return (model: string, prompt: number): Rates => {
    let held = byModel.get(model);
    if (held === undefined) {
      const row: PriceRow = priceRowFor(pricing, model)!;
      const tier = row.longContext ?? undefined;
      const threshold = tier === undefined ? Infinity : tier.thresholdTokens;
      const base = callRates(row, 0);
      held = { threshold, base, long: tier === undefined ? base : callRates(row, threshold + 1) };
      byModel.set(model, held);
    }
    return prompt > held.threshold ? held.long : held.base;
  };
}

export interface CallSplit {
  readonly readUsd: number;
  readonly writeUsd: number;
  readonly inputUsd: number;
  readonly outputUsd: number;
  readonly longContext: boolean;
}

/** One replayed call's cost split by kind (SPEC §11: the call's tier, writes at the TTL's rate). */
function splitOf(call: ReplayedCall, rates: Rates, ttlSeconds: number): CallSplit {
  const writeRate = ttlSeconds === 3600 ? rates.cacheWrite1h : rates.cacheWrite;
  return {
    readUsd: call.cachedTokens * rates.cacheRead,
    writeUsd: call.writeTokens * writeRate,
    inputUsd: call.uncachedTokens * rates.input,
    outputUsd: call.outputTokens * rates.output,
    longContext: rates.longContext,
  };
}

/** A replay's column summed one replayed call at a time, in replay order. */
export interface ReplayColumnSum {
  add(call: ReplayedCall): void;
  readonly column: () => ReplayColumn;
}

/**
 * The column of a replay's calls, added one at a time; the replay's TTL of
 * a conversation is `ttlOf(conversationId)` (as run: its own; a choice:
 * one). `onCall` sees each call with its cost split by kind.
 */
export function replayColumnSum(
  pricing: PricingTable,
  ttlOf: (conversationId: string) => number,
  onCall?: (call: ReplayedCall, split: CallSplit) => void,
): ReplayColumnSum {
  const ratesOf = ratesFinder(pricing);
  let calls = 0;
  let totalUsd = 0;
  let inputUsd = 0;
  let cacheReadUsd = 0;
  let cacheWriteUsd = 0;
  let outputUsd = 0;
  let toolFeesUsd = 0;
  let cached = 0;
  let prompt = 0;
  return {
    add(call) {
      const rates = ratesOf(call.model, call.promptTokens);
      const ttlSeconds = ttlOf(call.conversationId);
      const writeRate = ttlSeconds === 3600 ? rates.cacheWrite1h : rates.cacheWrite;
      calls += 1;
      totalUsd += call.costUsd;
      inputUsd += call.uncachedTokens * rates.input;
      cacheReadUsd += call.cachedTokens * rates.cacheRead;
      cacheWriteUsd += call.writeTokens * writeRate;
      outputUsd += call.outputTokens * rates.output;
      toolFeesUsd += call.toolFeesUsd;
      cached += call.cachedTokens;
      prompt += call.promptTokens;
      if (onCall !== undefined) onCall(call, splitOf(call, rates, ttlSeconds));
    },
    column: () => ({
      calls,
      totalUsd,
      inputUsd,
      cacheReadUsd,
      cacheWriteUsd,
      outputUsd,
      toolFeesUsd,
      cacheHitShare: share(cached, prompt),
    }),
  };
}
