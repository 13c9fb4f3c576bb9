/**
 * What of the scenario may leave the traffic store. A replay's mapping names
 * the models it moves: a model with a price row of the scenario is named by
 * that row (the user's price table, already in the scenario); a model
 * without one is named as the trace writes it, and that name (a fine-tune
 * named after a secret project, say) never goes into a link, a save, the
 * history or an export. Such a move stays in the tab's store only.
 */
import type { ScenarioData } from '../model/scenario.ts';
import type { TrafficSettings } from '../model/traffic.ts';

export type Move = { readonly from: string; readonly to: string };

/** The price rows' names: a move is written only when both its models are among them. */
export function rowNames(prices: ScenarioData['prices']): Set<string> {
  return new Set(prices.rows.map((r) => r.model));
}

/** Whether a move may be written: both its models have a price row. */
export const isShared = (rows: ReadonlySet<string>, move: Move) =>
  rows.has(move.from) && rows.has(move.to);

const kept = new WeakMap<TrafficSettings, { prices: object; traffic: TrafficSettings }>();

/** The traffic part as it may be written: only the moves between models with a price row. */
export function shareableTraffic(data: ScenarioData): TrafficSettings {
  const traffic = data.traffic;
  const moves = traffic.replay.mapping;
  if (moves.length === 0) return traffic;
  const held = kept.get(traffic);
  if (held !== undefined && held.prices === data.prices) return held.traffic;
  const rows = rowNames(data.prices);
  const priced = moves.filter((m) => isShared(rows, m));
  const value =
    priced.length === moves.length
      ? traffic
      : { ...traffic, replay: { ...traffic.replay, mapping: priced } };
  kept.set(traffic, { prices: data.prices, traffic: value });
  return value;
}
