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

/** A call's UTC day number (days since 1970-01-01) when it has none (SPEC §13.1). */
const UNDATED = -0x80000000;
/** The day numbers a `Date` can show; one beyond is kept so that naming it throws, as `utcDay` does. */
const LAST_DAY = 100_000_000;

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
  /** The row in force on a UTC day number (`UNDATED`: the earliest row, as for an undated call). */
  rowOn(day: number): RowRates;
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
  const byDay = new Map<number, RowRates>();
  return {
    dated: true,
    rowOn(day) {
      let rates = byDay.get(day);
      if (rates === undefined) {
        const row = rowInForce(rows, day === UNDATED ? null : utcDay(day * 86_400));
        rates = byRow.get(row) ?? rowRatesOf(model, row);
        byRow.set(row, rates);
        byDay.set(day, rates);
      }
      return rates;
    },
  };
}

/**
 * The calls as flat columns, grouped by conversation (first appearance),
 * time order kept inside, each column as narrow as the traffic allows:
 * token counts are `Uint32Array`s when every count fits one (they are whole
 * numbers), the source and the day the narrowest array that holds them;
 * server-tool requests are kept only for the calls that made some.
 */
export interface FlatCalls {
  readonly n: number;
  /** Conversation `k`'s calls are `starts[k]` to `starts[k + 1] - 1`. */
  readonly starts: Int32Array;
  /** The call's model seen, by `sources` index. */
  readonly source: Uint8Array | Uint16Array | Int32Array;
  readonly at: Float64Array;
  readonly prompt: Float64Array | Uint32Array;
  readonly output: Float64Array | Uint32Array;
  /** The calls (ascending indices) that made server-tool requests, and those requests (SPEC §13.4). */
  readonly requestsAt: Int32Array;
  readonly requests: readonly ToolRequestCounts[];
  /** Each call's UTC day number less `firstDay`; `undated` when it has no time. */
  readonly day: Uint16Array | Int32Array;
  readonly firstDay: number;
  readonly undated: number;
}

/** The flattened calls, with every model seen (calls flattened or not) by first appearance. */
export interface Flattened {
  readonly flat: FlatCalls;
  readonly sources: readonly string[];
  /** Calls on each of `sources`, those `place` leaves out included. */
  readonly sourceCalls: readonly number[];
}

const fitsUint32 = (n: number) => n >>> 0 === n;

function hasRequests(requests: ToolRequestCounts | undefined): requests is ToolRequestCounts {
  for (const _ in requests) return true;
  return false;
}

// A dated call's UTC day number, kept one beyond what a `Date` shows so that naming it throws.
const dayNumber = (at: number) =>
  Math.max(-LAST_DAY - 1, Math.min(LAST_DAY + 1, Math.floor(at / 86_400)));

const sourceColumn = (sources: number, n: number) =>
  sources <= 0x100
    ? new Uint8Array(n)
    : sources <= 0x10000
      ? new Uint16Array(n)
      : new Int32Array(n);

