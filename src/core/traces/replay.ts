/**
 * Replaying a trace (SPEC §11, §13): each conversation's calls re-priced in
 * time order as if another model (or a mapping of models) or another cache
 * TTL had been chosen. A call keeps its time (an undated one comes 0 s after
 * the previous call of its conversation), prompt size and output; per model
 * row the replay keeps one cache entry `{tokens, lastUse}`. A row that
 * caches automatically keeps its own TTL whatever TTL is chosen. "As run"
 * keeps every call on its own model with the TTL the conversation used, and
 * holds its predicted cache reads against the logged ones.
 */
import { callRates, isCacheable } from '../call-rates.ts';
import { findPriceKey } from '../model-names.ts';
import { automaticCacheTtlOf, cacheModeOf, toolFeesOf } from '../price-family.ts';
import { priceRowsFor, rowInForce, type PriceRow, type PricingTable } from '../pricing.ts';
import { billToolRequests } from './billing.ts';
import { promptTokens, type TraceCall } from './call-record.ts';
import { conversationsOf } from './conversations.ts';
import { utcDay } from './time.ts';
import { InvalidInputError } from '../errors.ts';

/** What the replay changes. */
export type ReplayPlan =
  | { readonly kind: 'asRun' }
  | {
      readonly kind: 'whatIf';
      /** Every call to one model, or a mapping from a model as written in the trace to another; absent keeps each call's own. */
      readonly model?: string | ReadonlyMap<string, string>;
      /** Cache TTL, seconds: 300 or 3,600. */
      readonly ttlSeconds: number;
    };

/** One call as replayed. */
export interface ReplayedCall {
  readonly conversationId: string;
  readonly callId: string;
  /** The call's own time, `null` when undated (SPEC §13.1). */
  readonly at: number | null;
  /** The time the replay gave it: its own, or 0 s after the previous call of its conversation. */
  readonly replayAt: number;
  /** The price row's name the call was replayed on. */
  readonly model: string;
  readonly promptTokens: number;
  readonly cachedTokens: number;
  readonly writeTokens: number;
  readonly uncachedTokens: number;
  readonly outputTokens: number;
  /** Tokens and tool fees. */
  readonly costUsd: number;
  /** The server-tool fees inside `costUsd` (SPEC §13.4). */
  readonly toolFeesUsd: number;
  /** The cache reads the trace logged for this call. */
  readonly loggedCacheReadTokens: number;
}

/** Replay totals (SPEC §7 `replay`). */
export interface ReplayTotals {
  /** Tokens and tool fees. */
  readonly totalUsd: number;
  readonly cachedTokens: number;
  readonly writeTokens: number;
  readonly uncachedTokens: number;
  /** The tool fees of the replayed calls on their target rows, inside `totalUsd` (SPEC §13.7). */
  readonly toolFeesUsd: number;
}

/** Why a predicted cache read may differ from the logged one. */
export type DifferenceCause =
  | 'warm-start'
  | 'rewritten-prompt'
  | 'outlived-ttl'
  | 'below-minimum'
  | 'shared-prefix'
  | 'read-less';

/** Plain words for each cause. */
export const DIFFERENCE_CAUSE_TEXT: Readonly<Record<DifferenceCause, string>> = {
  'warm-start':
    'the conversation started warm from an earlier one: providers cache by prompt prefix, so a new session can read what another wrote',
  'rewritten-prompt':
    'the conversation was rewritten (compacted, for example): the provider still read the prefix the old and new prompts share',
  'outlived-ttl':
    'the cache was still warm after the TTL: a call outside this trace refreshed it, or the entry lived longer',
  'below-minimum':
    "the prompt is below the price table's minimum cacheable size, yet the provider read from its cache",
  'shared-prefix':
    'the provider read more than the previous prompt: another conversation or a call outside this trace shares its prefix',
  'read-less':
    'the provider read less than predicted: the entry was evicted early, or an early part of the prompt changed (system prompt, tools, thinking settings)',
};

/** One of the largest gaps between predicted and logged cache reads. */
export interface CacheReadDifference {
  readonly conversationId: string;
  readonly callId: string;
  /** The call's own time, `null` when undated. */
  readonly at: number | null;
  readonly model: string;
  readonly predictedCachedTokens: number;
  readonly loggedCacheReadTokens: number;
  /** Logged minus predicted. */
  readonly differenceTokens: number;
  readonly cause: DifferenceCause;
}

/** How well "as run" predicts the logged cache reads (SPEC §11). */
export interface ReplayCalibration {
  /** Calls replayed (priced). */
  readonly calls: number;
  /** Calls whose prediction is within 2 % of the prompt of what was logged. */
  readonly withinTwoPercent: number;
  /** `withinTwoPercent / calls`, 0 when there are no calls. */
  readonly share: number;
  /** The largest differences first, at most `MAX_LISTED_DIFFERENCES`. */
  readonly largestDifferences: readonly CacheReadDifference[];
}

