/**
 * What the routing lab derives from the store, outside render: each value a
 * `computed` memoised on its inputs, kept while equal by value. The cheap
 * ones (the strategy's run, the reference, the totals) are read directly;
 * the heavy ones (baselines, sweeps) are requests for the engine's worker.
 *
 * One idle-gap step reruns the strategy and the reference (cache warmth
 * depends on the gaps), asks for new baselines and a new complex-share
 * sweep, and keeps the idle-gap sweep, which sets every gap itself.
 *
 * A long conversation (more than `LARGE_CONVERSATION_HOPS` hops) runs the
 * strategy and the reference in the worker too (`strategyRunRequest`), and
 * its requests carry the turns packed (`packTurns`): cloning thousands of
 * plain turn objects for each request cost the main thread more than a run.
 */
import type { PricingTable, RoutingScenario, SimTurn } from '../../core/index.ts';
import { baselineCandidates, pricingFor, scenarioModels } from '../../domain/baselines.ts';
import { sameList, sameOutcome, sameRecord, sameSummary } from '../../domain/equality.ts';
import { countBy, hopList, type HopList } from '../../domain/hop-list.ts';
import { complexShare, sameExceptIdleGaps, typicalIdleGap } from '../../model/generate-turns.ts';
import { packTurns, type TurnsPayload } from '../../domain/packed-turns.ts';
import {
  baselineScenario,
  gapSweepValues,
  sampleHops,
  SHARE_SWEEP_VALUES,
  summarise,
  trySimulate,
  type Conversation,
  type RunSummary,
  type SimOutcome,
} from '../../domain/routing-runs.ts';
import type {
  BaselinesRequest,
  GapSweepRequest,
  ShareSweepRequest,
  StrategyRunRequest,
} from '../../engine/api.ts';
import { computedFromState as computed } from '../../state/derive.ts';
import { modelNames, pricingTable } from '../../state/selectors.ts';
import { splitStrategy } from './strategy-edit.ts';

const scenarioOf = computed(
  'routing.scenario',
  (s) => [s.routing.scenario] as const,
  (x) => x,
);

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean => sameList(a, b);
const sameStrings = (a: readonly string[], b: readonly string[]): boolean => sameList(a, b);

/** Same models, each with the same price row object. */
function sameTable(a: PricingTable, b: PricingTable): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameRecord(a[k] as object, b[k] as object));
}

/** The strategy's run, priced with the whole table. */
export const mainRun = computed(
  'routing.main',
  (s) => [s.routing.scenario, pricingTable.get()] as const,
  trySimulate,
  sameOutcome,
);

const hopCount = computed(
  'routing.hopCount',
  (s) => [s.routing.scenario.turns] as const,
  (turns) => turns.reduce((n, t) => n + t.hops.length, 0),
);

/**
 * Above this many hops the strategy's run and the reference run go to the
 * worker: a run of 6,000 hops and the renders it feeds took a key press well
 * past a frame. Below it they stay synchronous (a few milliseconds), so the
 * default conversation's results show with the step itself.
 */
export const LARGE_CONVERSATION_HOPS = 2_000;

/** Whether the conversation is long enough for its runs to go to the worker. */
export const largeConversation = computed(
  'routing.large',
  (s) => [hopCount.get(s)] as const,
  (count) => count > LARGE_CONVERSATION_HOPS,
);

/** The turns as the worker's requests carry them: packed for a long conversation. */
const turnsPayload = computed(
  'routing.turnsPayload',
  (s) => [s.routing.scenario.turns, largeConversation.get(s)] as const,
  (turns, large): TurnsPayload => (large ? packTurns(turns) : turns),
);

/** `turnsButGaps`, as the worker's requests carry them. */
const turnsButGapsPayload = computed(
  'routing.turnsButGapsPayload',
  (s) => [turnsButGaps.get(s), largeConversation.get(s)] as const,
  (turns, large): TurnsPayload => (large ? packTurns(turns) : turns),
);

/** Hop indices at which cumulative cost is sampled. */
export const hopSamples = computed(
  'routing.samples',
  (s) => [hopCount.get(s)] as const,
  (count): readonly number[] => sampleHops(count),
  sameNumbers,
);

/** The strategy's totals and sampled cumulative cost, kept while they are equal (an idle-gap step moves every hop's clock, often no cost). */
export const mainSummary = computed(
  'routing.mainSummary',
  (s) => [mainRun.get(s), hopSamples.get(s)] as const,
  (main, samples): RunSummary | null => (main.ok ? summarise(main.result, samples) : null),
  (a, b) => (a === null || b === null ? a === b : sameSummary(a, b)),
);

