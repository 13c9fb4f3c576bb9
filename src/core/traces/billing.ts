/**
 * The as-billed cost of a trace (SPEC §10, §13.4, §13.6, §13.7): each call
 * priced by the row its model name finds (§1.1's name rules; of dated rows,
 * the one in force on the call's UTC day), at the tier its prompt chooses,
 * for the counts the provider logged, plus the server-tool fees of its
 * requests. Totals by conversation, by model (the table's key), by UTC day
 * (`undated` for undated calls), project, branch and source, and split by
 * kind; calls whose model has no row are counted by the name as written,
 * never priced at 0.
 */
import { callRates } from '../call-rates.ts';
import { findPriceKey } from '../model-names.ts';
import { toolFeesOf } from '../price-family.ts';
import { priceRowsFor, rowInForce, type PriceRow, type PricingTable } from '../pricing.ts';
import {
  promptTokens,
  type ReportedCost,
  type ToolRequestCounts,
  type TraceCall,
} from './call-record.ts';
import { utcDay } from './time.ts';

/** A cost split by kind, USD. */
export interface BilledUsd {
  /** Tokens and tool fees. */
  readonly totalUsd: number;
  /** Plain (uncached) input. */
  readonly inputUsd: number;
  readonly cacheReadUsd: number;
  readonly cacheWrite5mUsd: number;
  readonly cacheWrite1hUsd: number;
  readonly outputUsd: number;
  /** Server-tool fees (SPEC §13.4). */
  readonly toolFeesUsd: number;
}

/** The two kinds a bill is split into (SPEC §13.4). */
export interface BilledByKind {
  /** Every kind of token. */
  readonly tokensUsd: number;
  /** Server-tool fees. */
  readonly toolFeesUsd: number;
}

/** The by-day key of undated calls (SPEC §13.1). */
export const UNDATED_DAY = 'undated';

/** The as-billed cost of a set of calls. */
export interface AsBilledCost {
  readonly totals: BilledUsd;
  /** Keyed by the price table's key. */
  readonly byModel: ReadonlyMap<string, BilledUsd>;
  /** Only conversations with a priced call; so are the other breakdowns. */
  readonly byConversation: ReadonlyMap<string, BilledUsd>;
  /** Keyed by UTC day, `YYYY-MM-DD`, or `undated` (SPEC §13.1). */
  readonly byDay: ReadonlyMap<string, BilledUsd>;
  /** Keyed by project; `""` for calls without one (SPEC §13.7). */
  readonly byProject: ReadonlyMap<string, BilledUsd>;
  /** Keyed by git branch; `""` for calls without one or on an empty branch. */
  readonly byBranch: ReadonlyMap<string, BilledUsd>;
  /** Keyed by the calls' source label. */
  readonly bySource: ReadonlyMap<string, BilledUsd>;
  /** Tokens and tool fees, USD. */
  readonly byKind: BilledByKind;
  /** Every server-tool request of a priced call, by kind, with or without a fee. */
  readonly toolRequests: ReadonlyMap<string, number>;
  /** Requests no row prices: of a kind the call's row has no fee for, or of an unpriced call. */
  readonly unpricedToolRequests: ReadonlyMap<string, number>;
  /** Calls whose model has no price row, by the name as written. */
  readonly unpriced: ReadonlyMap<string, number>;
  readonly pricedCalls: number;
  /** What the traces say they cost (stream-json `total_cost_usd`), beside the bill, never in it. */
  readonly reported: ReportedCost;
}

const ZERO: BilledUsd = Object.freeze({
  totalUsd: 0,
  inputUsd: 0,
  cacheReadUsd: 0,
  cacheWrite5mUsd: 0,
  cacheWrite1hUsd: 0,
  outputUsd: 0,
  toolFeesUsd: 0,
});

const NOTHING_REPORTED: ReportedCost = Object.freeze({
  totalCostUsd: 0,
  byConversation: new Map<string, number>(),
});

/** The fees of a call's tool requests on a row, and the requests it has no fee for (SPEC §13.4). */
export interface ToolFeeBill {
  readonly toolFeesUsd: number;
  /** The kinds the row does not price, with their counts. */
  readonly unpriced: ToolRequestCounts;
}

const NO_UNPRICED: ToolRequestCounts = Object.freeze({});

/**
 * `Σ count × fee / 1000` over the kinds of `requests` that `fees` prices
 * (USD per 1,000 requests, SPEC §13.4); the other kinds are returned as
 * unpriced.
 */
export function billToolRequests(
  requests: ToolRequestCounts,
  fees: Readonly<Record<string, number>>,
): ToolFeeBill {
  let toolFeesUsd = 0;
  let unpriced: Record<string, number> | undefined;
  for (const kind of Object.keys(requests)) {
    const count = requests[kind]!;
    const fee = Object.prototype.hasOwnProperty.call(fees, kind) ? fees[kind] : undefined;
    if (typeof fee === 'number' && Number.isFinite(fee)) toolFeesUsd += (count * fee) / 1000;
    else (unpriced ??= Object.create(null) as Record<string, number>)[kind] = count;
  }
  return { toolFeesUsd, unpriced: unpriced ?? NO_UNPRICED };
}