/** The calls a replay left out (SPEC §13.7). */
export interface ReplayLeftOut {
  /** Calls whose target model has no price row, by that name. */
  readonly unpriced: ReadonlyMap<string, number>;
  /** Stream-json reconciling calls: they have no prompt of their own to replay. */
  readonly reconciling: number;
}

/** A replay's result. */
export interface ReplayResult {
  readonly totals: ReplayTotals;
  readonly calls: readonly ReplayedCall[];
  readonly leftOut: ReplayLeftOut;
  /** Requests of replayed calls whose target row has no fee for their kind, by kind. */
  readonly unpricedToolRequests: ReadonlyMap<string, number>;
  /** Only for "as run". */
  readonly calibration?: ReplayCalibration;
}

/** How many differences a calibration lists. */
export const MAX_LISTED_DIFFERENCES = 20;

interface CacheEntry {
  tokens: number;
  lastUse: number;
}

function targetName(plan: ReplayPlan, model: string): string {
  if (plan.kind === 'asRun' || plan.model === undefined) return model;
  if (typeof plan.model === 'string') return plan.model;
  return plan.model.get(model) ?? model;
}

function causeOf(
  predicted: number,
  logged: number,
  entry: CacheEntry | undefined,
  prompt: number,
  at: number,
  ttlSeconds: number,
  cacheable: boolean,
): DifferenceCause {
  if (logged < predicted) return 'read-less';
  if (!cacheable) return 'below-minimum';
  if (entry === undefined) return 'warm-start';
  if (prompt < entry.tokens) return 'rewritten-prompt';
  if (at - entry.lastUse >= ttlSeconds) return 'outlived-ttl';
  return 'shared-prefix';
}

/** What a replay gives besides its calls. */
export type ReplaySummary = Omit<ReplayResult, 'calls'>;

/**
 * A replay folded one conversation at a time (SPEC §11: no state crosses
 * conversations), so that its calls need never be held all at once: each
 * replayed call is handed to `add`'s `onCall`, and `summary` gives the
 * totals, what was left out and, for "as run", the calibration.
 */
export interface ConversationReplay {
  /** Replays one conversation's calls, given in time order. */
  add(conversation: readonly TraceCall[], onCall?: (call: ReplayedCall) => void): void;
  /** The totals, left out calls and calibration of the conversations added so far. */
  summary(): ReplaySummary;
}

/**
 * Starts a replay under `plan` (SPEC §11, §13.6) to which conversations are
 * added one at a time, each one's calls in time order. The target row is
 * the table key's row in force on the call's own UTC day. A call whose
 * target model has no price row, and a stream-json reconciling call, is
 * left out: no cost, no effect on the cache, not in the calibration.
 * Iteration passes are replayed as calls.
 *
 * @throws InvalidInputError when a what-if TTL is not a positive number of seconds
 */
