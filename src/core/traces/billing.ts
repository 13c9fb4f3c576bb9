/**
 * The as-billed cost of a trace (SPEC §10): each call priced by the row its
 * model name finds (§1.1's name rules), at the tier its prompt chooses, for
 * the counts the provider logged. Totals by conversation, by model (the
 * row's name), by UTC day, and split by kind of token; calls whose model has
 * no row are counted by the name as written, never priced at 0.
 */
import { callRates } from '../call-rates.ts';
import { findPriceRow } from '../model-names.ts';
import type { PriceRow, PricingTable } from '../pricing.ts';
import { promptTokens, type TraceCall } from './call-record.ts';
import { utcDay } from './time.ts';

/** A cost split by kind of token, USD. */
export interface BilledUsd {
  readonly totalUsd: number;
  /** Plain (uncached) input. */
  readonly inputUsd: number;
  readonly cacheReadUsd: number;
  readonly cacheWrite5mUsd: number;
  readonly cacheWrite1hUsd: number;
  readonly outputUsd: number;
}

/** The as-billed cost of a set of calls. */
export interface AsBilledCost {
  readonly totals: BilledUsd;
  /** Keyed by the price row's model name. */
  readonly byModel: ReadonlyMap<string, BilledUsd>;
  /** Only conversations with a priced call. */
  readonly byConversation: ReadonlyMap<string, BilledUsd>;
  /** Keyed by UTC day, `YYYY-MM-DD`. */
  readonly byDay: ReadonlyMap<string, BilledUsd>;
  /** Calls whose model has no price row, by the name as written. */
  readonly unpriced: ReadonlyMap<string, number>;
  readonly pricedCalls: number;
}

const ZERO: BilledUsd = Object.freeze({
  totalUsd: 0,
  inputUsd: 0,
  cacheReadUsd: 0,
  cacheWrite5mUsd: 0,
  cacheWrite1hUsd: 0,
  outputUsd: 0,
});

/**
 * What one call cost: `input·inputTokens + cacheRead·cacheReadTokens +
 * cacheWrite·cacheWrite5mTokens + cacheWrite1h·cacheWrite1hTokens +
 * output·outputTokens`, per token at the call's tier (SPEC §1.1, §10); a row
 * without `cacheWrite1h` bills 1-hour writes at `cacheWrite`, then `input`.
 */
export function billCall(call: TraceCall, row: PriceRow): BilledUsd {
  const rates = callRates(row, promptTokens(call));
  const inputUsd = call.inputTokens * rates.input;
  const cacheReadUsd = call.cacheReadTokens * rates.cacheRead;
  const cacheWrite5mUsd = call.cacheWrite5mTokens * rates.cacheWrite;
  const cacheWrite1hUsd = call.cacheWrite1hTokens * rates.cacheWrite1h;
  const outputUsd = call.outputTokens * rates.output;
  return {
    totalUsd: inputUsd + cacheReadUsd + cacheWrite5mUsd + cacheWrite1hUsd + outputUsd,
    inputUsd,
    cacheReadUsd,
    cacheWrite5mUsd,
    cacheWrite1hUsd,
    outputUsd,
  };
}

function plus(a: BilledUsd, b: BilledUsd): BilledUsd {
  return {
    totalUsd: a.totalUsd + b.totalUsd,
    inputUsd: a.inputUsd + b.inputUsd,
    cacheReadUsd: a.cacheReadUsd + b.cacheReadUsd,
    cacheWrite5mUsd: a.cacheWrite5mUsd + b.cacheWrite5mUsd,
    cacheWrite1hUsd: a.cacheWrite1hUsd + b.cacheWrite1hUsd,
    outputUsd: a.outputUsd + b.outputUsd,
  };
}

function addTo(map: Map<string, BilledUsd>, key: string, cost: BilledUsd): void {
  map.set(key, plus(map.get(key) ?? ZERO, cost));
}

/** The as-billed cost of `calls` (SPEC §10), summed in the order given. */
export function billTrace(calls: readonly TraceCall[], pricing: PricingTable): AsBilledCost {
  let totals = ZERO;
  const byModel = new Map<string, BilledUsd>();
  const byConversation = new Map<string, BilledUsd>();
  const byDay = new Map<string, BilledUsd>();
  const unpriced = new Map<string, number>();
  // Names repeat: look each one up once.
  const rows = new Map<string, ReturnType<typeof findPriceRow>>();
  let pricedCalls = 0;
  for (const call of calls) {
    let found = rows.get(call.model);
    if (found === undefined && !rows.has(call.model)) {
      found = findPriceRow(pricing, call.model);
      rows.set(call.model, found);
    }
    if (found === undefined) {
      unpriced.set(call.model, (unpriced.get(call.model) ?? 0) + 1);
      continue;
    }
    const cost = billCall(call, found.row);
    pricedCalls += 1;
    totals = plus(totals, cost);
    addTo(byModel, found.model, cost);
    addTo(byConversation, call.conversationId, cost);
    addTo(byDay, utcDay(call.at), cost);
  }
  return { totals, byModel, byConversation, byDay, unpriced, pricedCalls };
}
