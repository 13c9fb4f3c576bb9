/**
 * What the routing lab derives from the store, outside render: each value a
 * named `computed` over `fromStore` fields and other nodes, kept while equal
 * by value. The runs themselves (the strategy's, the reference, baselines,
 * sweeps) are the engine's, whatever the conversation's size: these nodes
 * are the requests for its worker, their turns packed (`packTurns`), since
 * cloning thousands of plain turn objects per request cost the main thread
 * more than packing them.
 *
 * One idle-gap step asks for a new strategy run, new baselines and a new
 * complex-share sweep, and keeps the idle-gap sweep's request, which sets
 * every gap itself.
 */
import type { PricingTable, RoutingScenario, SimTurn } from '../../core/index.ts';
import { baselineCandidates, pricingFor, scenarioModels } from '../../domain/baselines.ts';
import { sameList, sameRecord } from '../../domain/equality.ts';
import { complexShare, sameExceptIdleGaps, typicalIdleGap } from '../../model/generate-turns.ts';
import { packTurns, type TurnsPayload } from '../../domain/packed-turns.ts';
import {
  gapSweepValues,
  sampleHops,
  SHARE_SWEEP_VALUES,
  type Conversation,
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

const hopCount = computed('routing.hopCount', () =>
  turnsOf.get().reduce((n, t) => n + t.hops.length, 0),
);

/** The turns as the worker's requests carry them, packed (see `packTurns`). */
const turnsPayload = computed('routing.turnsPayload', (): TurnsPayload => packTurns(turnsOf.get()));

/** `turnsButGaps`, as the worker's requests carry them. */
const turnsButGapsPayload = computed('routing.turnsButGapsPayload', (): TurnsPayload =>
  packTurns(turnsButGaps.get()),
);

/** Hop indices at which cumulative cost is sampled. */
export const hopSamples = computed(
  'routing.samples',
  (): readonly number[] => sampleHops(hopCount.get()),
  { isEqual: sameNumbers },
);

const systemTokens = fromStore('routing.systemTokens', (s) => s.routing.scenario.systemTokens);
const cacheTtlSeconds = fromStore('routing.cacheTtl', (s) => s.routing.scenario.cacheTtlSeconds);
const thinkingInvalidatesCache = fromStore(
  'routing.thinkingInvalidatesCache',
  (s) => s.routing.scenario.thinkingInvalidatesCache,
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
  (): BaselinesRequest['conversation'] => ({ ...conversationOf.get(), turns: turnsPayload.get() }),
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

/** What the worker needs for the complex-share sweep (it runs the reference itself). */
export const shareSweepRequest = computed('routing.shareSweepRequest', (): ShareSweepRequest => ({
  scenario: { ...scenarioOf.get(), turns: turnsPayload.get() },
  pricing: scenarioPricing.get(),
  shares: SHARE_SWEEP_VALUES,
  seed: generatorSeed.get(),
}));

/** What the worker needs for the strategy's run and the reference run. */
export const strategyRunRequest = computed(
  'routing.strategyRunRequest',
  (): StrategyRunRequest => ({
    scenario: { ...scenarioOf.get(), turns: turnsPayload.get() },
    pricing: scenarioPricing.get(),
  }),
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
