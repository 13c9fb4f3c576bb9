/**
 * The routing lab's heavy results, read from the engine: baselines on every
 * chosen model, and the two sweeps. Each is its own hook, used by the
 * section that shows it, so an answer arriving re-renders that section only.
 * The cheap results (the strategy's run, the reference, the totals) are
 * computeds in `derived.ts`, read where they are shown.
 */
import { useMemo } from 'react';
import { pricedAtZero } from '../../domain/baselines.ts';
import { sameBaseline, sameList, samePoint } from '../../domain/equality.ts';
import {
  SHARE_SWEEP_VALUES,
  type BaselineRow,
  type ProgressiveResults,
  type SweepPoint,
} from '../../domain/routing-runs.ts';
import { useEngineResult } from '../../engine/use-engine-result.ts';
import { useDerived } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import {
  baselineModels,
  baselinesRequest,
  gapSweepRequest,
  gapValues,
  shareSweepRequest,
} from './derived.ts';

const sameBaselines = (a: readonly BaselineRow[], b: readonly BaselineRow[]) =>
  sameList(a, b, sameBaseline);
const samePoints = (a: readonly SweepPoint[], b: readonly SweepPoint[]) =>
  sameList(a, b, samePoint);

const NONE: readonly never[] = [];

/**
 * The engine's latest answer as the charts read it: the same object while
 * the answer is, so a new request alone re-renders no chart (the section
 * shows a quiet "updating…" instead). Done once every row has a result.
 */
function useProgress<T>(value: readonly T[] | undefined, count: number): ProgressiveResults<T> {
  // An answer for another number of rows (the models or the range changed) would misalign.
  const results = value !== undefined && value.length === count ? value : NONE;
  return useMemo(() => ({ results, done: results.length === count }), [results, count]);
}

export interface BaselinesView {
  /** The models the baselines are priced for, in table order. */
  readonly models: readonly string[];
  /** One baseline per model of `models`, in that order. */
  readonly baselines: ProgressiveResults<BaselineRow>;
  /** What the cumulative chart draws: the models not priced $0 (never "the cheapest"). */
  readonly chartModels: readonly string[];
  readonly chartBaselines: ProgressiveResults<BaselineRow>;
  /** Whether newer baselines than those shown are being computed. */
  readonly updating: boolean;
}

/** Every-hop baselines of the chosen models, from the engine. */
export function useBaselines(): BaselinesView {
  const pricing = useDerived(pricingTable);
  const models = useDerived(baselineModels);
  const answer = useEngineResult(
    'baselines',
    'baselines',
    useDerived(baselinesRequest),
    sameBaselines,
  );
  const baselines = useProgress(answer.value, models.length);
  const chart = useMemo(() => {
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
  return { models, baselines, ...chart, updating: answer.updating };
}

export interface SweepsView {
  readonly gapValues: readonly number[];
  readonly gapSweep: ProgressiveResults<SweepPoint>;
  readonly shareSweep: ProgressiveResults<SweepPoint>;
  /** Whether newer sweeps than those shown are being computed. */
  readonly updating: boolean;
}

/** The idle-gap and complex-share sweeps, from the engine. */
export function useSweeps(): SweepsView {
  const gaps = useDerived(gapValues);
  const gapAnswer = useEngineResult('sweeps', 'gapSweep', useDerived(gapSweepRequest), samePoints);
  const shareAnswer = useEngineResult(
    'sweeps',
    'shareSweep',
    useDerived(shareSweepRequest),
    samePoints,
  );
  return {
    gapValues: gaps,
    gapSweep: useProgress(gapAnswer.value, gaps.length),
    shareSweep: useProgress(shareAnswer.value, SHARE_SWEEP_VALUES.length),
    updating: gapAnswer.updating || shareAnswer.updating,
  };
}
