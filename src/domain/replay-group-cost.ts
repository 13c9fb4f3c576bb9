/**
 * The search's pricing of one group of calls: a target's rates by the row in
 * force on each day, the calls flattened into columns by conversation, and
 * the replay of a group (which models seen, one target, one TTL) on its
 * target row, one cache entry per conversation (SPEC §11). Pure.
 */
import { callRates } from '../core/call-rates.ts';
import { automaticCacheTtlOf, cacheModeOf, toolFeesOf } from '../core/price-family.ts';
import { rowInForce, type PriceRow } from '../core/pricing.ts';
import { utcDay } from '../core/traces/time.ts';
import {
  promptTokens,
  type ToolRequestCounts,
  type TraceCall,
} from '../core/traces/call-record.ts';

const NO_REQUESTS: ToolRequestCounts = Object.freeze({});

/** The rates of one price row of a target, as the core's replay takes them. */
interface RowRates {
  readonly row: PriceRow;
  /** Server-tool fees, USD per 1,000 requests (SPEC §13.4). */
  readonly toolFees: Readonly<Record<string, number>>;
  readonly threshold: number;
  readonly base: ReturnType<typeof callRates>;
  readonly long: ReturnType<typeof callRates>;
  readonly minimum: number;
  /** A row that caches automatically keeps its own TTL (SPEC §13.6 b). */
  readonly automatic: boolean;
  readonly automaticTtl: number;
}

/** A target's rows over time: the one in force on a call's UTC day (SPEC §13.6 a). */
export interface TargetRates {
  readonly dated: boolean;
  rowOn(day: string | null): RowRates;
}

function rowRatesOf(model: string, row: PriceRow): RowRates {
  const tier = row.longContext ?? undefined;
  const threshold = tier === undefined ? Infinity : tier.thresholdTokens;
  return {
    row,
    toolFees: toolFeesOf(model, row),
    threshold,
    base: callRates(row, 0),
    long: tier === undefined ? callRates(row, 0) : callRates(row, threshold + 1),
    minimum: row.minCacheableTokens ?? 0,
    automatic: cacheModeOf(row) === 'automatic',
    automaticTtl: automaticCacheTtlOf(row),
  };
}

export function ratesOf(model: string, rows: readonly PriceRow[]): TargetRates {
  if (rows.length === 1) {
    const only = rowRatesOf(model, rows[0]!);
    return { dated: false, rowOn: () => only };
  }
  const byRow = new Map<PriceRow, RowRates>();
  const byDay = new Map<string | null, RowRates>();
  return {
    dated: true,
    rowOn(day) {
      let rates = byDay.get(day);
      if (rates === undefined) {
        const row = rowInForce(rows, day);
        rates = byRow.get(row) ?? rowRatesOf(model, row);
        byRow.set(row, rates);
        byDay.set(day, rates);
      }
      return rates;
    },
  };
}

/** The calls as flat arrays, grouped by conversation (first appearance), time order kept inside. */
export interface FlatCalls {
  readonly n: number;
  readonly conversation: Int32Array;
  readonly source: Int32Array;
  readonly at: Float64Array;
  readonly prompt: Float64Array;
  readonly output: Float64Array;
  /** Each call's server-tool requests (SPEC §13.4). */
  readonly toolRequests: ToolRequestCounts[];
  /** Each call's own UTC day (`null` when undated), when a target has dated rows. */
  readonly day: (string | null)[] | undefined;
}

