/**
 * The traffic's replay under other choices and the search for the cheapest
 * setting (SPEC §11), run in the import worker next to the calls:
 * as billed, as run and the replay of one scope side by side, split by kind
 * of token, with the replayed calls as routing hops for the routing tab's
 * timeline; and the ranked choices of the search, each with what it gives
 * up in words. Only these figures leave the worker, never the calls.
 */
import { DEFAULT_REPLAY_CONSTRAINTS } from '../../domain/replay-constraints.ts';
import { ranOnOneHour, replayOnOwnTtls } from './replay-own-ttl.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { billedColumn, replayColumnSum, rowFinder, type CallSplit } from './replay-columns.ts';
import type { HopRecord } from '../../core/routing/simulate.ts';
import {
  rereadable,
  startReplay,
  type ReplayedCall,
  type ReplayLeftOut,
  type RereadableCalls,
  type TraceCall,
} from '../../core/traces/index.ts';
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
  MAX_LISTED_REPLAY_MODELS,
  MAX_REPLAY_TIMELINE_HOPS,
  type ModelsCounted,
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

/** A count of the models seen: by price row, else by the name as written; most calls first. */
function modelsSeenCounter(pricing: PricingTable) {
  const rowOf = rowFinder(pricing);
  const seen = new Map<string, { priced: boolean; calls: number }>();
  return {
    add(call: TraceCall): void {
      const row = rowOf(call.model)?.model;
      const key = row ?? call.model;
      const held = seen.get(key);
      if (held === undefined) seen.set(key, { priced: row !== undefined, calls: 1 });
      else held.calls += 1;
    },
    // Most calls first, then by name: the same whatever order the calls were counted in.
    result(): ModelSeenShare[] {
      return [...seen]
        .map(([model, s]) => ({ model, priced: s.priced, calls: s.calls }))
        .sort((a, b) => b.calls - a.calls || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
    },
  };
}

/** What a choice moves: one model for every call, or each model seen as the mapping says. */
function movesOf(
  calls: Iterable<TraceCall>,
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

/**
 * Replays the scope under `choice` (at its TTL, or each conversation at its
 * own), one conversation at a time; `onCall` sees each replayed call in
 * replay order. Returns what was left out.
 */
function replayOf(
  basis: ScopeBasis,
  pricing: PricingTable,
  choice: ReplayPlanChoice,
  onCall: (call: ReplayedCall) => void,
): ReplayLeftOut {
  const model = movesOf(basis.calls.inTimeOrder(), pricing, choice);
  const conversations = basis.calls.byConversation();
  if (choice.ttlSeconds === null)
    return replayOnOwnTtls(conversations, pricing, model, basis.oneHour, onCall);
  const replay = startReplay(pricing, { kind: 'whatIf', model, ttlSeconds: choice.ttlSeconds });
  for (const conversation of conversations) replay.add(conversation, onCall);
  return replay.summary().leftOut;
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
  readonly calls: RereadableCalls;
  readonly callCount: number;
  readonly asBilled: ReplayColumn;
  readonly asRun: ReplayColumn;
  readonly modelsSeen: readonly ModelSeenShare[];
  readonly conversations: number;
  readonly oneHourConversations: number;
  /** The conversations that wrote 1-hour cache as they ran. */
  readonly oneHour: ReadonlySet<string>;
}

/**
 * The basis of a scope's calls: as billed and the models seen in time
 * order, as run a conversation at a time, never holding more of them than
 * `calls` does.
 */
function basisFrom(calls: RereadableCalls, pricing: PricingTable): ScopeBasis {
  const oneHour = new Set<string>();
  const asRun = startReplay(pricing, { kind: 'asRun' });
  const asRunColumn = replayColumnSum(pricing, (id) => (oneHour.has(id) ? 3600 : 300));
  const addToColumn = (call: ReplayedCall) => asRunColumn.add(call);
  // Counted on the as-run pass: one read of the store less than a pass of its own.
  const seen = modelsSeenCounter(pricing);
  let callCount = 0;
  let conversations = 0;
  for (const conversation of calls.byConversation()) {
    for (const call of conversation) seen.add(call);
    callCount += conversation.length;
    conversations += 1;
    if (ranOnOneHour(conversation)) oneHour.add(conversation[0]!.conversationId);
    asRun.add(conversation, addToColumn);
  }
  return {
    calls,
    callCount,
    asBilled: billedColumn(calls.inTimeOrder(), pricing),
    asRun: asRunColumn.column(),
    modelsSeen: seen.result(),
    conversations,
    oneHourConversations: oneHour.size,
    oneHour,
  };
}

/** A scope's calls as stored (the search takes them whole) and its basis. */
interface KeptBasis {
  readonly calls: readonly TraceCall[];
  readonly basis: ScopeBasis;
}

/** At most this many scopes' bases are kept per set of stored calls. */
const KEPT_BASES = 4;
const bases = new WeakMap<readonly TraceCall[], Map<string, KeptBasis>>();

/**
 * The basis of `scope`, worked out once per stored calls, scope and price
 * table: a new choice then costs one replay, not three.
 */
function basisOf(
  allCalls: readonly TraceCall[],
  pricing: PricingTable,
  scope: ReplayScope,
): KeptBasis {
  let kept = bases.get(allCalls);
  if (kept === undefined) {
    kept = new Map();
    bases.set(allCalls, kept);
  }
  const key = `${JSON.stringify(scope)}\n${JSON.stringify(pricing)}`;
  const held = kept.get(key);
  if (held !== undefined) return held;
  const calls = callsInScope(allCalls, scope);
  const basis = { calls, basis: basisFrom(rereadable(calls), pricing) };
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
  return outcomeOf(basisOf(allCalls, pricing, request.scope).basis, pricing, request.choice);
}

/**
 * `replayTraffic` of every call of `calls` (a reader's store, say) under
 * `choice`, reading them again for each figure instead of holding them:
 * only one conversation's calls are records at a time. The same figures.
 */
export function replayAllTraffic(
  calls: RereadableCalls,
  pricing: PricingTable,
  choice: ReplayPlanChoice,
): ReplayOutcome {
  return outcomeOf(basisFrom(calls, pricing), pricing, choice);
}

function outcomeOf(
  basis: ScopeBasis,
  pricing: PricingTable,
  choice: ReplayPlanChoice,
): ReplayOutcome {
  const ttl = choice.ttlSeconds;
  const hops: HopRecord[] = [];
  const conversationOrdinal = new Map<string, number>();
  let lastConversation = '';
  let index = 0;
  let startAt: number | undefined;
  const replayCol = replayColumnSum(
    pricing,
    (id) => conversationTtl(ttl, basis.oneHour.has(id)),
    (call, split) => {
      startAt ??= call.replayAt;
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
  const leftOut = replayOf(basis, pricing, choice, (call) => replayCol.add(call));
  const replay = replayCol.column();
  return {
    scopeCalls: basis.callCount,
    scopeConversations: basis.conversations,
    asBilled: basis.asBilled,
    asRun: basis.asRun,
    replay,
    leftOut: [...leftOut.unpriced].map(([model, n]) => ({ model, calls: n })),
    modelsSeen: basis.modelsSeen,
    choiceText: choiceText(choice),
    changesNothing:
      choice.ttlSeconds === null &&
      choice.model.kind === 'map' &&
      realMoves(choice.model.mapping).length === 0,
    givesUp: givesUpWords(choice, basis.modelsSeen, basis),
    timeline: { hops, totalCalls: replay.calls },
  };
}

/** The search over the replay's choices for `scope`, ranked cheapest first. */
export function searchTraffic(
  allCalls: readonly TraceCall[],
  pricing: PricingTable,
  scope: ReplayScope,
  constraints: ReplayConstraints = DEFAULT_REPLAY_CONSTRAINTS,
): ReplaySearchOutcome {
  const { calls, basis } = basisOf(allCalls, pricing, scope);
  return searchOutcome(calls, basis, pricing, constraints);
}

/**
 * `searchTraffic` of every call of `calls` (a reader's store, say), reading
 * them again for each pass instead of holding them. The same outcome.
 */
export function searchAllTraffic(
  calls: RereadableCalls,
  pricing: PricingTable,
  constraints: ReplayConstraints = DEFAULT_REPLAY_CONSTRAINTS,
): ReplaySearchOutcome {
  const inTimeOrder: Iterable<TraceCall> = {
    [Symbol.iterator]: () => calls.inTimeOrder()[Symbol.iterator](),
  };
  return searchOutcome(inTimeOrder, basisFrom(calls, pricing), pricing, constraints);
}

function searchOutcome(
  calls: Iterable<TraceCall>,
  basis: ScopeBasis,
  pricing: PricingTable,
  constraints: ReplayConstraints,
): ReplaySearchOutcome {
  const { modelsSeen } = basis;
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
    scopeCalls: basis.callCount,
    pricedCalls: basis.asBilled.calls,
    asBilledUsd: basis.asBilled.totalUsd,
    asRunUsd: basis.asRun.totalUsd,
    boundText,
    evaluated: search.evaluated,
    ranked: search.ranked.map(ranked),
    keepModels: ranked(search.keepModels),
  };
}

function listed<T extends { readonly calls: number }>(
  all: readonly T[],
): { readonly shown: readonly T[]; readonly others?: ModelsCounted } {
  if (all.length <= MAX_LISTED_REPLAY_MODELS) return { shown: all };
  const sorted = [...all].sort((a, b) => b.calls - a.calls);
  const rest = sorted.slice(MAX_LISTED_REPLAY_MODELS);
  return {
    shown: sorted.slice(0, MAX_LISTED_REPLAY_MODELS),
    others: { models: rest.length, calls: rest.reduce((sum, m) => sum + m.calls, 0) },
  };
}

/**
 * `outcome` as the page gets it: at most `MAX_LISTED_REPLAY_MODELS` left-out
 * models and models seen (most calls first), the others counted. Every
 * figure is the outcome's; only the lists of names are shortened.
 */
export function outcomeForPage(outcome: ReplayOutcome): ReplayOutcome {
  const leftOut = listed(outcome.leftOut);
  const seen = listed(outcome.modelsSeen);
  if (leftOut.others === undefined && seen.others === undefined) return outcome;
  return {
    ...outcome,
    leftOut: leftOut.shown,
    ...(leftOut.others === undefined ? {} : { leftOutOthers: leftOut.others }),
    modelsSeen: seen.shown,
    ...(seen.others === undefined ? {} : { modelsSeenOthers: seen.others }),
  };
}
