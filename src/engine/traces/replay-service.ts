/**
 * The traffic's replay under other choices and the search for the cheapest
 * setting (SPEC §11), run in the import worker next to the calls:
 * as billed, as run and the replay of one scope side by side, split by kind
 * of token, with the replayed calls as routing hops for the routing tab's
 * timeline; and the ranked choices of the search, each with what it gives
 * up in words. Only these figures leave the worker, never the calls.
 */
import { DEFAULT_REPLAY_CONSTRAINTS } from '../../domain/replay-constraints.ts';
import { oneHourConversations, replayOnOwnTtls } from './replay-own-ttl.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { billedColumn, replayColumn, rowFinder, type CallSplit } from './replay-columns.ts';
import type { HopRecord } from '../../core/routing/simulate.ts';
import { replayTrace, type ReplayedCall, type TraceCall } from '../../core/traces/index.ts';
import {
  choiceText,
  conversationTtl,
  realMoves,
  givesUpWords,
  type ModelSeenShare,
  type ReplayPlanChoice,
} from '../../domain/traffic-replay.ts';
import {
  MAX_SEARCHED_MODELS,
  replayCandidates,
  searchReplayChoices,
  type ReplayConstraints,
  type SearchedChoice,
} from '../../domain/traffic-replay-search.ts';
import {
  MAX_REPLAY_TIMELINE_HOPS,
  type RankedReplayChoice,
  type ReplayColumn,
  type ReplayOutcome,
  type ReplayRequest,
  type ReplayScope,
  type ReplaySearchOutcome,
} from './traffic-types.ts';

/** The calls of `scope`, in stored (time) order. */
export function callsInScope(calls: readonly TraceCall[], scope: ReplayScope): TraceCall[] {
  if (scope.kind === 'all') return [...calls];
  const ids = new Set(scope.ids);
  return calls.filter((c) => ids.has(c.conversationId));
}

