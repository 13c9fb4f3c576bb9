import { useMemo } from 'react';
import type { PricingTable, RoutingScenario, SimTurn } from '../../core/index.ts';
import { useModelNames, usePricing } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import {
  baselineRun,
  baselineScenario,
  gapSweepPoint,
  gapSweepValues,
  sampleHops,
  shareSweepPoint,
  SHARE_SWEEP_VALUES,
  summarise,
  trySimulate,
  type BaselineRow,
  type Conversation,
  type RunSummary,
  type SimOutcome,
  type SweepPoint,
} from './analysis.ts';
import { complexShare, sameExceptIdleGaps, typicalIdleGap } from './generate.ts';
import {
  sameBaseline,
  sameOutcome,
  samePoint,
  sameProgress,
  sameSummary,
} from './result-equality.ts';
import { splitStrategy } from './strategy-edit.ts';
import { useProgressive, type ProgressiveResults } from './use-progressive.ts';
import { useDeferredWhen } from './use-deferred-when.ts';
import { useStable } from './use-stable.ts';

/** Hop count past which baselines and sweeps are computed only after the first paint. */
const HEAVY_HOPS = 2_000;
/**
 * Work (hops × runs) a group of runs may take during a render, all at once:
 * a few milliseconds, so the results of one edit appear complete in the
 * next frame instead of a slice at a time. Larger groups run progressively.
 */
const SYNC_HOP_RUNS = 8_000;

/** Render budget of a group of `runs` simulations of `hopCount` hops each, ms. */
function budgetFor(hopCount: number, runs: number): number {
  if (hopCount * runs <= SYNC_HOP_RUNS) return Infinity;
  // Past a few thousand hops a single run takes several milliseconds: leave
  // every extra run to later slices so the strategy's own totals appear at once.
  return hopCount > HEAVY_HOPS ? 0 : 12;
}

/**
 * Work (hops × runs) that an edit's results may take to render together with
 * the edit: about two milliseconds of simulation.
 */
const INLINE_HOP_RUNS = 3_000;

/** Runs one edit of the conversation reprices: the strategy, the reference, a baseline per model and the share sweep. */
const runsPerEdit = (models: number): number => 2 + models + SHARE_SWEEP_VALUES.length;

const countHops = (turns: RoutingScenario['turns']): number =>
  turns.reduce((n, t) => n + t.hops.length, 0);

const sameBaselines = sameProgress(sameBaseline);
const samePoints = sameProgress(samePoint);

const sameSummaryOrNull = (a: RunSummary | null, b: RunSummary | null): boolean =>
  a === null || b === null ? a === b : sameSummary(a, b);

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Everything the lab shows, derived from the store's inputs by the core. */
export interface RoutingAnalysis {
  readonly scenario: RoutingScenario;
  readonly pricing: PricingTable;
  readonly modelNames: readonly string[];
  /** The strategy's run. */
  readonly main: SimOutcome;
  /** Every hop on the default model, thinking off, no policies. */
  readonly reference: SimOutcome;
  /** Hop indices at which cumulative cost is sampled. */
  readonly samples: readonly number[];
  readonly mainSummary: RunSummary | null;
  /** One baseline per model of the price table, in table order. */
  readonly baselines: ProgressiveResults<BaselineRow>;
  readonly gapValues: readonly number[];
  readonly gapSweep: ProgressiveResults<SweepPoint>;
  readonly shareSweep: ProgressiveResults<SweepPoint>;
  /** The idle gap the conversation has now (median), seconds. */
  readonly currentGapSeconds: number;
  /** Share of the turns labelled complex now, 0–1. */
  readonly currentShare: number;
  /**
   * The turns, kept while only the idle gaps after the first turn change: for
   * views that never read those gaps (the forced tools in the timeline).
   */
  readonly turnsButGaps: readonly SimTurn[];
}

/**
 * Derives the lab's results. Each part is memoised on the inputs it depends
 * on, so that one edit reruns only what it changes: an idle-gap step reruns
 * the strategy, the baselines and the complex-share sweep (cache warmth
 * depends on the gaps) but not the idle-gap sweep, which sets every gap
 * itself. A small conversation's results are computed in one go, in the
 * same render as the edit; a large one's in a deferred render, progressively.
 */
