/**
 * The routing simulation's inputs and results (SPEC §5): a conversation of
 * turns and hops, a routing setup, and what each hop cost.
 */
import type {
  Complexity,
  ModelConfig,
  Policy,
  ResolutionSource,
  Strategy,
} from '../resolver/types.ts';

/** One model call within a turn. Tokens are tokens, times seconds. */
export interface SimHop {
  readonly outputTokens: number;
  /** Billed only when the chosen model thinks. */
  readonly thinkingTokens: number;
  /** Tool result appended after the call; 0 = no tool message. */
  readonly toolResultTokens: number;
  readonly latencySeconds: number;
  readonly forcedTool?: string | null;
}

/** One user turn: the idle gap before it, the user's message and its hops. */
export interface SimTurn {
  readonly gapSeconds: number;
  readonly userTokens: number;
  readonly complexity: Complexity;
  /** Tools available this turn; `null`/absent = none. */
  readonly toolNames?: readonly string[] | null;
  readonly hops: readonly SimHop[];
}

/** A conversation and a routing setup to walk through it. */
export interface RoutingScenario {
  readonly systemTokens: number;
  /** Prompt-cache lifetime, seconds (default 300). */
  readonly cacheTtlSeconds?: number;
  /** Whether a thinking change invalidates cached messages (default true). */
  readonly thinkingInvalidatesCache?: boolean;
  /**
   * The walk also accepts policies from outside that leave out `when` or give
   * `model: null` (`PolicyInput`, SPEC §9).
   */
  readonly policies: readonly Policy[];
  readonly strategy: Strategy;
  readonly defaultModel: ModelConfig;
  readonly turns: readonly SimTurn[];
}

/** What one hop cost and why (SPEC §5). USD amounts; `at` is the clock, seconds. */
export interface HopRecord {
  readonly turn: number;
  readonly hop: number;
  readonly turnHopIndex: number;
  readonly at: number;
  readonly model: string;
  readonly thinking: boolean;
  readonly source: ResolutionSource;
  readonly promptTokens: number;
  readonly cachedTokens: number;
  readonly writeTokens: number;
  /**
   * Prompt tokens billed as plain input because the prompt is shorter than
   * the row's `minCacheableTokens` (SPEC §5.1); 0 otherwise.
   * `cachedTokens + writeTokens + uncachedTokens = promptTokens`.
   */
  readonly uncachedTokens: number;
  /** True when the call is billed at the row's long-context tier (SPEC §1.1). */
  readonly longContext: boolean;
  readonly outputTokens: number;
  /** Thinking tokens billed (0 when thinking is off). */
  readonly thinkingTokens: number;
  readonly readUsd: number;
  readonly writeUsd: number;
  /** `uncachedTokens` at the call's input rate (SPEC §5.1). */
  readonly inputUsd: number;
  readonly outputUsd: number;
  readonly classifierUsd: number;
  readonly totalUsd: number;
  readonly resolverCalls: number;
  readonly forceHonoured: boolean;
  readonly forceDropped: boolean;
  /**
   * Cache state seen by this call: cold, warm, warm but partly invalidated
   * by a thinking change, or uncacheable (prompt under the row's minimum).
   */
  readonly cache: 'cold' | 'warm' | 'partial' | 'uncacheable';
}

/** Sums over the hops, in hop order. */
export interface SimTotals {
  readonly totalUsd: number;
  readonly readUsd: number;
  readonly writeUsd: number;
  readonly inputUsd: number;
  readonly outputUsd: number;
  readonly classifierUsd: number;
  /** Cached / prompt tokens; 0 with no prompt. */
  readonly cacheHitRate: number;
  /** Consecutive hops on different models. */
  readonly modelSwitches: number;
  readonly resolverCalls: number;
  /** Hops whose forced tool choice was dropped. */
  readonly forceDropped: number;
}

export interface SimResult {
  readonly hops: readonly HopRecord[];
  readonly totals: SimTotals;
}
