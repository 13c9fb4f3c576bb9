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
} from '../core/index.ts';
import { unpackOutputs, type PackedOutputs } from '../domain/packed-outputs.ts';
import { policyFigures, populationSizes, type PolicyFigures } from '../domain/population-sizes.ts';
import {
  baselineRun,
  gapSweepPoint,
  shareSweepPoint,
  type BaselineRow,
  type Conversation,
  type SweepPoint,
} from '../domain/routing-runs.ts';
import type { PopulationInputs } from '../state/slices/gate-slice.ts';

/** Every-hop baselines of one conversation on each of `models`. */
export interface BaselinesRequest {
  readonly conversation: Conversation;
  readonly models: readonly string[];
  readonly pricing: PricingTable;
  readonly samples: readonly number[];
}

/** The strategy and the default model's baseline at each idle gap of `gapValues`. */
export interface GapSweepRequest {
  readonly scenario: RoutingScenario;
  readonly pricing: PricingTable;
  readonly gapValues: readonly number[];
}

/** The strategy at each complex-turn share of `shares` (turns relabelled by `seed`). */
export interface ShareSweepRequest {
  readonly scenario: RoutingScenario;
  readonly pricing: PricingTable;
  readonly shares: readonly number[];
  readonly seed: number;
  readonly baselineUsd: number | null;
}

/** The gate's policy comparison over its population of output sizes. */
export interface PopulationRequest {
  readonly population: PopulationInputs;
  readonly inputs: ResolvedGateInputs;
  readonly pricing: PricingTable;
  /** The traffic's tool outputs, packed, for the population mode 'traffic' (issue 16); absent falls back to the log-normal. */
  readonly outputs?: PackedOutputs;
}

/** The comparison at each recall prior of `probabilities` (issue 16: how the verdict moves with p_recall). */
export interface RecallSweepRequest extends PopulationRequest {
  readonly probabilities: readonly number[];
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

export const engineApi = {
  baselines(request: BaselinesRequest): BaselineRow[] {
    const { conversation, pricing, samples } = request;
    return request.models.map((model) => baselineRun(conversation, model, pricing, samples));
  },

  gapSweep(request: GapSweepRequest): SweepPoint[] {
    return request.gapValues.map((gap) => gapSweepPoint(request.scenario, request.pricing, gap));
  },

  shareSweep(request: ShareSweepRequest): SweepPoint[] {
    const { scenario, pricing, seed, baselineUsd } = request;
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

  // ---- Issue 16: the verdict across p_recall, by the core's comparePopulation ----
  recallSweep(request: RecallSweepRequest): RecallSweepPoint[] | null {
    const outputs = request.outputs === undefined ? undefined : unpackOutputs(request.outputs);
    try {
      return request.probabilities.map((recallProbability) => {
        const { comparison } = policyFigures(
          { ...request.population, recallProbability },
          request.inputs,
          request.pricing,
          outputs,
        );
        return {
          recallProbability,
          neverUsd: comparison.never.totalUsd,
          sizeOnlyUsd: comparison.sizeOnly.totalUsd,
          gateUsd: comparison.gate.totalUsd,
        };
      });
    } catch {
      // An unpriced model or a rejected size: the comparison above says why.
      return null;
    }
  },
};

export type EngineApi = typeof engineApi;
export type EngineTask = keyof EngineApi;