/** The parts of the scenario a baseline depends on. */
const conversationOf = computed(
  'routing.conversation',
  (s) => {
    const sc = s.routing.scenario;
    return [sc.systemTokens, sc.cacheTtlSeconds, sc.thinkingInvalidatesCache, sc.turns] as const;
  },
  (systemTokens, cacheTtlSeconds, thinkingInvalidatesCache, turns): Conversation => ({
    systemTokens,
    turns,
    ...(cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds }),
    ...(thinkingInvalidatesCache === undefined ? {} : { thinkingInvalidatesCache }),
  }),
);

/** The conversation as the baselines' request carries it. */
const conversationPayload = computed(
  'routing.conversationPayload',
  (s) => [conversationOf.get(s), turnsPayload.get(s)] as const,
  (conversation, turns): BaselinesRequest['conversation'] =>
    turns === conversation.turns ? conversation : { ...conversation, turns },
);

/** Every hop on the default model, thinking off, no policies. */
export const referenceRun = computed(
  'routing.reference',
  (s) =>
    [conversationOf.get(s), s.routing.scenario.defaultModel.model, pricingTable.get()] as const,
  (conversation, model, pricing): SimOutcome =>
    trySimulate(baselineScenario(conversation, model), pricing),
  sameOutcome,
);

/** The idle gap the conversation has now (median), seconds. */
export const currentGapSeconds = computed(
  'routing.currentGap',
  (s) => [s.routing.scenario.turns] as const,
  typicalIdleGap,
);

/** Share of the turns labelled complex now, 0–1. */
export const currentShare = computed(
  'routing.currentShare',
  (s) => [s.routing.scenario.turns] as const,
  complexShare,
);

/** The turns, kept while only the idle gaps after the first turn change. */
export const turnsButGaps = computed(
  'routing.turnsButGaps',
  (s) => [s.routing.scenario.turns] as const,
  (turns): readonly SimTurn[] => turns,
  sameExceptIdleGaps,
);

/** The strategy's hops read by field, as the timeline and the hop table read them (null: the run failed). */
export const mainHops = computed(
  'routing.mainHops',
  (s) => [mainRun.get(s)] as const,
  (main): HopList | null => (main.ok ? hopList(main.result.hops) : null),
);

/** How many hops each rule (`policy:<id>`, `resolver`, `default`) chose; kept while the counts hold. */
export const chosenBy = computed(
  'routing.chosenBy',
  (s) => [mainHops.get(s)] as const,
  (hops): ReadonlyMap<string, number> => (hops === null ? new Map() : countBy(hops, 'source')),
  (a, b) => a.size === b.size && [...a].every(([k, n]) => b.get(k) === n),
);

/** The models baselines are priced for (see `baselineCandidates`). */
export const baselineModels = computed(
  'routing.baselineModels',
  (s) => [modelNames.get(), s.routing.scenario, s.routing.baselineModels] as const,
  (names, scenario: RoutingScenario, extras): readonly string[] =>
    baselineCandidates(names, scenario, extras ?? []),
  sameStrings,
);

/** The price rows of the baselines' models: a small table to send to the worker. */
const baselinePricing = computed(
  'routing.baselinePricing',
  (s) => [pricingTable.get(), baselineModels.get(s)] as const,
  pricingFor,
  sameTable,
);

/** The price rows of the models the scenario names. */
const scenarioPricing = computed(
  'routing.scenarioPricing',
  (s) => [pricingTable.get(), s.routing.scenario] as const,
  (pricing, scenario) => pricingFor(pricing, scenarioModels(scenario)),
  sameTable,
);

/** What the worker needs for the baselines. */
export const baselinesRequest = computed(
  'routing.baselinesRequest',
  (s) =>
    [
      conversationPayload.get(s),
      baselineModels.get(s),
      baselinePricing.get(s),
      hopSamples.get(s),
    ] as const,
  (conversation, models, pricing, samples): BaselinesRequest => ({
    conversation,
    models,
    pricing,
    samples,
  }),
);

/** The idle gaps of the TTL-cliff sweep; the range moves with the current gap only past twice the TTL. */
export const gapValues = computed(
  'routing.gapValues',
  (s) => {
    const sc = s.routing.scenario;
    const parts = splitStrategy(sc.strategy);
    return [
      sc.cacheTtlSeconds ?? 300,
      parts.sticky ? parts.stickyTtlSeconds : null,
      currentGapSeconds.get(s),
    ] as const;
  },
  (ttl, stickyTtl, gap): readonly number[] => gapSweepValues(ttl, stickyTtl, gap),
  sameNumbers,
);

/** The scenario as the idle-gap sweep sees it: its gaps are the sweep's, so they do not count. */
const gapScenario = computed(
  'routing.gapScenario',
  (s) => [s.routing.scenario, turnsButGaps.get(s)] as const,
  (scenario, turns): RoutingScenario => ({ ...scenario, turns }),
  (a, b) =>
    a.turns === b.turns &&
    a.systemTokens === b.systemTokens &&
    a.cacheTtlSeconds === b.cacheTtlSeconds &&
    a.thinkingInvalidatesCache === b.thinkingInvalidatesCache &&
    a.policies === b.policies &&
    a.strategy === b.strategy &&
    a.defaultModel === b.defaultModel,
);

