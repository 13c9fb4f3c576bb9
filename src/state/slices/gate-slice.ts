import type { StateCreator } from 'zustand';
import { GATE_DEFAULTS } from '../../core/index.ts';
import type { AppState } from '../store.ts';

/** How the policy comparison builds its population of tool outputs. */
export interface PopulationInputs {
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
  /** How carried context is priced (SPEC §2.1): the seed's uncached input, or cache-aware. */
  readonly carryBasis: 'uncached' | 'cached';
  /** φ, the share of carried context read from a warm cache (cached basis only), 0–1. */
  readonly cacheHitShare: number;
  /** Tokens after the output re-written to the cache once on offload (cached basis only). */
  readonly tailTokens: number;
  /** k ≥ 0: recall probability min(1, p·(T/s)^k); 0 = one probability for every size. */
  readonly recallElasticity: number;
  /** The comparison's own horizon, turns; null = the gate's horizon above. */
  readonly horizon: number | null;
  /** The comparison's own recall prior, 0–1; null = the gate's recall probability above. */
  readonly recallProbability: number | null;
}

/** Everything the offload-gate explorer lets a user set. */
export interface GateState {
  readonly outputTokens: number;
  readonly horizon: number;
  readonly recallProbability: number;
  readonly modelName: string;
  readonly largeOffloadThresholdTokens: number;
  readonly stubTokens: number;
  readonly recallInputTokens: number;
  readonly recallOutputTokens: number;
  readonly population: PopulationInputs;
  /** Tokens after the output that must be re-cached once (cache what-if). */
  readonly tailTokens: number;
  /** Tool outputs per day for the volume line; null = the traffic's rate, else a stated default. */
  readonly volumePerDay: number | null;
}

export interface GateSlice {
  gate: GateState;
  setGate: (patch: Partial<GateState>) => void;
  setPopulation: (patch: Partial<PopulationInputs>) => void;
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

export const createGateSlice: StateCreator<AppState, [], [], GateSlice> = (set) => ({
  gate: DEFAULT_GATE,
  setGate: (patch) => set((s) => ({ gate: { ...s.gate, ...patch } })),
  setPopulation: (patch) =>
    set((s) => ({ gate: { ...s.gate, population: { ...s.gate.population, ...patch } } })),
});
