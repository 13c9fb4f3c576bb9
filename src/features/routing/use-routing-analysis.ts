/**
 * The routing lab's results as the panel reads them, all from the engine:
 * the strategy's run, the baselines on every chosen model and the two
 * sweeps. Each is its own hook, used by the section that shows it, so an
 * answer arriving re-renders that section only.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HopRecord } from '../../core/index.ts';
import { pricedAtZero } from '../../domain/baselines.ts';
import { hopList, type HopList } from '../../domain/hop-list.ts';
import { sameBaseline, sameList, samePoint, sameRecord } from '../../domain/equality.ts';
import { packedHopList, samePackedHops, unpackHops } from '../../domain/packed-hops.ts';
import {
  SHARE_SWEEP_VALUES,
  type BaselineRow,
  type ProgressiveResults,
  type RunSummary,
  type SimOutcome,
  type SweepPoint,
} from '../../domain/routing-runs.ts';
import { fromWire, type StrategyRuns, type WireOutcome } from '../../engine/api.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import {
  baselineModels,
  baselinesRequest,
  gapSweepRequest,
  gapValues,
  shareSweepRequest,
  strategyRunRequest,
  turnLabels,
} from './derived.ts';

const sameBaselines = (a: readonly BaselineRow[], b: readonly BaselineRow[]) =>
  sameList(a, b, sameBaseline);
const samePoints = (a: readonly SweepPoint[], b: readonly SweepPoint[]) =>
  sameList(a, b, samePoint);

const NONE: readonly never[] = [];

/** The strategy's run and what is read from it, all from the same answer of the engine. */
export interface StrategyView {
  readonly main: SimOutcome;
  /**
   * The strategy's hops, read by field (null when the run failed): what the
   * timeline, its summary and the hop table read. They are the engine's
   * packed columns, never unpacked into records.
   */
  readonly hops: HopList | null;
  /** Every hop on the default model (the totals' reference). */
  readonly reference: SimOutcome;
  readonly summary: RunSummary | null;
  /** How many hops each rule chose. */
  readonly chosenBy: ReadonlyMap<string, number>;
}

/** A run from the engine, and its hops read by field (null when it failed). */
interface EngineRun {
  readonly outcome: SimOutcome;
  readonly hops: HopList | null;
}

/**
 * A run as the engine sent it, read: its hops from the packed columns
 * (`packedHopList`), unpacked into records only if something reads
 * `result.hops` (unpacking 6,000 records a step cost the main thread
 * milliseconds and the collector more).
 */
function readWire(wire: WireOutcome): EngineRun {
  if (!wire.ok || !('kind' in wire.hops)) {
    const outcome = fromWire(wire);
    return { outcome, hops: outcome.ok ? hopList(outcome.result.hops) : null };
  }
  const packed = wire.hops;
  let hops: HopRecord[] | null = null;
  return {
    outcome: {
      ok: true,
      result: {
        totals: wire.totals,
        get hops() {
          hops ??= unpackHops(packed);
          return hops;
        },
      },
    },
    hops: packedHopList(packed),
  };
}

function sameWire(a: WireOutcome, b: WireOutcome): boolean {
  if (a === b) return true;
  if (!a.ok || !b.ok) return !a.ok && !b.ok && a.field === b.field && a.message === b.message;
  if (!sameRecord(a.totals, b.totals)) return false;
  const [x, y] = [a.hops, b.hops];
  if ('kind' in x && 'kind' in y) return samePackedHops(x, y);
  if ('kind' in x || 'kind' in y) return false;
  return sameList(x, y, sameRecord);
}

/** Equal runs: compared packed, before anything is read (the summary and counts follow from them). */
const sameRuns = (a: StrategyRuns, b: StrategyRuns): boolean =>
  sameWire(a.main, b.main) && sameWire(a.reference, b.reference);

/** What the totals, the timeline, the hop table and the cumulative chart read of an answer. */
function strategyView(runs: StrategyRuns): StrategyView {
  const main = readWire(runs.main);
  return {
    main: main.outcome,
    hops: main.hops,
    reference: readWire(runs.reference).outcome,
    summary: runs.summary,
    chosenBy: runs.chosenBy,
  };
}

