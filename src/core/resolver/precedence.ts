/**
 * Policies-first precedence (seed 001, v8.1.0 note; SPEC §4): the first
 * matching policy with a model, else the resolver, else the default.
 */
import { InvalidInputError, describe } from '../errors.ts';
import { runStrategy, validateStrategy } from './strategies.ts';
import type {
  DispatchContext,
  ModelConfig,
  PolicyInput,
  PolicyWhen,
  Resolution,
  Strategy,
} from './types.ts';

/**
 * `true` when every condition given in `when` holds for the context. A policy
 * without `when` (absent or `null`) has no conditions and always matches
 * (SPEC §9); so does a condition given as `null`.
 */
export function policyMatches(when: PolicyWhen | null | undefined, ctx: DispatchContext): boolean {
  if (when == null) return true;
  const hop = when.hop ?? undefined;
  if (hop !== undefined) {
    if (hop.min != null && ctx.turnHopIndex < hop.min) return false;
    if (hop.max != null && ctx.turnHopIndex > hop.max) return false;
  }
  if (when.forcedTool != null && ctx.forcedToolChoice !== when.forcedTool) return false;
  if (when.toolAvailable != null) {
    if (ctx.resolvedToolNames === null || !ctx.resolvedToolNames.includes(when.toolAvailable))
      return false;
  }
  if (when.complexity != null && ctx.complexity !== when.complexity) return false;
  return true;
}

/**
 * Resolves the model for one dispatch. The first policy whose `when` matches
 * and that carries a model wins (`policy:<id>`, the resolver is not called;
 * a policy whose `model` is absent or `null` never supplies one, SPEC §9);
 * otherwise the strategy is called once (never for `none`) and a non-null
 * result is used (`resolver`); otherwise the default (`default`).
 */
export function resolve(
  policies: readonly PolicyInput[],
  strategy: Strategy,
  defaultModel: ModelConfig,
  ctx: DispatchContext,
): Resolution {
  for (const policy of policies) {
    if (policy.model != null && policyMatches(policy.when, ctx)) {
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
export function validateRouting(policies: readonly PolicyInput[], strategy: unknown): void {
  policies.forEach((policy, i) => {
    const at = `policies[${i}]`;
    if (typeof policy !== 'object' || policy === null)
      throw new InvalidInputError(at, 'must be a policy');
    if (typeof policy.id !== 'string') throw new InvalidInputError(`${at}.id`, 'must be text');
    const when: unknown = policy.when;
    if (when == null) {
      validatePolicyModel(at, policy.model);
      return;
    }
    if (typeof when !== 'object')
      throw new InvalidInputError(`${at}.when`, 'must be a set of conditions');
    const conditions = when as PolicyWhen;
    const hop = conditions.hop ?? undefined;
    if (hop !== undefined) {
      for (const bound of ['min', 'max'] as const) {
        const v = hop[bound];
        if (v != null && (typeof v !== 'number' || Number.isNaN(v))) {
          throw new InvalidInputError(
            `${at}.when.hop.${bound}`,
            `must be a number (got ${describe(v)})`,
          );
        }
      }
    }
    const c = conditions.complexity;
    if (c != null && c !== 'simple' && c !== 'complex') {
      throw new InvalidInputError(`${at}.when.complexity`, 'must be "simple" or "complex"');
    }
    validatePolicyModel(at, policy.model);
  });
  validateStrategy(strategy);
}

function validatePolicyModel(at: string, model: ModelConfig | null | undefined): void {
  if (model == null) return;
  if (typeof model.model !== 'string' || model.model === '')
    throw new InvalidInputError(`${at}.model.model`, 'must name a model');
  if (typeof model.thinking !== 'boolean')
    throw new InvalidInputError(`${at}.model.thinking`, 'must be true or false');
}
