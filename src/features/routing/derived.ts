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
 * Each node reads the store's fields through `fromStore` and other nodes.
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
import { computed, fromStore } from '../../state/derive.ts';
import { modelNames, pricingTable } from '../../state/selectors.ts';
import { splitStrategy } from './strategy-edit.ts';

const scenarioOf = fromStore('routing.scenario', (s) => s.routing.scenario);
const turnsOf = fromStore('routing.turns', (s) => s.routing.scenario.turns);
const generatorSeed = fromStore('routing.seed', (s) => s.routing.generator.seed);
const extraBaselineModels = fromStore(
  'routing.extraBaselineModels',
  (s) => s.routing.baselineModels,
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
  () => trySimulate(scenarioOf.get(), pricingTable.get()),
  { isEqual: sameOutcome },
);

const hopCount = computed('routing.hopCount', () =>
  turnsOf.get().reduce((n, t) => n + t.hops.length, 0),
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
  () => hopCount.get() > LARGE_CONVERSATION_HOPS,
);

/** The turns as the worker's requests carry them: packed for a long conversation. */
const turnsPayload = computed('routing.turnsPayload', (): TurnsPayload => {
  const turns = turnsOf.get();
  return largeConversation.get() ? packTurns(turns) : turns;
});

/** `turnsButGaps`, as the worker's requests carry them. */
const turnsButGapsPayload = computed('routing.turnsButGapsPayload', (): TurnsPayload => {
  const turns = turnsButGaps.get();
  return largeConversation.get() ? packTurns(turns) : turns;
});

/** Hop indices at which cumulative cost is sampled. */
export const hopSamples = computed(
  'routing.samples',
  (): readonly number[] => sampleHops(hopCount.get()),
  { isEqual: sameNumbers },
);

/** The strategy's totals and sampled cumulative cost, kept while they are equal (an idle-gap step moves every hop's clock, often no cost). */
export const mainSummary = computed(
  'routing.mainSummary',
  (): RunSummary | null => {
    const main = mainRun.get();
    return main.ok ? summarise(main.result, hopSamples.get()) : null;
  },
  { isEqual: (a, b) => (a === null || b === null ? a === b : sameSummary(a, b)) },
);

const systemTokens = fromStore('routing.systemTokens', (s) => s.routing.scenario.systemTokens);
const cacheTtlSeconds = fromStore('routing.cacheTtl', (s) => s.routing.scenario.cacheTtlSeconds);
const thinkingInvalidatesCache = fromStore(
  'routing.thinkingInvalidatesCache',
  (s) => s.routing.scenario.thinkingInvalidatesCache,
);
const defaultModelName = fromStore(
  'routing.defaultModel',
  (s) => s.routing.scenario.defaultModel.model,
);

/** The parts of the scenario a baseline depends on. */
const conversationOf = computed('routing.conversation', (): Conversation => {
  const ttl = cacheTtlSeconds.get();
  const invalidates = thinkingInvalidatesCache.get();
  return {
    systemTokens: systemTokens.get(),
    turns: turnsOf.get(),
    ...(ttl === undefined ? {} : { cacheTtlSeconds: ttl }),
    ...(invalidates === undefined ? {} : { thinkingInvalidatesCache: invalidates }),
  };
});

/** The conversation as the baselines' request carries it. */
const conversationPayload = computed(
  'routing.conversationPayload',
  (): BaselinesRequest['conversation'] => {
    const conversation = conversationOf.get();
    const turns = turnsPayload.get();
    return turns === conversation.turns ? conversation : { ...conversation, turns };
  },
);

/** Every hop on the default model, thinking off, no policies. */
export const referenceRun = computed(
  'routing.reference',
  (): SimOutcome =>
    trySimulate(baselineScenario(conversationOf.get(), defaultModelName.get()), pricingTable.get()),
  { isEqual: sameOutcome },
);

/** The idle gap the conversation has now (median), seconds. */
export const currentGapSeconds = computed('routing.currentGap', () =>
  typicalIdleGap(turnsOf.get()),
);

/** Share of the turns labelled complex now, 0–1. */
export const currentShare = computed('routing.currentShare', () => complexShare(turnsOf.get()));

/** The turns, kept while only the idle gaps after the first turn change. */
export const turnsButGaps = computed(
  'routing.turnsButGaps',
  (): readonly SimTurn[] => turnsOf.get(),
  { isEqual: sameExceptIdleGaps },
);

/** The strategy's hops read by field, as the timeline and the hop table read them (null: the run failed). */
export const mainHops = computed('routing.mainHops', (): HopList | null => {
  const main = mainRun.get();
  return main.ok ? hopList(main.result.hops) : null;
});

/** How many hops each rule (`policy:<id>`, `resolver`, `default`) chose; kept while the counts hold. */
export const chosenBy = computed(
  'routing.chosenBy',
  (): ReadonlyMap<string, number> => {
    const hops = mainHops.get();
    return hops === null ? new Map() : countBy(hops, 'source');
  },
  { isEqual: (a, b) => a.size === b.size && [...a].every(([k, n]) => b.get(k) === n) },
);

/** The models baselines are priced for (see `baselineCandidates`). */
export const baselineModels = computed(
  'routing.baselineModels',
  (): readonly string[] =>
    baselineCandidates(modelNames.get(), scenarioOf.get(), extraBaselineModels.get() ?? []),
  { isEqual: sameStrings },
);

/** The price rows of the baselines' models: a small table to send to the worker. */
const baselinePricing = computed(
  'routing.baselinePricing',
  () => pricingFor(pricingTable.get(), baselineModels.get()),
  { isEqual: sameTable },
);

