import { useMemo } from 'react';
import type { PricingTable, RoutingScenario, SimTurn } from '../../core/index.ts';
import { pricedAtZero } from '../../domain/baselines.ts';
import { sameBaseline, sameList, samePoint } from '../../domain/equality.ts';
import {
  SHARE_SWEEP_VALUES,
  type BaselineRow,
  type ProgressiveResults,
  type RunSummary,
  type SimOutcome,
  type SweepPoint,
} from '../../domain/routing-runs.ts';
import { useEngineResult } from '../../engine/use-engine-result.ts';
import { useDerived } from '../../state/derive.ts';
import { modelNames as modelNamesOf, pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import {
  baselineModels,
  baselinesRequest,
  currentGapSeconds,
  currentShare,
  gapSweepRequest,
  gapValues,
  hopSamples,
  mainRun,
  mainSummary,
  referenceRun,
  shareSweepRequest,
  turnsButGaps,
} from './derived.ts';

/** Everything the lab shows: the cheap results at once, the heavy ones from the engine. */
export interface RoutingAnalysis {
  readonly scenario: RoutingScenario;
  readonly pricing: PricingTable;
  /** Every model of the price table, in table order (for selects). */
  readonly modelNames: readonly string[];
  /** The models the baselines are priced for, in table order. */
  readonly baselineModels: readonly string[];
  /** The strategy's run. */
  readonly main: SimOutcome;
  /** Every hop on the default model, thinking off, no policies. */
  readonly reference: SimOutcome;
  /** Hop indices at which cumulative cost is sampled. */
  readonly samples: readonly number[];
  readonly mainSummary: RunSummary | null;
  /** One baseline per model of `baselineModels`, in that order. */
  readonly baselines: ProgressiveResults<BaselineRow>;
  readonly gapValues: readonly number[];
  readonly gapSweep: ProgressiveResults<SweepPoint>;
  readonly shareSweep: ProgressiveResults<SweepPoint>;
  /** The baselines the cumulative chart draws: those of models not priced $0 (never "the cheapest"). */
  readonly chartBaselines: ProgressiveResults<BaselineRow>;
  readonly chartModels: readonly string[];
  /** Whether newer baselines than those shown are being computed. */
  readonly baselinesUpdating: boolean;
  /** Whether newer sweeps than those shown are being computed. */
  readonly sweepsUpdating: boolean;
  /** The idle gap the conversation has now (median), seconds. */
  readonly currentGapSeconds: number;
  /** Share of the turns labelled complex now, 0–1. */
  readonly currentShare: number;
  /** The turns, kept while only the idle gaps after the first turn change. */
  readonly turnsButGaps: readonly SimTurn[];
}

const sameBaselines = (a: readonly BaselineRow[], b: readonly BaselineRow[]) =>
  sameList(a, b, sameBaseline);
const samePoints = (a: readonly SweepPoint[], b: readonly SweepPoint[]) =>
  sameList(a, b, samePoint);

const NONE: readonly never[] = [];

/**
 * The engine's latest answer as the charts read it: the same object while
 * the answer is, so a new request alone re-renders nothing (the panel shows
 * a quiet "updating…" instead). Done once every row has a result.
 */
function useProgress<T>(value: readonly T[] | undefined, count: number): ProgressiveResults<T> {
  // An answer for another number of rows (the models or the range changed) would misalign.
  const results = value !== undefined && value.length === count ? value : NONE;
  return useMemo(() => ({ results, done: results.length === count }), [results, count]);
}

/**
 * Reads the lab's results. The strategy's run, the reference and the
 * totals are derived synchronously (a few milliseconds even for a long
 * conversation); baselines and sweeps come from the engine's worker and
 * arrive after the step, the previous ones staying on screen meanwhile.
 */
export function useRoutingAnalysis(): RoutingAnalysis {
  const scenario = useAppStore((s) => s.routing.scenario);
  const pricing = useDerived(pricingTable);
  const modelNames = useDerived(modelNamesOf);
  const models = useDerived(baselineModels);
  const baselinesAnswer = useEngineResult(
    'baselines',
    'baselines',
    useDerived(baselinesRequest),
    sameBaselines,
  );
  const gapAnswer = useEngineResult('sweeps', 'gapSweep', useDerived(gapSweepRequest), samePoints);
  const shareAnswer = useEngineResult(
    'sweeps',
    'shareSweep',
    useDerived(shareSweepRequest),
    samePoints,
  );
  const gaps = useDerived(gapValues);
  const baselines = useProgress(baselinesAnswer.value, models.length);
  const gapSweep = useProgress(gapAnswer.value, gaps.length);
  const shareSweep = useProgress(shareAnswer.value, SHARE_SWEEP_VALUES.length);
  const { chartBaselines, chartModels } = useMemo(() => {
    const keep = models.map((m) => !pricedAtZero(pricing, m));
    if (keep.every(Boolean)) return { chartBaselines: baselines, chartModels: models };
    return {
      chartBaselines: {
        results: baselines.results.filter((_, i) => keep[i]),
        done: baselines.done,
      },
      chartModels: models.filter((_, i) => keep[i]),
    };
  }, [baselines, models, pricing]);
  return {
    scenario,
    pricing,
    modelNames,
    baselineModels: models,
    main: useDerived(mainRun),
    reference: useDerived(referenceRun),
    samples: useDerived(hopSamples),
    mainSummary: useDerived(mainSummary),
    baselines,
    gapValues: gaps,
    gapSweep,
    shareSweep,
    chartBaselines,
    chartModels,
    baselinesUpdating: baselinesAnswer.updating,
    sweepsUpdating: gapAnswer.updating || shareAnswer.updating,
    currentGapSeconds: useDerived(currentGapSeconds),
    currentShare: useDerived(currentShare),
    turnsButGaps: useDerived(turnsButGaps),
  };
}
