/**
 * The traffic's figures that other tabs and the report read (rates, fitted
 * priors, the tool-output population, the TTL question, the replay the
 * traffic tab made): engine queries, not a store the traffic tab publishes
 * to. Reading them never starts the traffic worker: they are asked once the
 * stored traffic has been looked for (the traffic tab, or the app at start
 * when this browser may hold traffic from an earlier visit).
 *
 * Also the gate's population when it is the traffic's tool outputs: what
 * the comparison is sent, and why it falls back to the log-normal
 * population when no traffic is loaded here (a link opened elsewhere).
 */
import { useMemo } from 'react';
import { resolveGateInputs, type PricingTable, type ResolvedGateInputs } from '../../core/index.ts';
import type { PopulationOutput } from '../../core/population.ts';
import { pricingFor } from '../../domain/baselines.ts';
import { packOutputs, type PackedOutputs } from '../../domain/packed-outputs.ts';
import { REGION_ELASTICITIES, REGION_RECALL_STEPS } from '../../domain/recall-verdict.ts';
import type { GateState, PopulationInputs } from '../../model/gate.ts';
import type {
  PopulationRequest,
  PopulationResult,
  RecallRegionRequest,
  RecallSweepRequest,
} from '../api.ts';
import { useEngineQuery } from '../use-engine-query.ts';
import type { HopRecord } from '../../core/routing/simulate.ts';
import { useValue } from '../../state/derive.ts';
import { useReplayScope } from '../../state/replay-scope.ts';
import { pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { formatDecimal } from '../../format/number-format.ts';
import { useCrossFigures, useTrafficReplay } from './traffic-queries.ts';
import type {
  CrossTabPriors,
  CrossTabRates,
  ReplayOutcome,
  ReplayScope,
  TrafficCrossFigures,
  TrafficTtl,
} from './traffic-types.ts';

/** How much traffic there is per day, over the imported span. */
export type TrafficRates = CrossTabRates;
/** The gate's priors as fitted to the traffic's tool outputs (SPEC §2.1 population). */
export type TrafficPriors = CrossTabPriors;

/** The replay the traffic tab has chosen, as figures (SPEC §11). */
export interface TrafficReplayFigures {
  /** The choice in words, e.g. "opus-4-6 → sonnet-4-5, 1-hour TTL". */
  readonly choiceText: string;
  readonly asBilledUsd: number;
  readonly asRunUsd: number;
  readonly replayUsd: number;
  /** replay − as billed. */
  readonly deltaUsd: number;
  /** 100 × delta / as billed; null when as billed is 0. */
  readonly deltaPct: number | null;
  /** Share of prompt tokens read from cache in the replay, 0–1. */
  readonly cacheHitShare: number;
}

/** Replayed calls drawn on the routing tab's timeline (the same chart as the simulator's hops). */
export interface TrafficReplayTimeline {
  /** What is drawn, e.g. "conversation 7f3a… replayed on sonnet-4-5, 5-minute TTL". */
  readonly label: string;
  readonly hops: readonly HopRecord[];
}

export interface TrafficFigures {
  /** A short description of the loaded traffic (e.g. "912 calls in 14 conversations, 3–9 Nov 2026"); undefined = none loaded. */
  readonly source: string | undefined;
  readonly rates: TrafficRates | undefined;
  readonly priors: TrafficPriors | undefined;
  /** Every tool output with its size and horizon, for the gate's population comparison. */
  readonly population: readonly PopulationOutput[] | undefined;
  /** The TTL question, answered from the traffic's own gaps. */
  readonly ttl: TrafficTtl | undefined;
  readonly replay: TrafficReplayFigures | undefined;
  readonly replayTimeline: TrafficReplayTimeline | undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Nov 2026", "3–9 Nov 2026", "30 Oct – 9 Nov 2026", "30 Dec 2025 – 2 Jan 2026" (UTC days). */
export function dateRangeText(firstAt: number, lastAt: number): string {
  const a = new Date(firstAt * 1000);
  const b = new Date(lastAt * 1000);
  const day = (d: Date) => d.getUTCDate();
  const month = (d: Date) => MONTHS[d.getUTCMonth()]!;
  const year = (d: Date) => d.getUTCFullYear();
  if (year(a) !== year(b)) {
    return `${day(a)} ${month(a)} ${year(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  }
  if (a.getUTCMonth() !== b.getUTCMonth()) {
    return `${day(a)} ${month(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  }
  if (day(a) !== day(b)) return `${day(a)}–${day(b)} ${month(b)} ${year(b)}`;
  return `${day(b)} ${month(b)} ${year(b)}`;
}

/** A count as the page writes it ("1,234"). */
const count = (n: number) => formatDecimal(n, 3);

const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** "912 calls in 14 conversations, 3–9 Nov 2026". */
export function sourceText(figures: TrafficCrossFigures): string {
  const span =
    figures.firstAt === undefined || figures.lastAt === undefined
      ? ''
      : `, ${dateRangeText(figures.firstAt, figures.lastAt)}`;
  return `${plural(figures.calls, 'call')} in ${plural(figures.conversations, 'conversation')}${span}`;
}

function scopeWords(scope: ReplayScope, outcome: ReplayOutcome): string {
  if (scope.kind === 'all') return 'all traffic';
  if (scope.ids.length === 1) return `conversation ${scope.ids[0]!}`;
  return `${count(outcome.scopeConversations)} conversations`;
}

/** The replay as the report and the routing tab's timeline read it. */
export function replayFigures(
  scope: ReplayScope,
  outcome: ReplayOutcome,
): { replay: TrafficReplayFigures; replayTimeline: TrafficReplayTimeline } {
  const asBilledUsd = outcome.asBilled.totalUsd;
  const replayUsd = outcome.replay.totalUsd;
  const deltaUsd = replayUsd - asBilledUsd;
  const { hops, totalCalls } = outcome.timeline;
  const capped =
    hops.length < totalCalls
      ? ` (the first ${count(hops.length)} of ${count(totalCalls)} calls)`
      : '';
  return {
    replay: {
      choiceText: outcome.choiceText,
      asBilledUsd,
      asRunUsd: outcome.asRun.totalUsd,
      replayUsd,
      deltaUsd,
      deltaPct: asBilledUsd === 0 ? null : (100 * deltaUsd) / asBilledUsd,
      cacheHitShare: outcome.replay.cacheHitShare,
    },
    replayTimeline: {
      label: `${scopeWords(scope, outcome)} replayed: ${outcome.choiceText}${capped}`,
      hops,
    },
  };
}

/**
 * The traffic's figures under the current price table, for the gate,
 * routing and budget tabs and the report (every field undefined with no
 * traffic). The replay is the one the traffic tab made for the current
 * scope and choice; reading it here never starts one.
 */
export function useTrafficFigures(): TrafficFigures {
  const pricing = useValue(pricingTable);
  const cross = useCrossFigures(pricing).value;
  const scope = useReplayScope((s) => s.scope);
  const choice = useAppStore((s) => s.traffic.replay);
  const replay = useTrafficReplay(pricing, scope, choice, false);
  const outcome = replay.value;
  const replayScope = replay.scope;
  const fromCross = useMemo(
    () => ({
      source: cross === undefined ? undefined : sourceText(cross),
      rates: cross?.rates,
      priors: cross?.priors,
      population: cross?.population,
      ttl: cross?.ttl,
    }),
    [cross],
  );
  const fromReplay = useMemo(
    () =>
      outcome === undefined || replayScope === undefined
        ? { replay: undefined, replayTimeline: undefined }
        : replayFigures(replayScope, outcome),
    // The scope's words follow the outcome: a new scope is a new outcome.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [outcome],
  );
  return useMemo(() => ({ ...fromCross, ...fromReplay }), [fromCross, fromReplay]);
}

// ---- The gate's population of the traffic's tool outputs ----

export interface TrafficPopulationUse {
  /** The inputs the comparison runs with: the log-normal's when falling back. */
  readonly population: PopulationInputs;
  /** The traffic's outputs, when they are the population. */
  readonly outputs: readonly PopulationOutput[] | undefined;
  /** The same outputs packed for the engine's worker (the same object while the outputs are). */
  readonly packed: PackedOutputs | undefined;
  /** Why the traffic's outputs are not used although asked for; null when they are (or were not asked for). */
  readonly fallback: string | null;
}

const packedCache = new WeakMap<readonly PopulationOutput[], PackedOutputs>();

/** Packed once per published population: a request then copies two typed arrays. */
function packedFor(outputs: readonly PopulationOutput[]): PackedOutputs {
  let packed = packedCache.get(outputs);
  if (packed === undefined) {
    packed = packOutputs(outputs);
    packedCache.set(outputs, packed);
  }
  return packed;
}

/** The population the comparison prices, given the gate's inputs and the traffic's outputs (if loaded). */
export function trafficPopulationUse(
  population: PopulationInputs,
  outputs: readonly PopulationOutput[] | undefined,
): TrafficPopulationUse {
  if (population.mode !== 'traffic') {
    return { population, outputs: undefined, packed: undefined, fallback: null };
  }
  if (outputs !== undefined && outputs.length > 0) {
    return { population, outputs, packed: packedFor(outputs), fallback: null };
  }
  const fallback =
    outputs === undefined
      ? 'No traffic is loaded in this browser, so the comparison uses the median-and-spread population below instead (a link never carries anyone’s calls). Import traces in “Your traffic” to use yours.'
      : 'Your traffic has no tool outputs (no tool results were read from it), so the comparison uses the median-and-spread population below instead.';
  return {
    population: { ...population, mode: 'lognormal' },
    outputs: undefined,
    packed: undefined,
    fallback,
  };
}

/** {@link trafficPopulationUse} with the traffic's published outputs. */
export function useTrafficPopulation(population: PopulationInputs): TrafficPopulationUse {
  const outputs = useTrafficFigures().population;
  // One object per input: the fallback population is a new object, and a new
  // request each render would send the comparison to the engine forever.
  return useMemo(() => trafficPopulationUse(population, outputs), [population, outputs]);
}

/**
 * The engine request for the policy comparison over `use`'s population,
 * priced at the gate's model: the gate tab and A/B send the same request
 * for the same scenario, so they share one answer.
 */
export function populationRequest(
  use: TrafficPopulationUse,
  sweepInputs: ResolvedGateInputs,
  pricing: PricingTable,
): PopulationRequest {
  return {
    population: use.population,
    inputs: sweepInputs,
    pricing: pricingFor(pricing, [sweepInputs.modelName]),
    ...(use.packed === undefined ? {} : { outputs: use.packed }),
  };
}

/** The engine request for the recall sweep over `use`'s outputs, priced at the gate's model. */
export function recallSweepRequest(
  use: TrafficPopulationUse,
  sweepInputs: ResolvedGateInputs,
  pricing: PricingTable,
): RecallSweepRequest {
  return { ...populationRequest(use, sweepInputs, pricing), probabilities: REGION_RECALL_STEPS };
}

/**
 * The same sweep at each recall elasticity of the region: the gate tab and
 * the Overview send the same request, so they share one answer.
 */
export function recallRegionRequest(
  use: TrafficPopulationUse,
  sweepInputs: ResolvedGateInputs,
  pricing: PricingTable,
): RecallRegionRequest {
  return { ...recallSweepRequest(use, sweepInputs, pricing), elasticities: REGION_ELASTICITIES };
}

/**
 * The gate tab's comparison over the traffic's own outputs for a scenario's `gate`,
 * when its population is the traffic's: the same request the tab sends, so
 * the current scenario's is the tab's own answer. Null when not asked for,
 * or when the traffic has no outputs (the headline figures' fallback).
 */
export function useTrafficGateComparison(
  gate: GateState,
  pricing: PricingTable | null,
): PopulationResult | undefined | null {
  const outputs = useTrafficFigures().population;
  const request = useMemo(() => {
    if (pricing === null || gate.population.mode !== 'traffic') return null;
    const use = trafficPopulationUse(gate.population, outputs);
    if (use.packed === undefined) return null;
    const inputs = resolveGateInputs(gate);
    // The comparison sweeps sizes itself: the tab fixes the size at the threshold.
    const sweepInputs = { ...inputs, outputTokens: inputs.largeOffloadThresholdTokens };
    return populationRequest(use, sweepInputs, pricing);
  }, [gate, pricing, outputs]);
  const answer = useEngineQuery('gate', 'population', request);
  if (request === null) return null;
  return answer.value;
}