/** The strategy's runs as the panel reads them, and whether a newer answer is on its way. */
export interface StrategyRunsView {
  /** Null until the engine's first answer. */
  readonly view: StrategyView | null;
  readonly updating: boolean;
}

/**
 * The strategy's run, its reference and what is read from them, from the
 * engine whatever the conversation's size; while a newer run is computed,
 * the previous one stays (with `updating`).
 */
export function useStrategyRuns(): StrategyRunsView {
  const answer = useEngineQuery('strategy', 'strategyRun', useValue(strategyRunRequest), {
    isEqual: sameRuns,
    select: strategyView,
  });
  return { view: answer.value ?? null, updating: answer.updating };
}

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
  const pricing = useValue(pricingTable);
  const models = useValue(baselineModels);
  const answer = useEngineQuery('baselines', 'baselines', useValue(baselinesRequest), {
    isEqual: sameBaselines,
    startAfterPaint: true,
  });
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
  const gaps = useValue(gapValues);
  // The sweeps and baselines start once the step has painted (see `startAfterPaint`).
  const gapAnswer = useEngineQuery('sweeps', 'gapSweep', useValue(gapSweepRequest), {
    isEqual: samePoints,
    startAfterPaint: true,
  });
  const shareAnswer = useEngineQuery('sweeps', 'shareSweep', useValue(shareSweepRequest), {
    isEqual: samePoints,
    startAfterPaint: true,
  });
  return {
    gapValues: gaps,
    gapSweep: useProgress(gapAnswer.value, gaps.length),
    shareSweep: useProgress(shareAnswer.value, SHARE_SWEEP_VALUES.length),
    updating: gapAnswer.updating || shareAnswer.updating,
  };
}

/** How long new labels must hold before `useIdleLabels` starts showing them, ms. */
const IDLE_AFTER_MS = 300;

/** Labels relabelled per task: a few hundred options' text is a short task. */
export const LABELS_PER_TASK = 250;

/** Runs `task` when the browser is idle (at once where it cannot tell); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const cancel = cancelIdleCallback;
  const idle = requestIdleCallback(task, { timeout: 1_000 });
  return () => cancel(idle);
}

/**
 * `labels`, shown once they have held for a moment and the browser is idle,
 * a few hundred at a time (a task each); the previous ones until then. For what a step changes but
 * nobody reads during the step: a long conversation's turn selects relabel
 * 2,000 options each (every label shows its gap), which cost a key press
 * tens of milliseconds even in a deferred render, since the browser's work
 * on the options is not React's to interrupt; relabelled all at once, at
 * idle time, they made a task of 100–200 ms on a loaded machine, which a
 * key press arriving then waited for. Short lists (`small`) follow at once;
 * a list of another length (turns added or removed) is shown whole.
 */
export function useIdleLabels(labels: readonly string[], small: boolean): readonly string[] {
  const [shown, setShown] = useState(labels);
  // The labels being shown chunk by chunk (null: none yet, wait for them to hold).
  const target = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (small || shown === labels) {
      target.current = null;
      return undefined;
    }
    const next = () =>
      setShown((current) => {
        if (current.length !== labels.length) return labels;
        let from = 0;
        while (from < labels.length && current[from] === labels[from]) from++;
        const to = from + LABELS_PER_TASK;
        return to >= labels.length ? labels : [...labels.slice(0, to), ...current.slice(to)];
      });
    if (target.current === labels) {
      // The next chunk in a task of its own: a key press between two is handled first.
      const timer = setTimeout(next, 0);
      return () => clearTimeout(timer);
    }
    let cancel = () => {};
    const timer = setTimeout(() => {
      target.current = labels;
      cancel = whenIdle(next);
    }, IDLE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      cancel();
    };
  }, [labels, shown, small]);
  return small ? labels : shown;
}

/** Up to this many turns the turn selects relabel with the step itself. */
const LABELS_AT_ONCE = 200;

/** One label per turn for the turn selects; a long conversation's follow at idle time (`useIdleLabels`). */
export function useTurnLabels(): readonly string[] {
  const labels = useValue(turnLabels);
  return useIdleLabels(labels, labels.length <= LABELS_AT_ONCE);
}
