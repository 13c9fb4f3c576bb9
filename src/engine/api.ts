/**
 * The heavy work the explorers hand off: pure functions over plain data, so
 * the same code runs in the Web Worker (`worker.ts`) or, where there is no
 * `Worker` (tests under jsdom), on the main thread (`client.ts`).
 *
 * Requests carry only what they need: a price table cut to the models in
 * play, never the whole imported file, so sending one stays cheap.
 */
import {
  InvalidInputError,
  type PricingTable,
  type ResolvedGateInputs,
  type RoutingScenario,
  type HopRecord,
  type SimTotals,
  type SimTurn,
} from '../core/index.ts';
import { unpackOutputs, type PackedOutputs } from '../domain/packed-outputs.ts';
import { packHops, unpackHops, type PackedHops } from '../domain/packed-hops.ts';
import { countBy, hopList } from '../domain/hop-list.ts';
import { turnsOf, type TurnsPayload } from '../domain/packed-turns.ts';
import { policyFigures, populationSizes, type PolicyFigures } from '../domain/population-sizes.ts';
import { recallRegionCosts, recallSweepCosts } from '../domain/recall-region.ts';
import {
  baselineRun,
  baselineScenario,
  gapSweepPoint,
  sampleHops,
  shareSweepPoint,
  summarise,
  type RunSummary,
  type BaselineRow,
  trySimulate,
  type Conversation,
  type SimOutcome,
  type SweepPoint,
} from '../domain/routing-runs.ts';
import type { PopulationInputs } from '../model/gate.ts';
import { solveBestSubset } from '../domain/best-subset.ts';
import {
  answerBudgetBest,
  BestSubsetSolver,
  type BudgetBestAnswer,
  type BudgetBestRequest,
} from '../domain/budget-best.ts';

/** `T` with its turns as a request carries them: plain, or packed for a long conversation. */
export type WithTurnsPayload<T extends { readonly turns: readonly SimTurn[] }> = Omit<
  T,
  'turns'
> & { readonly turns: TurnsPayload };

/** `value` with plain turns again. */
function withPlainTurns<T extends { readonly turns: readonly SimTurn[] }>(
  value: WithTurnsPayload<T>,
): T {
  return { ...value, turns: turnsOf(value.turns) } as unknown as T;
}

/** A scenario as a request carries it. */
export type ScenarioPayload = WithTurnsPayload<RoutingScenario>;

/** The strategy's own run and the reference run (every hop on the default model). */
export interface StrategyRunRequest {
  readonly scenario: ScenarioPayload;
  readonly pricing: PricingTable;
}

/** A run as the worker sends it back: its hops packed (see `packHops`). */
export type WireOutcome =
  | Extract<SimOutcome, { ok: false }>
  | {
      readonly ok: true;
      readonly hops: PackedHops | readonly HopRecord[];
      readonly totals: SimTotals;
    };

function toWire(outcome: SimOutcome): WireOutcome {
  if (!outcome.ok) return outcome;
  const { hops, totals } = outcome.result;
  return { ok: true, hops: packHops(hops) ?? hops, totals };
}

/** The run a `WireOutcome` carries, its hops unpacked. */
export function fromWire(wire: WireOutcome): SimOutcome {
  if (!wire.ok) return wire;
  const hops = 'kind' in wire.hops ? unpackHops(wire.hops) : wire.hops;
  return { ok: true, result: { hops, totals: wire.totals } };
}

/** The two runs the totals, the timeline, the hop table and the cumulative chart read. */
export interface StrategyRuns {
  readonly main: WireOutcome;
  readonly reference: WireOutcome;
  /** The strategy's totals and sampled cumulative cost (null: the run failed). */
  readonly summary: RunSummary | null;
  /** How many hops each rule (`policy:<id>`, `resolver`, `default`) chose. */
  readonly chosenBy: ReadonlyMap<string, number>;
}

/** Every-hop baselines of one conversation on each of `models`. */
export interface BaselinesRequest {
  readonly conversation: WithTurnsPayload<Conversation>;
  readonly models: readonly string[];
  readonly pricing: PricingTable;
  readonly samples: readonly number[];
}

/** The strategy and the default model's baseline at each idle gap of `gapValues`. */
export interface GapSweepRequest {
  readonly scenario: ScenarioPayload;
  readonly pricing: PricingTable;
  readonly gapValues: readonly number[];
}

/** The strategy at each complex-turn share of `shares` (turns relabelled by `seed`). */
export interface ShareSweepRequest {
  readonly scenario: ScenarioPayload;
  readonly pricing: PricingTable;
  readonly shares: readonly number[];
  readonly seed: number;
  /**
   * The default model's every-hop total (null: it could not be priced), or
   * absent for the worker to run it (a long conversation's reference run is
   * itself done off the main thread).
   */
  readonly baselineUsd?: number | null;
}

/** The reference run's total for the share sweep: null where it fails. */
function referenceUsd(scenario: RoutingScenario, pricing: PricingTable): number | null {
  const reference = trySimulate(baselineScenario(scenario, scenario.defaultModel.model), pricing);
  return reference.ok ? reference.result.totals.totalUsd : null;
}

/** The gate's policy comparison over its population of output sizes. */
export interface PopulationRequest {
  readonly population: PopulationInputs;
  readonly inputs: ResolvedGateInputs;
  readonly pricing: PricingTable;
  /** The traffic's tool outputs, packed, for the population mode 'traffic'; absent falls back to the log-normal. */
  readonly outputs?: PackedOutputs;
}

