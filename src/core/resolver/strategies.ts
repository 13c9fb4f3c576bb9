/**
 * Declarative resolver strategies (seed 001 §2, §3.1, §4; SPEC §4): what the
 * adopter's `ModelResolver` closure would do, as serialisable data.
 */
import { InvalidInputError, describe } from '../errors.ts';
import type { DispatchContext, ModelConfig, Strategy } from './types.ts';

/** A strategy's answer: a model or abstain (`null`), and what the call cost. */
export interface StrategyResult {
  readonly config: ModelConfig | null;
  /** Classifier cost of this call, USD. */
  readonly classifierUsd: number;
}

function unknownKind(strategy: never): InvalidInputError {
  return new InvalidInputError(
    'strategy.kind',
    `unknown strategy kind ${describe((strategy as { kind?: unknown }).kind)}`,
  );
}

const ABSTAIN: StrategyResult = Object.freeze({ config: null, classifierUsd: 0 });

/**
 * Runs a strategy once against a context.
 * - `fixed`: always its model;
 * - `hopAware`: its model, thinking on at hop 0 and off later (seed 001 §3.1);
 * - `complexity`: by the turn's label, charging `classifierUsd` (0 when it
 *   is absent or `null`, SPEC §9);
 * - `sticky`: the inner target while `now − cacheState[target] < ttlSeconds`,
 *   else abstain (seed 001 §4); a model never stamped is infinitely old. The
 *   inner strategy's classifier cost is charged either way.
 * - `none` abstains (the precedence never calls it).
 */
export function runStrategy(strategy: Strategy, ctx: DispatchContext): StrategyResult {
  switch (strategy.kind) {
    case 'none':
      return ABSTAIN;
    case 'fixed':
      return { config: strategy.model, classifierUsd: 0 };
    case 'hopAware':
      return {
        config: { model: strategy.model, thinking: ctx.turnHopIndex === 0 },
        classifierUsd: 0,
      };
    case 'complexity':
      return {
        config: ctx.complexity === 'complex' ? strategy.complex : strategy.simple,
        classifierUsd: strategy.classifierUsd ?? 0,
      };
    case 'sticky': {
      const inner = runStrategy(strategy.inner, ctx);
      if (inner.config === null) return inner;
      const stamped = ctx.cacheState.get(inner.config.model);
      const age = stamped === undefined ? Infinity : ctx.now - stamped;
      return age < strategy.ttlSeconds
        ? inner
        : { config: null, classifierUsd: inner.classifierUsd };
    }
    default:
      // Unreachable for typed callers; data from outside gets a named error, not a crash.
      throw unknownKind(strategy);
  }
}

/** Every model a strategy can return. */
export function strategyModels(strategy: Strategy): string[] {
  switch (strategy.kind) {
    case 'none':
      return [];
    case 'fixed':
      return [strategy.model.model];
    case 'hopAware':
      return [strategy.model];
    case 'complexity':
      return [strategy.complex.model, strategy.simple.model];
    case 'sticky':
      return strategyModels(strategy.inner);
    default:
      throw unknownKind(strategy);
  }
}

function validateModelConfig(field: string, config: unknown): void {
  if (typeof config !== 'object' || config === null)
    throw new InvalidInputError(field, 'must be a model and a thinking setting');
  const c = config as Record<string, unknown>;
  if (typeof c['model'] !== 'string' || c['model'] === '')
    throw new InvalidInputError(`${field}.model`, 'must name a model');
  if (typeof c['thinking'] !== 'boolean')
    throw new InvalidInputError(`${field}.thinking`, 'must be true or false');
}

/**
 * Rejects a strategy that cannot run: an unknown kind, a missing model, a
 * negative or non-finite classifier cost or TTL. Names the field.
 *
 * @throws InvalidInputError
 */
export function validateStrategy(
  strategy: unknown,
  field = 'strategy',
): asserts strategy is Strategy {
  if (typeof strategy !== 'object' || strategy === null)
    throw new InvalidInputError(field, 'must be a strategy');
  const s = strategy as Record<string, unknown>;
  switch (s['kind']) {
    case 'none':
      return;
    case 'fixed':
      validateModelConfig(`${field}.model`, s['model']);
      return;
    case 'hopAware':
      if (typeof s['model'] !== 'string' || s['model'] === '')
        throw new InvalidInputError(`${field}.model`, 'must name a model');
      return;
    case 'complexity': {
      validateModelConfig(`${field}.complex`, s['complex']);
      validateModelConfig(`${field}.simple`, s['simple']);
      const usd = s['classifierUsd'];
      if (usd != null && (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0)) {
        throw new InvalidInputError(
          `${field}.classifierUsd`,
          `must be a cost of 0 or more USD (got ${describe(usd)})`,
        );
      }
      return;
    }
    case 'sticky': {
      const ttl = s['ttlSeconds'];
      if (typeof ttl !== 'number' || Number.isNaN(ttl) || ttl < 0) {
        throw new InvalidInputError(
          `${field}.ttlSeconds`,
          `must be 0 or more seconds (got ${describe(ttl)})`,
        );
      }
      validateStrategy(s['inner'], `${field}.inner`);
      return;
    }
    default:
      throw new InvalidInputError(`${field}.kind`, `unknown strategy kind ${describe(s['kind'])}`);
  }
}
