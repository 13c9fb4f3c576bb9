/**
 * What the routing simulation refuses, named by field (SPEC §5, §9).
 */
import { InvalidInputError, describe } from '../errors.ts';
import { priceRowFor, type PricingTable } from '../pricing.ts';
import { validateRouting } from '../resolver/precedence.ts';
import { strategyModels } from '../resolver/strategies.ts';
import type { RoutingScenario, SimHop } from './types.ts';

function nonNegative(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidInputError(
      field,
      `must be a finite number of 0 or more (got ${describe(value)})`,
    );
  }
}

/** A token count: ≥ 0 and at most 2⁵³ − 1 (SPEC §9), where sums stay exact. */
function tokenCount(field: string, value: unknown): void {
  nonNegative(field, value);
  if ((value as number) > Number.MAX_SAFE_INTEGER) {
    throw new InvalidInputError(
      field,
      `must be at most ${Number.MAX_SAFE_INTEGER} tokens (got ${describe(value)})`,
    );
  }
}

/**
 * Rejects a scenario the walk cannot price, naming the field: negative or
 * non-finite numbers, unknown complexity or strategy kinds, and any model the
 * scenario can choose that has no pricing row.
 *
 * @throws InvalidInputError
 */
export function validateScenario(scenario: RoutingScenario, pricing: PricingTable): void {
  tokenCount('systemTokens', scenario.systemTokens);
  if (scenario.cacheTtlSeconds !== undefined)
    nonNegative('cacheTtlSeconds', scenario.cacheTtlSeconds);
  validateRouting(scenario.policies, scenario.strategy);
  if (!Array.isArray(scenario.turns))
    throw new InvalidInputError('turns', 'must be a list of turns');
  scenario.turns.forEach((turn, i) => {
    const at = `turns[${i}]`;
    nonNegative(`${at}.gapSeconds`, turn.gapSeconds);
    tokenCount(`${at}.userTokens`, turn.userTokens);
    if (turn.complexity !== 'simple' && turn.complexity !== 'complex') {
      throw new InvalidInputError(`${at}.complexity`, 'must be "simple" or "complex"');
    }
    const hops: readonly SimHop[] = turn.hops;
    if (!Array.isArray(hops)) throw new InvalidInputError(`${at}.hops`, 'must be a list of hops');
    hops.forEach((hop, j) => {
      const h = `${at}.hops[${j}]`;
      tokenCount(`${h}.outputTokens`, hop.outputTokens);
      tokenCount(`${h}.thinkingTokens`, hop.thinkingTokens);
      tokenCount(`${h}.toolResultTokens`, hop.toolResultTokens);
      nonNegative(`${h}.latencySeconds`, hop.latencySeconds);
    });
  });
  const candidates: Array<[string, string]> = [['defaultModel', scenario.defaultModel.model]];
  scenario.policies.forEach((p, i) => {
    if (p.model != null) candidates.push([`policies[${i}].model`, p.model.model]);
  });
  for (const model of strategyModels(scenario.strategy)) candidates.push(['strategy', model]);
  for (const [field, model] of candidates) {
    if (priceRowFor(pricing, model) === undefined) {
      throw new InvalidInputError(field, `no pricing row for model ${JSON.stringify(model)}`);
    }
  }
}
