/**
 * Types of the per-dispatch model resolver (seed 001; SPEC §4).
 */

/** The model and thinking setting chosen for one dispatch (seed 001, `ModelConfig`). */
export interface ModelConfig {
  readonly model: string;
  readonly thinking: boolean;
}

/** Kinds of conversation message the hop index looks at. */
export type MessageKind = 'human' | 'ai' | 'tool' | 'system';

/** A turn's complexity label, standing in for an adopter's classifier. */
export type Complexity = 'simple' | 'complex';

/** Model name → time (seconds) of the last response that wrote that model's cache. */
export type CacheState = ReadonlyMap<string, number>;

/**
 * What a resolver sees at one dispatch (seed 001 §3, `DispatchContext`),
 * frozen. `complexity` and `now` are the explorer's additions.
 */
export interface DispatchContext {
  readonly role: 'action';
  readonly messages: readonly MessageKind[];
  readonly scope: string;
  /** Bare tool name when force is on, else `null`. */
  readonly forcedToolChoice: string | null;
  /** Intent-narrowed tool list; `null` means no tools are available. */
  readonly resolvedToolNames: readonly string[] | null;
  readonly cacheState: CacheState;
  readonly runId: string;
  /** `ai` messages since the last `human` message (seed 001 §3.1). */
  readonly turnHopIndex: number;
  readonly complexity: Complexity;
  /** Clock, seconds. */
  readonly now: number;
}

/** Conditions of a policy; all given ones must hold. */
export interface PolicyWhen {
  /** Inclusive bounds on `turnHopIndex`. */
  readonly hop?: { readonly min?: number; readonly max?: number };
  /** Equals `forcedToolChoice`. */
  readonly forcedTool?: string;
  /** Is in `resolvedToolNames`. */
  readonly toolAvailable?: string;
  readonly complexity?: Complexity;
}

/** A declarative routing rule (seed 001, `ToolCallPolicy` with a model). */
export interface Policy {
  readonly id: string;
  readonly when: PolicyWhen;
  /** A policy without a model never supplies one. */
  readonly model?: ModelConfig;
}

/**
 * A policy as data from outside may give it (SPEC §9): `when` absent or
 * `null` means no conditions (always matches); `model` absent or `null`
 * never supplies a model. Every {@link Policy} is one.
 */
export interface PolicyInput {
  readonly id: string;
  readonly when?: PolicyWhen | null;
  readonly model?: ModelConfig | null;
}

/** Declarative, serialisable resolver strategies (SPEC §4). */
export type Strategy =
  | { readonly kind: 'none' }
  | { readonly kind: 'fixed'; readonly model: ModelConfig }
  | { readonly kind: 'hopAware'; readonly model: string }
  | {
      readonly kind: 'complexity';
      readonly complex: ModelConfig;
      readonly simple: ModelConfig;
      /** Cost of one classifier call, USD. Data from outside may leave it out (or `null`): 0. */
      readonly classifierUsd: number;
    }
  | { readonly kind: 'sticky'; readonly inner: Strategy; readonly ttlSeconds: number };

/** Which rule chose the model: a policy (`policy:<id>`), the resolver, or the default. */
export type ResolutionSource = `policy:${string}` | 'resolver' | 'default';

/** The outcome of one resolution. */
export interface Resolution {
  readonly config: ModelConfig;
  readonly source: ResolutionSource;
  /** 1 when the resolver strategy was called, else 0. */
  readonly resolverCalls: number;
  /** Classifier cost charged by the call, USD. */
  readonly classifierUsd: number;
}