// The calls on a model seen (`sourceOf` names it; undefined: out) that
// `place` keeps, flattened into columns grouped by conversation
// (conversations in order of first appearance, calls in the order given).
// `calls` is iterated twice and never held, so it may be a store's reread.
export function flatten(
  calls: Iterable<TraceCall>,
  sourceOf: (call: TraceCall) => string | undefined,
  place: (call: TraceCall) => boolean,
): Flattened {
  const ordinal = new Map<string, number>();
  const counts: number[] = [];
  const sourceIndex = new Map<string, number>();
  const sourceCalls: number[] = [];
  let n = 0;
  let withRequests = 0;
  let whole = true;
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const call of calls) {
    const source = sourceOf(call);
    if (source === undefined) continue;
    let s = sourceIndex.get(source);
    if (s === undefined) {
      s = sourceIndex.size;
      sourceIndex.set(source, s);
      sourceCalls.push(0);
    }
    sourceCalls[s]! += 1;
    if (!place(call)) continue;
    let k = ordinal.get(call.conversationId);
    if (k === undefined) {
      k = ordinal.size;
      ordinal.set(call.conversationId, k);
      counts.push(0);
    }
    counts[k]! += 1;
    n += 1;
    if (hasRequests(call.toolRequests)) withRequests += 1;
    if (whole) whole = fitsUint32(promptTokens(call)) && fitsUint32(call.outputTokens);
    if (call.at !== null) {
      const day = dayNumber(call.at);
      if (day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
    }
  }
  const starts = new Int32Array(counts.length + 1);
  for (let k = 0; k < counts.length; k++) starts[k + 1] = starts[k]! + counts[k]!;
  const next = starts.slice(0, counts.length);
  const Tokens = whole ? Uint32Array : Float64Array;
  // Days as offsets from the first when they span fewer than 65,535 (about 179 years).
  const narrowDays = !(lastDay - firstDay >= 0xffff);
  const out = {
    n,
    starts,
    source: sourceColumn(sourceIndex.size, n),
    at: new Float64Array(n),
    prompt: new Tokens(n),
    output: new Tokens(n),
    requestsAt: new Int32Array(withRequests),
    requests: new Array<ToolRequestCounts>(withRequests),
    day: narrowDays ? new Uint16Array(n) : new Int32Array(n),
    firstDay: narrowDays && firstDay !== Infinity ? firstDay : 0,
    undated: narrowDays ? 0xffff : UNDATED,
  } satisfies FlatCalls;
  // The request-making calls' indices, in the order read.
  const requestIndex: number[] = [];
  const requestsRead: ToolRequestCounts[] = [];
  // An undated call comes 0 s after the previous call of its conversation, a first one at 0 (SPEC §13.1).
  const clock = new Float64Array(counts.length);
  for (const call of calls) {
    const source = sourceOf(call);
    if (source === undefined || !place(call)) continue;
    const k = ordinal.get(call.conversationId)!;
    const j = next[k]!++;
    out.source[j] = sourceIndex.get(source)!;
    out.at[j] = call.at ?? clock[k]!;
    clock[k] = out.at[j]!;
    out.prompt[j] = promptTokens(call);
    out.output[j] = call.outputTokens;
    if (hasRequests(call.toolRequests)) {
      requestIndex.push(j);
      requestsRead.push(call.toolRequests);
    }
    out.day[j] = call.at === null ? out.undated : dayNumber(call.at) - out.firstDay;
  }
  // The requests in index order (calls were placed by conversation, not in the order read).
  const order = requestIndex.map((_, r) => r).sort((a, b) => requestIndex[a]! - requestIndex[b]!);
  order.forEach((r, i) => {
    out.requestsAt[i] = requestIndex[r]!;
    out.requests[i] = requestsRead[r]!;
  });
  return { flat: out, sources: [...sourceIndex.keys()], sourceCalls };
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
  // The next call with server-tool requests.
  let r = 0;
  for (let k = 0; k + 1 < flat.starts.length; k++) {
    // Each conversation's cache entry starts empty.
    let entryTokens = -1;
    let entryAt = 0;
    const end = flat.starts[k + 1]!;
    for (let i = flat.starts[k]!; i < end; i++) {
      if (!inGroup(flat.source[i]!)) continue;
      // The row in force on the call's own day (SPEC §13.6 a), as replay.ts picks it.
      const day = flat.day[i]!;
      const on = target.rowOn(day === flat.undated ? UNDATED : flat.firstDay + day);
      // A row that caches automatically keeps its own TTL and has no 1-hour write (SPEC §13.6 b), as replay.ts.
      const ttl = on.automatic ? on.automaticTtl : ttlSeconds;
      const prompt = flat.prompt[i]!;
      const at = flat.at[i]!;
      // The fees of its requests on the target row, as replay.ts adds them.
      while (r < flat.requestsAt.length && flat.requestsAt[r]! < i) r++;
      if (r < flat.requestsAt.length && flat.requestsAt[r] === i) {
        const requests = flat.requests[r]!;
        for (const kind in requests) {
          const fee = Object.prototype.hasOwnProperty.call(on.toolFees, kind)
            ? on.toolFees[kind]
            : undefined;
          if (typeof fee === 'number' && Number.isFinite(fee))
            total += (requests[kind]! * fee) / 1000;
        }
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
          0 * rates.cacheRead +
          0 * writeRate +
          prompt * rates.input +
          flat.output[i]! * rates.output;
      }
    }
  }
  return total;
}