export function useRoutingAnalysis(): RoutingAnalysis {
  const live = {
    scenario: useAppStore((s) => s.routing.scenario),
    seed: useAppStore((s) => s.routing.generator.seed),
    pricing: usePricing(),
    modelNames: useModelNames(),
  };
  const liveHops = useMemo(() => countHops(live.scenario.turns), [live.scenario.turns]);
  // A small conversation's results render with the edit itself: all of it
  // takes a few milliseconds, and a deferred render would reach the screen a
  // frame after the control. A larger one's follow in a deferred render that
  // React can interrupt, so the control never waits for them.
  const inline = liveHops * runsPerEdit(live.modelNames.length) <= INLINE_HOP_RUNS;
  const scenario = useDeferredWhen(live.scenario, !inline);
  const seed = useDeferredWhen(live.seed, !inline);
  const pricing = useDeferredWhen(live.pricing, !inline);
  const modelNames = useDeferredWhen(live.modelNames, !inline);
  const {
    systemTokens,
    cacheTtlSeconds,
    thinkingInvalidatesCache,
    turns,
    policies,
    strategy,
    defaultModel,
  } = scenario;
  const defaultModelName = defaultModel.model;

  // Results equal by value keep their identity (see result-equality.ts).
  const main = useStable(
    useMemo(() => trySimulate(scenario, pricing), [scenario, pricing]),
    sameOutcome,
  );
  const hopCount = useMemo(() => countHops(turns), [turns]);
  const samples = useMemo(() => sampleHops(hopCount), [hopCount]);
  // Kept while the cumulative costs are equal: an idle-gap step changes every
  // hop's clock (so `main`) but often no cost.
  const mainSummary = useStable(
    useMemo(() => (main.ok ? summarise(main.result, samples) : null), [main, samples]),
    sameSummaryOrNull,
  );

  // The reference and the baselines depend on the conversation and cache rules only, not on the routing.
  const conversation = useMemo<Conversation>(
    () => ({
      systemTokens,
      turns,
      ...(cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds }),
      ...(thinkingInvalidatesCache === undefined ? {} : { thinkingInvalidatesCache }),
    }),
    [systemTokens, cacheTtlSeconds, thinkingInvalidatesCache, turns],
  );
  const reference = useStable(
    useMemo(
      () => trySimulate(baselineScenario(conversation, defaultModelName), pricing),
      [conversation, defaultModelName, pricing],
    ),
    sameOutcome,
  );
  const baselineTasks = useMemo(
    () => modelNames.map((model) => () => baselineRun(conversation, model, pricing, samples)),
    [conversation, modelNames, pricing, samples],
  );
  const baselines = useStable(
    useProgressive(baselineTasks, budgetFor(hopCount, baselineTasks.length)),
    sameBaselines,
  );

  const currentGapSeconds = useMemo(() => typicalIdleGap(turns), [turns]);
  const currentShare = useMemo(() => complexShare(turns), [turns]);
  const parts = splitStrategy(strategy);
  const stickyTtl = parts.sticky ? parts.stickyTtlSeconds : null;
  // The range moves with the current gap only once it passes twice the TTL.
  const gapValues = useStable(
    useMemo(
      () => gapSweepValues(cacheTtlSeconds ?? 300, stickyTtl, currentGapSeconds),
      [cacheTtlSeconds, stickyTtl, currentGapSeconds],
    ),
    sameNumbers,
  );
  // The idle-gap sweep overrides every gap after the first turn: while only
  // those gaps change, it keeps the turns it was computed for, and its points.
  const sweepTurns = useStable(turns, sameExceptIdleGaps);
  const gapScenario = useMemo<RoutingScenario>(
    () => ({
      systemTokens,
      ...(cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds }),
      ...(thinkingInvalidatesCache === undefined ? {} : { thinkingInvalidatesCache }),
      policies,
      strategy,
      defaultModel,
      turns: sweepTurns,
    }),
    [
      systemTokens,
      cacheTtlSeconds,
      thinkingInvalidatesCache,
      policies,
      strategy,
      defaultModel,
      sweepTurns,
    ],
  );
  // Points by gap, kept while the scenario they were priced for holds, so
  // that a sweep whose range moves reuses the gaps it has seen.
  const gapCache = useMemo(
    () => ({ scenario: gapScenario, pricing, points: new Map<number, SweepPoint>() }),
    [gapScenario, pricing],
  );
  const gapTasks = useMemo(
    () =>
      gapValues.map((gap) => () => {
        let point = gapCache.points.get(gap);
        if (point === undefined) {
          point = gapSweepPoint(gapCache.scenario, gapCache.pricing, gap);
          gapCache.points.set(gap, point);
        }
        return point;
      }),
    [gapValues, gapCache],
  );
  // Two runs (strategy and baseline) per gap not priced yet.
  const unpriced = gapValues.filter((gap) => !gapCache.points.has(gap)).length;
  const gapSweep = useProgressive(gapTasks, budgetFor(hopCount, 2 * unpriced));

  const referenceUsd = reference.ok ? reference.result.totals.totalUsd : null;
  const shareTasks = useMemo(
    () =>
      SHARE_SWEEP_VALUES.map(
        (share) => () => shareSweepPoint(scenario, pricing, share, seed, referenceUsd),
      ),
    [scenario, pricing, seed, referenceUsd],
  );
  const shareSweep = useStable(
    useProgressive(shareTasks, budgetFor(hopCount, shareTasks.length)),
    samePoints,
  );

  return {
    scenario,
    pricing,
    modelNames,
    main,
    reference,
    samples,
    mainSummary,
    baselines,
    gapValues,
    gapSweep,
    shareSweep,
    currentGapSeconds,
    currentShare,
    turnsButGaps: sweepTurns,
  };
}