/** The comparison at each recall prior of `probabilities`: how the verdict moves with p_recall. */
export interface RecallSweepRequest extends PopulationRequest {
  readonly probabilities: readonly number[];
}

/** The recall sweep at each recall elasticity k of `elasticities`: the verdict over p_recall × k. */
export interface RecallRegionRequest extends RecallSweepRequest {
  readonly elasticities: readonly number[];
}

/** One row of the region: the sweep over p_recall at one elasticity. */
export interface RecallRegionRow {
  readonly recallElasticity: number;
  readonly points: readonly RecallSweepPoint[];
}

/** Each policy's cost per 1,000 outputs at one recall prior. */
export interface RecallSweepPoint {
  readonly recallProbability: number;
  readonly neverUsd: number;
  readonly sizeOnlyUsd: number;
  readonly gateUsd: number;
}

/**
 * The comparison (SPEC §2.1: each policy's cost per 1,000, Δ vs never, carried
 * cache-hit share, and the basis it was priced on), with the population's size
 * and the size-only threshold it was priced with; or why there is none (null:
 * no price row for the model).
 */
export type PopulationResult =
  | {
      readonly ok: true;
      readonly figures: PolicyFigures;
      readonly sizeCount: number;
      readonly thresholdTokens: number;
    }
  | {
      readonly ok: false;
      readonly error: string | null;
      readonly sizeCount: number;
      readonly thresholdTokens: number;
    };

/**
 * This worker's knapsack: the last table solved, kept while the rows' tokens
 * are equal, so a budget step only reads it (each lane is its own worker,
 * and the budget tab asks on its own lane).
 */
const bestSubsetSolver = new BestSubsetSolver((tokens) => solveBestSubset(tokens));

export const engineApi = {
  strategyRun(request: StrategyRunRequest): StrategyRuns {
    const scenario = withPlainTurns<RoutingScenario>(request.scenario);
    const { pricing } = request;
    const reference = baselineScenario(scenario, scenario.defaultModel.model);
    const main = trySimulate(scenario, pricing);
    const hops = main.ok ? hopList(main.result.hops) : null;
    return {
      main: toWire(main),
      reference: toWire(trySimulate(reference, pricing)),
      summary: main.ok ? summarise(main.result, sampleHops(main.result.hops.length)) : null,
      chosenBy: hops === null ? new Map() : countBy(hops, 'source'),
    };
  },

  baselines(request: BaselinesRequest): BaselineRow[] {
    const { pricing, samples } = request;
    const conversation = withPlainTurns<Conversation>(request.conversation);
    return request.models.map((model) => baselineRun(conversation, model, pricing, samples));
  },

  gapSweep(request: GapSweepRequest): SweepPoint[] {
    const scenario = withPlainTurns<RoutingScenario>(request.scenario);
    return request.gapValues.map((gap) => gapSweepPoint(scenario, request.pricing, gap));
  },

  shareSweep(request: ShareSweepRequest): SweepPoint[] {
    const { pricing, seed } = request;
    const scenario = withPlainTurns<RoutingScenario>(request.scenario);
    const baselineUsd =
      request.baselineUsd === undefined ? referenceUsd(scenario, pricing) : request.baselineUsd;
    return request.shares.map((share) =>
      shareSweepPoint(scenario, pricing, share, seed, baselineUsd),
    );
  },

  population(request: PopulationRequest): PopulationResult {
    const outputs = request.outputs === undefined ? undefined : unpackOutputs(request.outputs);
    const sizes = populationSizes(request.population, outputs);
    const thresholdTokens = request.population.sizeOnlyThresholdTokens;
    if (!sizes.ok) return { ok: false, error: sizes.error, sizeCount: 0, thresholdTokens };
    const sizeCount = sizes.sizes.length;
    if (sizeCount === 0) return { ok: false, error: null, sizeCount, thresholdTokens };
    try {
      const figures = policyFigures(request.population, request.inputs, request.pricing, outputs);
      return { ok: true, figures, sizeCount, thresholdTokens };
    } catch (error) {
      const unpriced = !(error instanceof InvalidInputError);
      return {
        ok: false,
        error: unpriced ? null : error instanceof Error ? error.message : String(error),
        sizeCount,
        thresholdTokens,
      };
    }
  },

  // ---- The budget's best subset: the knapsack solved once per list of rows ----
  budgetBest(request: BudgetBestRequest): BudgetBestAnswer {
    return answerBudgetBest(request, bestSubsetSolver);
  },

  // ---- The verdict across p_recall, by the core's comparePopulation ----
  recallSweep(request: RecallSweepRequest): RecallSweepPoint[] | null {
    const outputs = request.outputs === undefined ? undefined : unpackOutputs(request.outputs);
    try {
      const { population, inputs, pricing, probabilities } = request;
      return recallSweepCosts(population, inputs, pricing, outputs, probabilities);
    } catch {
      // An unpriced model or a rejected size: the comparison above says why.
      return null;
    }
  },

  // ---- The verdict over p_recall × k: one sweep per recall elasticity ----
  recallRegion(request: RecallRegionRequest): RecallRegionRow[] | null {
    const outputs = request.outputs === undefined ? undefined : unpackOutputs(request.outputs);
    try {
      const { population, inputs, pricing, probabilities, elasticities } = request;
      return recallRegionCosts(population, inputs, pricing, outputs, probabilities, elasticities);
    } catch {
      return null;
    }
  },
};

export type EngineApi = typeof engineApi;
export type EngineTask = keyof EngineApi;
