import { useDeferredValue, useMemo } from 'react';
import type { PricingTable, RoutingScenario } from '../../core/index.ts';
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
import { typicalIdleGap } from './generate.ts';
import { splitStrategy } from './strategy-edit.ts';
import { useProgressive, type ProgressiveResults } from './use-progressive.ts';

/** Hop count past which baselines and sweeps are computed only after the first paint. */
const HEAVY_HOPS = 2_000;

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
}

/** Derives the lab's results; heavy parts are memoised on their inputs and run progressively. */
export function useRoutingAnalysis(): RoutingAnalysis {
  // Deferred: an edit repaints its control at once, and the results follow in
  // a render React can interrupt if the user keeps typing or dragging.
  const scenario = useDeferredValue(useAppStore((s) => s.routing.scenario));
  const seed = useDeferredValue(useAppStore((s) => s.routing.generator.seed));
  const pricing = useDeferredValue(usePricing());
  const modelNames = useDeferredValue(useModelNames());
  const { systemTokens, cacheTtlSeconds, thinkingInvalidatesCache, turns } = scenario;

  const main = useMemo(() => trySimulate(scenario, pricing), [scenario, pricing]);
  const reference = useMemo(
    () => trySimulate(baselineScenario(scenario, scenario.defaultModel.model), pricing),
    [scenario, pricing],
  );
  const hopCount = useMemo(() => turns.reduce((n, t) => n + t.hops.length, 0), [turns]);
  const samples = useMemo(() => sampleHops(hopCount), [hopCount]);
  const mainSummary = useMemo(
    () => (main.ok ? summarise(main.result, samples) : null),
    [main, samples],
  );

  // Baselines depend on the conversation and cache rules only, not on the routing.
  const conversation = useMemo<Conversation>(
    () => ({
      systemTokens,
      turns,
      ...(cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds }),
      ...(thinkingInvalidatesCache === undefined ? {} : { thinkingInvalidatesCache }),
    }),
    [systemTokens, cacheTtlSeconds, thinkingInvalidatesCache, turns],
  );
  const baselineTasks = useMemo(
    () => modelNames.map((model) => () => baselineRun(conversation, model, pricing, samples)),
    [conversation, modelNames, pricing, samples],
  );
  // Past a few thousand hops a single run takes tens of milliseconds: leave every
  // extra run to later slices so the strategy's own totals appear at once.
  const renderBudgetMs = hopCount > HEAVY_HOPS ? 0 : 12;
  const baselines = useProgressive(baselineTasks, renderBudgetMs);

  const currentGapSeconds = useMemo(() => typicalIdleGap(turns), [turns]);
  const parts = splitStrategy(scenario.strategy);
  const stickyTtl = parts.sticky ? parts.stickyTtlSeconds : null;
  const gapValues = useMemo(
    () => gapSweepValues(cacheTtlSeconds ?? 300, stickyTtl, currentGapSeconds),
    [cacheTtlSeconds, stickyTtl, currentGapSeconds],
  );
  const gapTasks = useMemo(
    () => gapValues.map((gap) => () => gapSweepPoint(scenario, pricing, gap)),
    [gapValues, scenario, pricing],
  );
  const gapSweep = useProgressive(gapTasks, renderBudgetMs);

  const referenceUsd = reference.ok ? reference.result.totals.totalUsd : null;
  const shareTasks = useMemo(
    () =>
      SHARE_SWEEP_VALUES.map(
        (share) => () => shareSweepPoint(scenario, pricing, share, seed, referenceUsd),
      ),
    [scenario, pricing, seed, referenceUsd],
  );
  const shareSweep = useProgressive(shareTasks, renderBudgetMs);

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
  };
}
