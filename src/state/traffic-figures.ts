/**
 * Figures derived from the imported traffic ("Your traffic") that other tabs
 * and the report may use: rates, fitted priors, the tool-output population,
 * the chosen replay. A small store of its own, outside the scenario: nothing
 * here goes into links, the address bar or exported scenarios (a link may
 * carry figures a user applied, such as priors copied onto the gate's
 * sliders, but never this store). The calls themselves are never held here.
 */
import { create } from 'zustand';
import { atom, type Signal } from './graph.ts';
import type { PopulationOutput } from '../core/population.ts';
import type { HopRecord } from '../core/routing/simulate.ts';

/** How much traffic there is per day, over the imported span. */
export interface TrafficRates {
  /** Days from the first call to the last (at least one day's worth, so rates stay finite). */
  readonly spanDays: number;
  readonly conversationsPerDay: number;
  readonly callsPerDay: number;
  /** Tool results read from the calls, per day. */
  readonly toolOutputsPerDay: number;
  /** As billed, USD per day (priced calls only). */
  readonly asBilledUsdPerDay: number;
}

/** The gate's priors as fitted to the traffic's tool outputs (SPEC §2.1 population). */
export interface TrafficPriors {
  /** Tool outputs the fit is over. */
  readonly outputs: number;
  /** Median size, tokens. */
  readonly medianTokens: number;
  /** Standard deviation of ln(size). */
  readonly sigma: number;
  /** Median horizon: later calls of the output's conversation. */
  readonly medianHorizon: number;
}

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

export interface TrafficFiguresState {
  /** A short description of the loaded traffic (e.g. "912 calls in 14 conversations, 3–9 Nov 2026"); undefined = none loaded. */
  readonly source: string | undefined;
  readonly rates: TrafficRates | undefined;
  readonly priors: TrafficPriors | undefined;
  /** Every tool output with its size and horizon, for the gate's population comparison. */
  readonly population: readonly PopulationOutput[] | undefined;
  readonly replay: TrafficReplayFigures | undefined;
  readonly replayTimeline: TrafficReplayTimeline | undefined;
}

const EMPTY: TrafficFiguresState = {
  source: undefined,
  rates: undefined,
  priors: undefined,
  population: undefined,
  replay: undefined,
  replayTimeline: undefined,
};

export const useTrafficFigures = create<TrafficFiguresState>(() => EMPTY);

/** Publishes some of the figures (the traffic tab calls this as its analyses arrive). */
export function publishTrafficFigures(patch: Partial<TrafficFiguresState>): void {
  useTrafficFigures.setState(patch);
}

/** Forgets every figure (the traffic was forgotten, or a test starts afresh). */
export function clearTrafficFigures(): void {
  useTrafficFigures.setState(EMPTY, true);
}

/**
 * The published figures as an input of the derivation graph (`graph.ts`),
 * fed by this store, so nodes can derive from the traffic.
 */
export const trafficFiguresNode: Signal<TrafficFiguresState> = (() => {
  const node = atom<TrafficFiguresState>('trafficFigures', useTrafficFigures.getState());
  useTrafficFigures.subscribe((state) => node.set(state));
  return node;
})();