/**
 * What one call cost: `input·inputTokens + cacheRead·cacheReadTokens +
 * cacheWrite·cacheWrite5mTokens + cacheWrite1h·cacheWrite1hTokens +
 * output·outputTokens`, per token at the call's tier (SPEC §1.1, §10); a row
 * without `cacheWrite1h` bills 1-hour writes at `cacheWrite`, then `input`.
 * Given the row's name, also the fees of its tool requests (SPEC §13.4).
 */
export function billCall(call: TraceCall, row: PriceRow, rowModel?: string): BilledUsd {
  const rates = callRates(row, promptTokens(call));
  const inputUsd = call.inputTokens * rates.input;
  const cacheReadUsd = call.cacheReadTokens * rates.cacheRead;
  const cacheWrite5mUsd = call.cacheWrite5mTokens * rates.cacheWrite;
  const cacheWrite1hUsd = call.cacheWrite1hTokens * rates.cacheWrite1h;
  const outputUsd = call.outputTokens * rates.output;
  const requests = call.toolRequests ?? NO_UNPRICED;
  const toolFeesUsd =
    rowModel === undefined ? 0 : billToolRequests(requests, toolFeesOf(rowModel, row)).toolFeesUsd;
  return {
    totalUsd: inputUsd + cacheReadUsd + cacheWrite5mUsd + cacheWrite1hUsd + outputUsd + toolFeesUsd,
    inputUsd,
    cacheReadUsd,
    cacheWrite5mUsd,
    cacheWrite1hUsd,
    outputUsd,
    toolFeesUsd,
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
    toolFeesUsd: a.toolFeesUsd + b.toolFeesUsd,
  };
}

function addTo(map: Map<string, BilledUsd>, key: string, cost: BilledUsd): void {
  map.set(key, plus(map.get(key) ?? ZERO, cost));
}

function count(map: Map<string, number>, requests: ToolRequestCounts): void {
  for (const kind of Object.keys(requests)) map.set(kind, (map.get(kind) ?? 0) + requests[kind]!);
}

/** The by-day key of a call: its UTC day, or `undated` (SPEC §13.1). */
export function dayKeyOf(at: number | null): string {
  return at === null ? UNDATED_DAY : utcDay(at);
}

/**
 * The as-billed cost of `calls` (SPEC §10, §13), summed in the order given;
 * `reported` is carried beside it.
 */
export function billTrace(
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
  reported: ReportedCost = NOTHING_REPORTED,
): AsBilledCost {
  let totals = ZERO;
  let tokensUsd = 0;
  const byModel = new Map<string, BilledUsd>();
  const byConversation = new Map<string, BilledUsd>();
  const byDay = new Map<string, BilledUsd>();
  const byProject = new Map<string, BilledUsd>();
  const byBranch = new Map<string, BilledUsd>();
  const bySource = new Map<string, BilledUsd>();
  const toolRequests = new Map<string, number>();
  const unpricedToolRequests = new Map<string, number>();
  const unpriced = new Map<string, number>();
  // Names repeat: look each one up once (the key; the row depends on the day).
  const keys = new Map<string, string | undefined>();
  let pricedCalls = 0;
  for (const call of calls) {
    let key = keys.get(call.model);
    if (key === undefined && !keys.has(call.model)) {
      key = findPriceKey(pricing, call.model);
      keys.set(call.model, key);
    }
    const requests = call.toolRequests ?? NO_UNPRICED;
    if (key === undefined) {
      unpriced.set(call.model, (unpriced.get(call.model) ?? 0) + 1);
      count(unpricedToolRequests, requests);
      continue;
    }
    const day = call.at === null ? null : utcDay(call.at);
    const row = rowInForce(priceRowsFor(pricing, key)!, day);
    const cost = billCall(call, row, key);
    const fees = billToolRequests(requests, toolFeesOf(key, row));
    count(toolRequests, requests);
    count(unpricedToolRequests, fees.unpriced);
    pricedCalls += 1;
    totals = plus(totals, cost);
    tokensUsd +=
      cost.inputUsd +
      cost.cacheReadUsd +
      cost.cacheWrite5mUsd +
      cost.cacheWrite1hUsd +
      cost.outputUsd;
    addTo(byModel, key, cost);
    addTo(byConversation, call.conversationId, cost);
    addTo(byDay, day ?? UNDATED_DAY, cost);
    addTo(byProject, call.project ?? '', cost);
    addTo(byBranch, call.gitBranch ?? '', cost);
    addTo(bySource, call.source ?? '', cost);
  }
  return {
    totals,
    byModel,
    byConversation,
    byDay,
    byProject,
    byBranch,
    bySource,
    byKind: { tokensUsd, toolFeesUsd: totals.toolFeesUsd },
    toolRequests,
    unpricedToolRequests,
    unpriced,
    pricedCalls,
    reported,
  };
}
