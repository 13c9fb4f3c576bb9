/**
 * What the routing lab derives from a scenario, all by calling the core's
 * `simulateRouting` (SPEC §5): the strategy's run, the every-hop baselines,
 * cumulative cost sampled for charts, and the two sensitivity sweeps. Pure.
 */
import {
  InvalidInputError,
  simulateRouting,
  type PricingTable,
  type RoutingScenario,
  type SimResult,
  type SimTotals,
} from '../core/index.ts';
import { relabelComplexity, withIdleGap } from '../model/generate-turns.ts';
import { hopList, type HopColumns } from './hop-list.ts';

/** A simulation's result, or the reason it could not run (the field the core named). */
export type SimOutcome =
  | { readonly ok: true; readonly result: SimResult }
  | { readonly ok: false; readonly field: string | null; readonly message: string };

/** Runs the core's simulation, turning a rejected input into a message instead of a crash. */
export function trySimulate(scenario: RoutingScenario, pricing: PricingTable): SimOutcome {
  try {
    return { ok: true, result: simulateRouting(scenario, pricing) };
  } catch (error) {
    if (error instanceof InvalidInputError)
      return { ok: false, field: error.field, message: error.message };
    return {
      ok: false,
      field: null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The parts of a scenario a baseline depends on: the conversation and the cache rules. */
export type Conversation = Pick<
  RoutingScenario,
  'systemTokens' | 'cacheTtlSeconds' | 'thinkingInvalidatesCache' | 'turns'
>;

/**
 * The same conversation with every hop on `model`, thinking off, and no
 * policies: the baseline a routing setup is compared with.
 */
export function baselineScenario(conversation: Conversation, model: string): RoutingScenario {
  const config = { model, thinking: false };
  return {
    ...conversation,
    policies: [],
    strategy: { kind: 'fixed', model: config },
    defaultModel: config,
  };
}

/** Most points a line chart over the conversation draws. */
export const MAX_CHART_POINTS = 300;

/**
 * Hop indices (from 0) at which cumulative cost is sampled: every hop for
 * short conversations, else evenly spaced ones always ending at the last hop.
 */
export function sampleHops(hopCount: number, maxPoints = MAX_CHART_POINTS): number[] {
  if (hopCount <= maxPoints) return Array.from({ length: hopCount }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < maxPoints; k++) out.push(Math.round(((k + 1) * hopCount) / maxPoints) - 1);
  return out;
}

/** A run reduced to what the charts need: its totals and its sampled cumulative cost, USD. */
export interface RunSummary {
  readonly totals: SimTotals;
  readonly cumulativeUsd: readonly number[];
}

/** Totals and cumulative cost at the sampled hops. */
export function summarise(result: SimResult, samples: readonly number[]): RunSummary {
  return summariseHops(result.totals, hopList(result.hops), samples);
}

/**
 * `summarise` over a run's hops read by field (a packed run as the engine
 * sends it): the same sums, hop by hop in hop order.
 */
export function summariseHops(
  totals: SimTotals,
  hops: HopColumns<'totalUsd'>,
  samples: readonly number[],
): RunSummary {
  const totalUsd = hops.number('totalUsd');
  const cumulative: number[] = [];
  let running = 0;
  let next = 0;
  for (let i = 0; i < hops.length; i++) {
    running += totalUsd(i);
    while (next < samples.length && samples[next] === i) {
      cumulative.push(running);
      next++;
    }
  }
  return { totals, cumulativeUsd: cumulative };
}

/**
 * A list of results that may still be on its way: `results[i]` is the i-th
 * task's result, `undefined` while not computed; `done` once every one is.
 */
export interface ProgressiveResults<T> {
  readonly results: readonly (T | undefined)[];
  readonly done: boolean;
}

/** One model's every-hop baseline, or why it could not be priced. */
export type BaselineRow =
  | { readonly model: string; readonly ok: true; readonly run: RunSummary }
  | { readonly model: string; readonly ok: false; readonly message: string };

/** Runs the baseline of `model` and reduces it for the charts. */
export function baselineRun(
  conversation: Conversation,
  model: string,
  pricing: PricingTable,
  samples: readonly number[],
): BaselineRow {
  const outcome = trySimulate(baselineScenario(conversation, model), pricing);
  return outcome.ok
    ? { model, ok: true, run: summarise(outcome.result, samples) }
    : { model, ok: false, message: outcome.message };
}

/** Number of idle-gap values in the TTL-cliff sweep. */
export const GAP_SWEEP_POINTS = 30;

/**
 * Idle gaps for the sweep, seconds: 30 evenly spaced values from 0 to a bit
 * past twice the longest TTL in play (cache or sticky) or the current gap,
 * whichever is larger, so the cliff sits in the middle.
 */
export function gapSweepValues(
  cacheTtlSeconds: number,
  stickyTtlSeconds: number | null,
  currentGapSeconds: number,
): number[] {
  const longest = Math.max(cacheTtlSeconds, stickyTtlSeconds ?? 0, 30);
  const top = Math.max(2.2 * longest, currentGapSeconds * 1.1);
  const step = top / (GAP_SWEEP_POINTS - 1);
  return Array.from({ length: GAP_SWEEP_POINTS }, (_, i) => Math.round(i * step));
}

/** Complex-turn shares of the second sweep, 0–1. */
export const SHARE_SWEEP_VALUES: readonly number[] = Array.from({ length: 11 }, (_, i) => i / 10);

/** A point of a sweep: the strategy's and the baseline's totals (null where a run failed). */
export interface SweepPoint {
  readonly x: number;
  readonly strategyUsd: number | null;
  readonly baselineUsd: number | null;
}

/** The strategy and the default model's baseline with every idle gap set to `gapSeconds`. */
export function gapSweepPoint(
  scenario: RoutingScenario,
  pricing: PricingTable,
  gapSeconds: number,
): SweepPoint {
  const turns = withIdleGap(scenario.turns, gapSeconds);
  return pointFor({ ...scenario, turns }, pricing, gapSeconds);
}

/**
 * The strategy with `share` of the turns complex, chosen by the seeded order
 * (raising the share only adds complex turns). The baseline runs every hop on
 * one model without policies, so complexity cannot change it: the caller
 * passes it in rather than pay for the same run eleven times.
 */
export function shareSweepPoint(
  scenario: RoutingScenario,
  pricing: PricingTable,
  share: number,
  seed: number,
  baselineUsd: number | null,
): SweepPoint {
  const turns = relabelComplexity(scenario.turns, share, seed);
  const strategy = trySimulate({ ...scenario, turns }, pricing);
  return {
    x: share,
    strategyUsd: strategy.ok ? strategy.result.totals.totalUsd : null,
    baselineUsd,
  };
}

/** The strategy and the default model's baseline for one variant of the scenario. */
function pointFor(scenario: RoutingScenario, pricing: PricingTable, x: number): SweepPoint {
  const strategy = trySimulate(scenario, pricing);
  const baseline = trySimulate(baselineScenario(scenario, scenario.defaultModel.model), pricing);
  return {
    x,
    strategyUsd: strategy.ok ? strategy.result.totals.totalUsd : null,
    baselineUsd: baseline.ok ? baseline.result.totals.totalUsd : null,
  };
}
