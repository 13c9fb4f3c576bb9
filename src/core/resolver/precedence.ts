/**
 * Policies-first precedence (seed 001, v8.1.0 note; SPEC §4): the first
 * matching policy with a model, else the resolver, else the default.
 */
import { InvalidInputError, describe } from '../errors.ts';
import { runStrategy, validateStrategy } from './strategies.ts';
import type {
  DispatchContext,
  ModelConfig,
  Policy,
  PolicyWhen,
  Resolution,
  Strategy,
} from './types.ts';

/** `true` when every condition given in `when` holds for the context. */
export function policyMatches(when: PolicyWhen, ctx: DispatchContext): boolean {
  const hop = when.hop;
  if (hop !== undefined) {
    if (hop.min !== undefined && ctx.turnHopIndex < hop.min) return false;
    if (hop.max !== undefined && ctx.turnHopIndex > hop.max) return false;
  }
  if (when.forcedTool !== undefined && ctx.forcedToolChoice !== when.forcedTool) return false;
  if (when.toolAvailable !== undefined) {
    if (ctx.resolvedToolNames === null || !ctx.resolvedToolNames.includes(when.toolAvailable))
      return false;
  }
  if (when.complexity !== undefined && ctx.complexity !== when.complexity) return false;
  return true;
}

/**
 * Resolves the model for one dispatch. The first policy whose `when` matches
 * and that carries a model wins (`policy:<id>`, the resolver is not called);
 * otherwise the strategy is called once (never for `none`) and a non-null
 * result is used (`resolver`); otherwise the default (`default`).
 */
export function resolve(
  policies: readonly Policy[],
  strategy: Strategy,
  defaultModel: ModelConfig,
  ctx: DispatchContext,
): Resolution {
  for (const policy of policies) {
    if (policy.model !== undefined && policyMatches(policy.when, ctx)) {
      return {
        config: policy.model,
        source: `policy:${policy.id}`,
        resolverCalls: 0,
        classifierUsd: 0,
      };
    }
  }
  if (strategy.kind === 'none') {
    return { config: defaultModel, source: 'default', resolverCalls: 0, classifierUsd: 0 };
  }
  const result = runStrategy(strategy, ctx);
  if (result.config !== null) {
    return {
      config: result.config,
      source: 'resolver',
      resolverCalls: 1,
      classifierUsd: result.classifierUsd,
    };
  }
  return {
    config: defaultModel,
    source: 'default',
    resolverCalls: 1,
    classifierUsd: result.classifierUsd,
  };
}

/**
 * Rejects policies that cannot be evaluated (names the policy and field) and
 * an invalid strategy.
 *
 * @throws InvalidInputError
 */
export function validateRouting(policies: readonly Policy[], strategy: unknown): void {
  policies.forEach((policy, i) => {
    const at = `policies[${i}]`;
    if (typeof policy !== 'object' || policy === null)
      throw new InvalidInputError(at, 'must be a policy');
    if (typeof policy.id !== 'string') throw new InvalidInputError(`${at}.id`, 'must be text');
    const when: unknown = policy.when;
    if (typeof when !== 'object' || when === null)
      throw new InvalidInputError(`${at}.when`, 'must be a set of conditions');
    const hop = policy.when.hop;
    if (hop !== undefined) {
      for (const bound of ['min', 'max'] as const) {
        const v = hop[bound];
        if (v !== undefined && (typeof v !== 'number' || Number.isNaN(v))) {
          throw new InvalidInputError(
            `${at}.when.hop.${bound}`,
            `must be a number (got ${describe(v)})`,
          );
        }
      }
    }
    const c = policy.when.complexity;
    if (c !== undefined && c !== 'simple' && c !== 'complex') {
      throw new InvalidInputError(`${at}.when.complexity`, 'must be "simple" or "complex"');
    }
    if (policy.model !== undefined) {
      if (typeof policy.model.model !== 'string' || policy.model.model === '')
        throw new InvalidInputError(`${at}.model.model`, 'must name a model');
      if (typeof policy.model.thinking !== 'boolean')
        throw new InvalidInputError(`${at}.model.thinking`, 'must be true or false');
    }
  });
  validateStrategy(strategy);
}