/** What the worker needs for the idle-gap sweep. */
export const gapSweepRequest = computed(
  'routing.gapSweepRequest',
  (s) =>
    [
      gapScenario.get(s),
      turnsButGapsPayload.get(s),
      scenarioPricing.get(s),
      gapValues.get(s),
    ] as const,
  (scenario, turns, pricing, values): GapSweepRequest => ({
    scenario: { ...scenario, turns },
    pricing,
    gapValues: values,
  }),
);

/**
 * What the worker needs for the complex-share sweep. A long conversation's
 * reference run is the worker's too: the request then leaves its total out.
 */
export const shareSweepRequest = computed(
  'routing.shareSweepRequest',
  (s) => {
    const large = largeConversation.get(s);
    const reference = large ? null : referenceRun.get(s);
    return [
      scenarioOf.get(s),
      turnsPayload.get(s),
      scenarioPricing.get(s),
      s.routing.generator.seed,
      reference === null ? undefined : reference.ok ? reference.result.totals.totalUsd : null,
    ] as const;
  },
  (scenario, turns, pricing, seed, baselineUsd): ShareSweepRequest => ({
    scenario: { ...scenario, turns },
    pricing,
    shares: SHARE_SWEEP_VALUES,
    seed,
    ...(baselineUsd === undefined ? {} : { baselineUsd }),
  }),
);

/** The turns each strategy-run request was made for (what its hops' forced tools are read from). */
const requestTurns = new WeakMap<StrategyRunRequest, readonly SimTurn[]>();

/** The turns the run answering `request` walked (their gaps may be older). */
export function turnsOfRequest(request: StrategyRunRequest): readonly SimTurn[] | undefined {
  return requestTurns.get(request);
}

/** What the worker needs for a long conversation's strategy and reference runs (null: they run here). */
export const strategyRunRequest = computed(
  'routing.strategyRunRequest',
  (s) => {
    const large = largeConversation.get(s);
    return [
      large ? scenarioOf.get(s) : null,
      large ? turnsPayload.get(s) : null,
      large ? turnsButGaps.get(s) : null,
      large ? scenarioPricing.get(s) : null,
    ] as const;
  },
  (scenario, turns, plainTurns, pricing): StrategyRunRequest | null => {
    if (scenario === null || turns === null || plainTurns === null || pricing === null) return null;
    const request = { scenario: { ...scenario, turns }, pricing };
    requestTurns.set(request, plainTurns);
    return request;
  },
);

/** A short conversation's runs, the values the totals and the charts read (null: in the worker). */
export const syncRuns = computed(
  'routing.syncRuns',
  (s) => {
    const small = !largeConversation.get(s);
    return [
      small ? mainRun.get(s) : null,
      small ? mainHops.get(s) : null,
      small ? referenceRun.get(s) : null,
      small ? mainSummary.get(s) : null,
      small ? chosenBy.get(s) : null,
      small ? turnsButGaps.get(s) : null,
    ] as const;
  },
  (main, hops, reference, summary, counts, turns) =>
    main === null || reference === null || counts === null || turns === null
      ? null
      : { main, hops, reference, summary, chosenBy: counts, turns },
);

function describeTurn(turn: SimTurn, i: number): string {
  return `Turn ${i + 1}: ${turn.complexity}, ${turn.hops.length} hop${turn.hops.length === 1 ? '' : 's'}, gap ${turn.gapSeconds} s`;
}

/** One label per turn for the turn selects (each shows the turn's gap). */
export const turnLabels = computed(
  'routing.turnLabels',
  (s) => [s.routing.scenario.turns] as const,
  (turns): readonly string[] => turns.map(describeTurn),
  sameStrings,
);

/** Turns, hops and the complex share, for the conversation's size line. */
export const conversationSize = computed(
  'routing.conversationSize',
  (s) => [s.routing.scenario.turns.length, hopCount.get(s), currentShare.get(s)] as const,
  (turnCount, hops, share) => ({ turnCount, hops, share }),
);

/** The idle-gap slider's value (the median gap) and the range of the gaps after the first turn. */
export const idleGapSummary = computed(
  'routing.idleGapSummary',
  (s) => [s.routing.scenario.turns, currentGapSeconds.get(s)] as const,
  (turns, idleGap) => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 1; i < turns.length; i++) {
      const gap = (turns[i] as SimTurn).gapSeconds;
      if (gap < min) min = gap;
      if (gap > max) max = gap;
    }
    return { idleGap, gapRange: min < max ? { min, max } : null };
  },
  (a, b) =>
    a.idleGap === b.idleGap &&
    (a.gapRange === null || b.gapRange === null
      ? a.gapRange === b.gapRange
      : a.gapRange.min === b.gapRange.min && a.gapRange.max === b.gapRange.max),
);