/** The price rows of the models the scenario names. */
const scenarioPricing = computed(
  'routing.scenarioPricing',
  () => pricingFor(pricingTable.get(), scenarioModels(scenarioOf.get())),
  { isEqual: sameTable },
);

/** What the worker needs for the baselines. */
export const baselinesRequest = computed('routing.baselinesRequest', (): BaselinesRequest => ({
  conversation: conversationPayload.get(),
  models: baselineModels.get(),
  pricing: baselinePricing.get(),
  samples: hopSamples.get(),
}));

const strategyOf = fromStore('routing.strategy', (s) => s.routing.scenario.strategy);

/** The idle gaps of the TTL-cliff sweep; the range moves with the current gap only past twice the TTL. */
export const gapValues = computed(
  'routing.gapValues',
  (): readonly number[] => {
    const parts = splitStrategy(strategyOf.get());
    return gapSweepValues(
      cacheTtlSeconds.get() ?? 300,
      parts.sticky ? parts.stickyTtlSeconds : null,
      currentGapSeconds.get(),
    );
  },
  { isEqual: sameNumbers },
);

/** The scenario as the idle-gap sweep sees it: its gaps are the sweep's, so they do not count. */
const gapScenario = computed(
  'routing.gapScenario',
  (): RoutingScenario => ({ ...scenarioOf.get(), turns: turnsButGaps.get() }),
  {
    isEqual: (a, b) =>
      a.turns === b.turns &&
      a.systemTokens === b.systemTokens &&
      a.cacheTtlSeconds === b.cacheTtlSeconds &&
      a.thinkingInvalidatesCache === b.thinkingInvalidatesCache &&
      a.policies === b.policies &&
      a.strategy === b.strategy &&
      a.defaultModel === b.defaultModel,
  },
);

/** What the worker needs for the idle-gap sweep. */
export const gapSweepRequest = computed('routing.gapSweepRequest', (): GapSweepRequest => ({
  scenario: { ...gapScenario.get(), turns: turnsButGapsPayload.get() },
  pricing: scenarioPricing.get(),
  gapValues: gapValues.get(),
}));

/** The reference run's total the share sweep is measured against (undefined: the worker runs it). */
const referenceUsd = computed('routing.referenceUsd', (): number | null | undefined => {
  if (largeConversation.get()) return undefined;
  const reference = referenceRun.get();
  return reference.ok ? reference.result.totals.totalUsd : null;
});

/**
 * What the worker needs for the complex-share sweep. A long conversation's
 * reference run is the worker's too: the request then leaves its total out.
 */
export const shareSweepRequest = computed('routing.shareSweepRequest', (): ShareSweepRequest => {
  const baselineUsd = referenceUsd.get();
  return {
    scenario: { ...scenarioOf.get(), turns: turnsPayload.get() },
    pricing: scenarioPricing.get(),
    shares: SHARE_SWEEP_VALUES,
    seed: generatorSeed.get(),
    ...(baselineUsd === undefined ? {} : { baselineUsd }),
  };
});

/** What the worker needs for a long conversation's strategy and reference runs (null: they run here). */
export const strategyRunRequest = computed(
  'routing.strategyRunRequest',
  (): StrategyRunRequest | null =>
    largeConversation.get()
      ? {
          scenario: { ...scenarioOf.get(), turns: turnsPayload.get() },
          pricing: scenarioPricing.get(),
        }
      : null,
);

/** A short conversation's runs, the values the totals and the charts read (null: in the worker). */
export const syncRuns = computed(
  'routing.syncRuns',
  () =>
    largeConversation.get()
      ? null
      : {
          main: mainRun.get(),
          hops: mainHops.get(),
          reference: referenceRun.get(),
          summary: mainSummary.get(),
          chosenBy: chosenBy.get(),
          turns: turnsButGaps.get(),
        },
  {
    isEqual: (a, b) =>
      a === null || b === null
        ? a === b
        : a.main === b.main &&
          a.hops === b.hops &&
          a.reference === b.reference &&
          a.summary === b.summary &&
          a.chosenBy === b.chosenBy &&
          a.turns === b.turns,
  },
);

function describeTurn(turn: SimTurn, i: number): string {
  return `Turn ${i + 1}: ${turn.complexity}, ${turn.hops.length} hop${turn.hops.length === 1 ? '' : 's'}, gap ${turn.gapSeconds} s`;
}

/** One label per turn for the turn selects (each shows the turn's gap). */
export const turnLabels = computed(
  'routing.turnLabels',
  (): readonly string[] => turnsOf.get().map(describeTurn),
  { isEqual: sameStrings },
);

/** Turns, hops and the complex share, for the conversation's size line. */
export const conversationSize = computed(
  'routing.conversationSize',
  () => ({ turnCount: turnsOf.get().length, hops: hopCount.get(), share: currentShare.get() }),
  {
    isEqual: (a, b) => a.turnCount === b.turnCount && a.hops === b.hops && a.share === b.share,
  },
);

/** The idle-gap slider's value (the median gap) and the range of the gaps after the first turn. */
export const idleGapSummary = computed(
  'routing.idleGapSummary',
  () => {
    const turns = turnsOf.get();
    let min = Infinity;
    let max = -Infinity;
    for (let i = 1; i < turns.length; i++) {
      const gap = (turns[i] as SimTurn).gapSeconds;
      if (gap < min) min = gap;
      if (gap > max) max = gap;
    }
    return { idleGap: currentGapSeconds.get(), gapRange: min < max ? { min, max } : null };
  },
  {
    isEqual: (a, b) =>
      a.idleGap === b.idleGap &&
      (a.gapRange === null || b.gapRange === null
        ? a.gapRange === b.gapRange
        : a.gapRange.min === b.gapRange.min && a.gapRange.max === b.gapRange.max),
  },
);
