/** The offload-gate explorer's inputs and their defaults. */
import {
  GATE_DEFAULTS,
  type OffloadGateInputs,
  type PopulationAssumptions,
} from '../core/index.ts';

/**
 * How the policy comparison builds its population of tool outputs: the
 * core's §2.1 assumptions, every one set, and where the sizes come from.
 */
export interface PopulationInputs extends Required<PopulationAssumptions> {
  /** Log-normal quantiles, pasted sizes, or the imported traffic's tool outputs (never in links: a link names only the mode). */
  readonly mode: 'lognormal' | 'pasted' | 'traffic';
  /** Median output size, tokens. */
  readonly medianTokens: number;
  /** Standard deviation of ln(size). */
  readonly sigma: number;
  /** Pasted sizes, tokens, as typed. */
  readonly pasted: string;
  /** Threshold of the size-only policy (v7.12.0), tokens. */
  readonly sizeOnlyThresholdTokens: number;
  /** The comparison's own horizon, turns; null = the gate's horizon above. */
  readonly horizon: number | null;
  /** The comparison's own recall prior, 0–1; null = the gate's recall probability above. */
  readonly recallProbability: number | null;
}

/** Everything the offload-gate explorer lets a user set: the gate's inputs, every one set, and more. */
export interface GateState extends Required<OffloadGateInputs> {
  readonly population: PopulationInputs;
  /** Tokens after the output that must be re-cached once (cache what-if). */
  readonly tailTokens: number;
  /** Tool outputs per day for the volume line; null = the traffic's rate, else a stated default. */
  readonly volumePerDay: number | null;
}

export const DEFAULT_GATE: GateState = {
  outputTokens: 40_000,
  horizon: 6,
  recallProbability: 0.3,
  modelName: 'claude-opus-4-6',
  ...GATE_DEFAULTS,
  population: {
    mode: 'lognormal',
    medianTokens: 4_000,
    sigma: 1.5,
    pasted: '',
    sizeOnlyThresholdTokens: 2_000,
    carryBasis: 'uncached',
    cacheHitShare: 1,
    tailTokens: 2_000,
    recallElasticity: 0,
    horizon: null,
    recallProbability: null,
  },
  tailTokens: 2_000,
  volumePerDay: null,
};