// The calls `keep` selects, flattened into columns grouped by conversation
// (conversations in order of first appearance, calls in the order given).
// `calls` is iterated twice and never held, so it may be a store's reread.
export function flatten(
  calls: Iterable<TraceCall>,
  keep: (call: TraceCall) => boolean,
  sourceOf: (call: TraceCall) => number,
  withDays: boolean,
): FlatCalls {
  const ordinal = new Map<string, number>();
  const counts: number[] = [];
  let n = 0;
  for (const call of calls) {
    if (!keep(call)) continue;
    let k = ordinal.get(call.conversationId);
    if (k === undefined) {
      k = ordinal.size;
      ordinal.set(call.conversationId, k);
      counts.push(0);
    }
    counts[k]! += 1;
    n += 1;
  }
  const start = new Int32Array(counts.length);
  for (let k = 1; k < counts.length; k++) start[k] = start[k - 1]! + counts[k - 1]!;
  const out: FlatCalls = {
    n,
    conversation: new Int32Array(n),
    source: new Int32Array(n),
    at: new Float64Array(n),
    prompt: new Float64Array(n),
    output: new Float64Array(n),
    toolRequests: new Array<ToolRequestCounts>(n),
    day: withDays ? new Array<string | null>(n) : undefined,
  };
  // One string a day, however many calls fall on it.
  const days = new Map<string, string>();
  const dayOf = (at: number) => {
    const day = utcDay(at);
    const held = days.get(day);
    if (held !== undefined) return held;
    days.set(day, day);
    return day;
  };
  // An undated call comes 0 s after the previous call of its conversation, a first one at 0 (SPEC §13.1).
  const clock = new Float64Array(counts.length);
  for (const call of calls) {
    if (!keep(call)) continue;
    const k = ordinal.get(call.conversationId)!;
    const j = start[k]!++;
    out.conversation[j] = k;
    out.source[j] = sourceOf(call);
    out.at[j] = call.at ?? clock[k]!;
    clock[k] = out.at[j]!;
    out.prompt[j] = promptTokens(call);
    out.output[j] = call.outputTokens;
    out.toolRequests[j] = call.toolRequests ?? NO_REQUESTS;
    if (out.day !== undefined) out.day[j] = call.at === null ? null : dayOf(call.at);
  }
  return out;
}

/**
 * The cost of replaying the calls `inGroup` selects, all on one target row,
 * at `ttlSeconds` (SPEC §11: one cache entry per conversation).
 */
export function groupCost(
  flat: FlatCalls,
  inGroup: (source: number) => boolean,
  target: TargetRates,
  ttlSeconds: number,
): number {
  let total = 0;
  let conversation = -1;
  let entryTokens = -1;
  let entryAt = 0;
  for (let i = 0; i < flat.n; i++) {
    if (!inGroup(flat.source[i]!)) continue;
    if (flat.conversation[i] !== conversation) {
      conversation = flat.conversation[i]!;
      entryTokens = -1;
    }
    // The row in force on the call's own day (SPEC §13.6 a), as replay.ts picks it.
    const on = target.rowOn(target.dated ? flat.day![i]! : null);
    // A row that caches automatically keeps its own TTL and has no 1-hour write (SPEC §13.6 b), as replay.ts.
    const ttl = on.automatic ? on.automaticTtl : ttlSeconds;
    const prompt = flat.prompt[i]!;
    const at = flat.at[i]!;
    // The fees of its requests on the target row, as replay.ts adds them.
    const requests = flat.toolRequests[i]!;
    for (const kind in requests) {
      const fee = Object.prototype.hasOwnProperty.call(on.toolFees, kind)
        ? on.toolFees[kind]
        : undefined;
      if (typeof fee === 'number' && Number.isFinite(fee)) total += (requests[kind]! * fee) / 1000;
    }
    const rates = prompt > on.threshold ? on.long : on.base;
    const writeRate = !on.automatic && ttl === 3600 ? rates.cacheWrite1h : rates.cacheWrite;
    // The core's sum, term for term (replay.ts), so a call costs exactly what it costs there.
    if (prompt >= on.minimum) {
      const cached =
        entryTokens >= 0 && at - entryAt < ttl && prompt >= entryTokens ? entryTokens : 0;
      total +=
        cached * rates.cacheRead +
        (prompt - cached) * writeRate +
        0 * rates.input +
        flat.output[i]! * rates.output;
      entryTokens = prompt;
      entryAt = at;
    } else {
      total +=
        0 * rates.cacheRead + 0 * writeRate + prompt * rates.input + flat.output[i]! * rates.output;
    }
  }
  return total;
}