export function startReplay(pricing: PricingTable, plan: ReplayPlan): ConversationReplay {
  if (plan.kind === 'whatIf' && !(Number.isFinite(plan.ttlSeconds) && plan.ttlSeconds > 0)) {
    throw new InvalidInputError(
      'ttlSeconds',
      `must be a positive number of seconds (got ${String(plan.ttlSeconds)})`,
    );
  }
  const keys = new Map<string, string | undefined>();
  const keyOf = (name: string): string | undefined => {
    if (!keys.has(name)) keys.set(name, findPriceKey(pricing, name));
    return keys.get(name);
  };
  const unpriced = new Map<string, number>();
  const unpricedToolRequests = new Map<string, number>();
  const largest: CacheReadDifference[] = [];
  let replayedCalls = 0;
  let reconciling = 0;
  let totalUsd = 0;
  let toolFeesUsd = 0;
  let cachedTokens = 0;
  let writeTokens = 0;
  let uncachedTokens = 0;
  let within = 0;

  const add = (conversation: readonly TraceCall[], onCall?: (call: ReplayedCall) => void) => {
    const chosenTtl =
      plan.kind === 'asRun'
        ? conversation.some((call) => call.cacheWrite1hTokens > 0)
          ? 3600
          : 300
        : plan.ttlSeconds;
    const entries = new Map<string, CacheEntry>();
    // An undated call comes 0 s after the previous call of its conversation; a first one at 0 (SPEC §13.1).
    let clock = 0;
    for (const call of conversation) {
      const at = call.at ?? clock;
      clock = at;
      if (call.kind === 'reconciling') {
        reconciling += 1;
        continue;
      }
      const target = targetName(plan, call.model);
      const key = keyOf(target);
      if (key === undefined) {
        unpriced.set(target, (unpriced.get(target) ?? 0) + 1);
        continue;
      }
      const row: PriceRow = rowInForce(
        priceRowsFor(pricing, key)!,
        call.at === null ? null : utcDay(call.at),
      );
      const automatic = cacheModeOf(row) === 'automatic';
      const ttlSeconds = automatic ? automaticCacheTtlOf(row) : chosenTtl;
      const prompt = promptTokens(call);
      const cacheable = isCacheable(row, prompt);
      const entry = entries.get(key);
      const warm = entry !== undefined && at - entry.lastUse < ttlSeconds && prompt >= entry.tokens;
      const cached = cacheable && warm ? entry.tokens : 0;
      const write = cacheable ? prompt - cached : 0;
      const uncached = cacheable ? 0 : prompt;
      const rates = callRates(row, prompt);
      const writeRate =
        !automatic && ttlSeconds === 3600 && rates.hasCacheWrite1h
          ? rates.cacheWrite1h
          : rates.cacheWrite;
      const fees = billToolRequests(call.toolRequests ?? {}, toolFeesOf(key, row));
      for (const kind of Object.keys(fees.unpriced)) {
        unpricedToolRequests.set(
          kind,
          (unpricedToolRequests.get(kind) ?? 0) + fees.unpriced[kind]!,
        );
      }
      const costUsd =
        cached * rates.cacheRead +
        write * writeRate +
        uncached * rates.input +
        call.outputTokens * rates.output +
        fees.toolFeesUsd;
      if (plan.kind === 'asRun') {
        const difference = call.cacheReadTokens - cached;
        if (Math.abs(difference) <= 0.02 * prompt) within += 1;
        else {
          keepLargest(largest, {
            conversationId: call.conversationId,
            callId: call.callId,
            at: call.at,
            model: key,
            predictedCachedTokens: cached,
            loggedCacheReadTokens: call.cacheReadTokens,
            differenceTokens: difference,
            cause: causeOf(cached, call.cacheReadTokens, entry, prompt, at, ttlSeconds, cacheable),
          });
        }
      }
      if (cacheable) entries.set(key, { tokens: prompt, lastUse: at });
      totalUsd += costUsd;
      toolFeesUsd += fees.toolFeesUsd;
      cachedTokens += cached;
      writeTokens += write;
      uncachedTokens += uncached;
      replayedCalls += 1;
      onCall?.({
        conversationId: call.conversationId,
        callId: call.callId,
        at: call.at,
        replayAt: at,
        model: key,
        promptTokens: prompt,
        cachedTokens: cached,
        writeTokens: write,
        uncachedTokens: uncached,
        outputTokens: call.outputTokens,
        costUsd,
        toolFeesUsd: fees.toolFeesUsd,
        loggedCacheReadTokens: call.cacheReadTokens,
      });
    }
  };

  const summary = (): ReplaySummary => {
    const totals = { totalUsd, cachedTokens, writeTokens, uncachedTokens, toolFeesUsd };
    const leftOut = { unpriced: new Map(unpriced), reconciling };
    const requests = new Map(unpricedToolRequests);
    if (plan.kind !== 'asRun') return { totals, leftOut, unpricedToolRequests: requests };
    return {
      totals,
      leftOut,
      unpricedToolRequests: requests,
      calibration: {
        calls: replayedCalls,
        withinTwoPercent: within,
        share: replayedCalls === 0 ? 0 : within / replayedCalls,
        largestDifferences: [...largest],
      },
    };
  };
  return { add, summary };
}

/**
 * Keeps `difference` in `largest` if it is among the `MAX_LISTED_DIFFERENCES`
 * largest so far, largest first; equal differences keep their replay order,
 * as a stable sort of every difference would leave them.
 */
function keepLargest(largest: CacheReadDifference[], difference: CacheReadDifference): void {
  const size = Math.abs(difference.differenceTokens);
  let at = largest.length;
  while (at > 0 && Math.abs(largest[at - 1]!.differenceTokens) < size) at -= 1;
  if (at >= MAX_LISTED_DIFFERENCES) return;
  largest.splice(at, 0, difference);
  if (largest.length > MAX_LISTED_DIFFERENCES) largest.pop();
}

/**
 * Replays `calls` (in the order a reader returns them: dated by time, ties
 * in input order, then the undated) under `plan`, as `startReplay` does,
 * one conversation after another (`conversationsOf`), keeping every
 * replayed call.
 *
 * @throws InvalidInputError when a what-if TTL is not a positive number of seconds
 */
export function replayTrace(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  plan: ReplayPlan,
): ReplayResult {
  const replay = startReplay(pricing, plan);
  const replayed: ReplayedCall[] = [];
  const keep = (call: ReplayedCall) => void replayed.push(call);
  for (const conversation of conversationsOf(calls)) replay.add(conversation, keep);
  const { totals, leftOut, unpricedToolRequests, calibration } = replay.summary();
  const result = { totals, calls: replayed, leftOut, unpricedToolRequests };
  return calibration === undefined ? result : { ...result, calibration };
}
