/**
 * The figures behind the report's assumptions, as a pure function of the
 * scenario: the routing conversation's hop count, its cache TTL and the
 * "Prices used" table of the models in play.
 */
import { cacheReadPrice, cacheWritePrice, strategyModels } from '../../core/index.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { formatDecimal } from '../../format/number-format.ts';

/** The models the report's figures are priced on, in the order they first appear. */
export function modelsInPlay(data: ScenarioData): string[] {
  const s = data.routing.scenario;
  const models = [
    data.gate.modelName,
    s.defaultModel.model,
    ...strategyModels(s.strategy),
    ...s.policies.flatMap((p) => (p.model ? [p.model.model] : [])),
  ];
  return [...new Set(models)];
}

/** One line of "Prices used": a model's prices per million tokens, or its absence. */
export type PriceUsed =
  | {
      readonly model: string;
      readonly missing: false;
      readonly input: string;
      readonly output: string;
      /** The cache write price at the routing conversation's TTL. */
      readonly cacheWrite: string;
      readonly cacheRead: string;
    }
  | { readonly model: string; readonly missing: true };

/** What the report's assumptions show beside the scenario's own inputs. */
export interface AssumptionFacts {
  /** Hops in the routing conversation. */
  readonly hops: number;
  /** The routing conversation's cache TTL, seconds. */
  readonly ttlSeconds: number;
  readonly pricesUsed: readonly PriceUsed[];
}

const perM = (usd: number) => `$${formatDecimal(usd, 4, 2)}`;

/** The hop count, the cache TTL and the prices of the models in play. */
export function assumptionFacts(data: ScenarioData): AssumptionFacts {
  const r = data.routing.scenario;
  const ttlSeconds = r.cacheTtlSeconds ?? 300;
  return {
    hops: r.turns.reduce((n, t) => n + t.hops.length, 0),
    ttlSeconds,
    pricesUsed: modelsInPlay(data).map((model): PriceUsed => {
      const row = data.prices.rows.find((candidate) => candidate.model === model);
      return row === undefined
        ? { model, missing: true }
        : {
            model,
            missing: false,
            input: perM(row.input),
            output: perM(row.output),
            cacheWrite: perM(cacheWritePrice(row, ttlSeconds)),
            cacheRead: perM(cacheReadPrice(row)),
          };
    }),
  };
}