/** The models seen in `calls`: by price row, else by the name as written; most calls first. */
export function modelsSeenIn(calls: readonly TraceCall[], pricing: PricingTable): ModelSeenShare[] {
  const rowOf = rowFinder(pricing);
  const seen = new Map<string, { priced: boolean; calls: number }>();
  for (const call of calls) {
    const row = rowOf(call.model)?.model;
    const key = row ?? call.model;
    const held = seen.get(key);
    if (held === undefined) seen.set(key, { priced: row !== undefined, calls: 1 });
    else held.calls += 1;
  }
  return [...seen]
    .map(([model, s]) => ({ model, priced: s.priced, calls: s.calls }))
    .sort((a, b) => b.calls - a.calls || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

/**
 * The core's plan for a choice: a mapping keyed by the model names as
 * written (the choice names price rows, or an unpriced name as written).
 */
/** What a choice moves: one model for every call, or each model seen as the mapping says. */
function movesOf(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  choice: ReplayPlanChoice,
): string | ReadonlyMap<string, string> {
  if (choice.model.kind === 'one') return choice.model.model;
  const rowOf = rowFinder(pricing);
  const byRow = new Map(choice.model.mapping.map((m) => [m.from, m.to]));
  const mapping = new Map<string, string>();
  for (const call of calls) {
    if (mapping.has(call.model)) continue;
    const key = rowOf(call.model)?.model ?? call.model;
    const to = byRow.get(key);
    if (to !== undefined) mapping.set(call.model, to);
  }
  return mapping;
}

/** The calls replayed under `choice`: at its TTL, or each conversation at its own. */
function replayOf(basis: ScopeBasis, pricing: PricingTable, choice: ReplayPlanChoice) {
  const { calls } = basis;
  const model = movesOf(calls, pricing, choice);
  return choice.ttlSeconds === null
    ? replayOnOwnTtls(calls, pricing, model, basis.oneHour)
    : replayTrace(calls, pricing, { kind: 'whatIf', model, ttlSeconds: choice.ttlSeconds });
}

function hopOf(
  call: ReplayedCall,
  split: CallSplit,
  conversation: number,
  index: number,
  startAt: number,
): HopRecord {
  return {
    turn: conversation,
    hop: index,
    turnHopIndex: index,
    at: call.replayAt - startAt,
    model: call.model,
    thinking: false,
    source: 'default',
    promptTokens: call.promptTokens,
    cachedTokens: call.cachedTokens,
    writeTokens: call.writeTokens,
    uncachedTokens: call.uncachedTokens,
    longContext: split.longContext,
    outputTokens: call.outputTokens,
    thinkingTokens: 0,
    readUsd: split.readUsd,
    writeUsd: split.writeUsd,
    inputUsd: split.inputUsd,
    outputUsd: split.outputUsd,
    classifierUsd: 0,
    totalUsd: call.costUsd,
    resolverCalls: 0,
    forceHonoured: false,
    forceDropped: false,
    cache: call.uncachedTokens > 0 ? 'uncacheable' : call.cachedTokens > 0 ? 'warm' : 'cold',
  };
}

/** What a scope gives whatever the choice: its calls, as billed, as run and the models seen. */
interface ScopeBasis {
  readonly calls: readonly TraceCall[];
  readonly asBilled: ReplayColumn;
  readonly asRun: ReplayColumn;
  readonly modelsSeen: readonly ModelSeenShare[];
  readonly conversations: number;
  readonly oneHourConversations: number;
  /** The conversations that wrote 1-hour cache as they ran. */
  readonly oneHour: ReadonlySet<string>;
}

/** At most this many scopes' bases are kept per set of stored calls. */
const KEPT_BASES = 4;
const bases = new WeakMap<readonly TraceCall[], Map<string, ScopeBasis>>();

/**
 * The basis of `scope`, worked out once per stored calls, scope and price
 * table: a new choice then costs one replay, not three.
 */
function basisOf(
  allCalls: readonly TraceCall[],
  pricing: PricingTable,
  scope: ReplayScope,
): ScopeBasis {
  let kept = bases.get(allCalls);
  if (kept === undefined) {
    kept = new Map();
    bases.set(allCalls, kept);
  }
  const key = `${JSON.stringify(scope)}\n${JSON.stringify(pricing)}`;
  const held = kept.get(key);
  if (held !== undefined) return held;
  const calls = callsInScope(allCalls, scope);
  const oneHour = oneHourConversations(calls);
  const asRun = replayTrace(calls, pricing, { kind: 'asRun' });
  const basis: ScopeBasis = {
    calls,
    asBilled: billedColumn(calls, pricing),
    asRun: replayColumn(asRun.calls, pricing, (id) => (oneHour.has(id) ? 3600 : 300)),
    modelsSeen: modelsSeenIn(calls, pricing),
    conversations: new Set(calls.map((c) => c.conversationId)).size,
    oneHourConversations: oneHour.size,
    oneHour,
  };
  if (kept.size >= KEPT_BASES) kept.delete(kept.keys().next().value!);
  kept.set(key, basis);
  return basis;
}

/** As billed, as run and the replay of `request.scope` under `request.choice` (SPEC §10, §11). */
export function replayTraffic(
  allCalls: readonly TraceCall[],
  pricing: PricingTable,
  request: ReplayRequest,
): ReplayOutcome {
  const basis = basisOf(allCalls, pricing, request.scope);
  const { calls } = basis;
  const replay = replayOf(basis, pricing, request.choice);
  const ttl = request.choice.ttlSeconds;
  const hops: HopRecord[] = [];
  const conversationOrdinal = new Map<string, number>();
  let lastConversation = '';
  let index = 0;
  const startAt = replay.calls[0]?.replayAt ?? 0;
  const replayCol = replayColumn(
    replay.calls,
    pricing,
    (id) => conversationTtl(ttl, basis.oneHour.has(id)),
    (call, split) => {
      if (hops.length >= MAX_REPLAY_TIMELINE_HOPS) return;
      if (call.conversationId !== lastConversation) {
        lastConversation = call.conversationId;
        index = 0;
      }
      let ordinal = conversationOrdinal.get(call.conversationId);
      if (ordinal === undefined) {
        ordinal = conversationOrdinal.size;
        conversationOrdinal.set(call.conversationId, ordinal);
      }
      hops.push(hopOf(call, split, ordinal, index++, startAt));
    },
  );
  return {
    scopeCalls: calls.length,
    scopeConversations: basis.conversations,
    asBilled: basis.asBilled,
    asRun: basis.asRun,
    replay: replayCol,
    leftOut: [...replay.leftOut.unpriced].map(([model, n]) => ({ model, calls: n })),
    modelsSeen: basis.modelsSeen,
    choiceText: choiceText(request.choice),
    changesNothing:
      request.choice.ttlSeconds === null &&
      request.choice.model.kind === 'map' &&
      realMoves(request.choice.model.mapping).length === 0,
    givesUp: givesUpWords(request.choice, basis.modelsSeen, basis),
    timeline: { hops, totalCalls: replay.calls.length },
  };
}

/** The search over the replay's choices for `scope`, ranked cheapest first. */
export function searchTraffic(
  allCalls: readonly TraceCall[],
  pricing: PricingTable,
  scope: ReplayScope,
  constraints: ReplayConstraints = DEFAULT_REPLAY_CONSTRAINTS,
): ReplaySearchOutcome {
  const basis = basisOf(allCalls, pricing, scope);
  const { calls, modelsSeen } = basis;
  const search = searchReplayChoices(calls, pricing, replayCandidates(pricing), constraints);
  const unpriced = modelsSeen.filter((m) => !m.priced);
  const fixedCalls = modelsSeen
    .filter((m) => search.fixedModels.includes(m.model))
    .reduce((sum, m) => sum + m.calls, 0);
  const ranked = (r: SearchedChoice): RankedReplayChoice => {
    const choice: ReplayPlanChoice = {
      model: { kind: 'map', mapping: r.mapping },
      ttlSeconds: r.ttlSeconds,
    };
    return {
      choice,
      choiceText: choiceText(choice),
      totalUsd: r.totalUsd,
      givesUp: givesUpWords(choice, modelsSeen, basis),
    };
  };
  const boundText =
    `Every target for the ${search.searchedModels.length === 1 ? 'model' : `${search.searchedModels.length} most-used models`} seen ` +
    `(${search.searchedModels.join(', ') || 'none'}): its own or one of ${search.candidates.length} priced chat models${constraints.substitutes === 'any' ? '' : ' it is allowed (by default, of the same provider)'}, ` +
    `× the 5-minute and 1-hour TTL — ${search.evaluated.toLocaleString('en-US')} settings, each priced exactly. ` +
    `The bound is ${MAX_SEARCHED_MODELS} models because each model searched multiplies the settings by its number of targets` +
    (search.fixedModels.length > 0
      ? `; the ${search.fixedModels.length} other priced models seen (${fixedCalls.toLocaleString('en-US')} calls) stay on their own.`
      : '.') +
    (unpriced.length > 0 ? ' Calls on unpriced models stay out, as they are out of the bill.' : '');
  return {
    scopeCalls: calls.length,
    pricedCalls: basis.asBilled.calls,
    asBilledUsd: basis.asBilled.totalUsd,
    asRunUsd: basis.asRun.totalUsd,
    boundText,
    evaluated: search.evaluated,
    ranked: search.ranked.map(ranked),
    keepModels: ranked(search.keepModels),
  };
}
