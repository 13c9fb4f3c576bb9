/**
 * What routing's and the budget's volume lines scale, per unit, the tab's
 * baseline first: routing's baseline and routing per conversation, the
 * budget's prompts per call (the gate's are in volume.ts, which its first
 * visit loads anyway). The volume lines and the A/B comparison both read
 * them, so both scale the same costs. Pure.
 */
import { perToken, priceRowFor, type PricingTable } from '../core/pricing.ts';
import { formatTokenCount } from '../format/number-format.ts';
import type { UnitCosts } from './volume.ts';

/** The default model on every hop, then the routing, per conversation (either may have failed). */
export function routingUnitCosts(
  defaultModel: string,
  referenceUsd: number | undefined,
  routingUsd: number | undefined,
): UnitCosts {
  const costs: [string, number][] = [];
  if (referenceUsd !== undefined) costs.push([`Every hop on ${defaultModel}`, referenceUsd]);
  if (routingUsd !== undefined) costs.push(['This routing', routingUsd]);
  return costs;
}

/** The admitted prompt and every row without a budget, priced as plain input on one model. */
export interface PromptPrice {
  /** The model has a price row. */
  readonly priced: boolean;
  /** The admitted prompt's tokens (null: the budget failed). */
  readonly tokens: number | null;
  readonly allTokens: number;
  readonly usd: number | null;
  readonly allUsd: number | null;
}

/** The budget's prompts priced as plain input on `model`. */
export function promptPrice(
  pricing: PricingTable,
  model: string,
  admittedTokens: number | null,
  allTokens: number,
): PromptPrice {
  const row = priceRowFor(pricing, model);
  return {
    priced: row !== undefined,
    tokens: admittedTokens,
    allTokens,
    usd: row === undefined || admittedTokens === null ? null : admittedTokens * perToken(row.input),
    allUsd: row === undefined ? null : allTokens * perToken(row.input),
  };
}

/** Every row without a budget, then the admitted prompt, per prompt (none when unpriced). */
export function budgetUnitCosts(prompt: PromptPrice): UnitCosts {
  if (prompt.usd === null || prompt.allUsd === null) return [];
  return [
    [`Every row, no budget (${formatTokenCount(prompt.allTokens)} tokens)`, prompt.allUsd],
    [
      `The admitted prompt (${formatTokenCount(prompt.tokens ?? 0)} tokens, uncached input)`,
      prompt.usd,
    ],
  ];
}
