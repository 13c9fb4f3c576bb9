/**
 * Each tab's monthly figure for A and B, as its volume line shows it with
 * the traffic stored in this browser: the net-saving gate, the routing and
 * the admitted prompt, per 30 days, each scaled to the part of the bill its
 * tab models (bill-parts.ts) at that scenario's volume (typed, else the
 * traffic's rate) and on that scenario's prices. Pure.
 */
import type { PricingTable } from '../../core/pricing.ts';
import { budgetBillPart, gateBillPart, routingBillPart } from '../../domain/bill-parts.ts';
import type { HeadlineFigures } from '../../domain/headline-figures.ts';
import { partVolumeRows } from '../../domain/part-rows.ts';
import { budgetUnitCosts, promptPrice, routingUnitCosts } from '../../domain/tab-costs.ts';
import {
  DEFAULT_VOLUME_PER_DAY,
  gateUnitCosts,
  resolveVolume,
  type BillPart,
  type UnitCosts,
} from '../../domain/volume.ts';
import type { PopulationResult } from '../../engine/api.ts';
import type { TrafficCarry } from '../../engine/traces/traffic-carry.ts';
import type { TrafficRates } from '../../engine/traces/traffic-figures.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { compareRow, from, type ComparisonRow, type Figure } from './compare-rows.ts';

/** One side: its scenario, figures and prices, and the traffic's carry under those prices. */
export interface MonthSide {
  readonly scenario: ScenarioData;
  readonly figures: HeadlineFigures;
  readonly pricing: PricingTable;
  /** Undefined while it is worked out. */
  readonly carry: TrafficCarry | undefined;
  /**
   * The policy comparison over the traffic's own tool outputs, as the gate
   * tab has the worker price it, when the scenario's population is the
   * traffic's (undefined while it is worked out); null when it is not, or
   * when the traffic has no outputs and the gate falls back to the
   * log-normal population of the headline figures.
   */
  readonly trafficGate: PopulationResult | undefined | null;
}

type Side = Figure | { error: string };

const WORKING: Side = { kind: 'text', value: '…' };

/** The `index`-th cost of a tab per 30 days, scaled to `part` at `volume`. */
function perMonth(
  costs: UnitCosts,
  index: number,
  volume: ReturnType<typeof resolveVolume>,
  part: BillPart,
): Side {
  const row = partVolumeRows(volume, costs, part).rows[index];
  return row === undefined
    ? { kind: 'text', value: '—' }
    : { kind: 'usd', value: row.usdPer30Days };
}

function gateMonth(side: MonthSide, rates: TrafficRates): Side {
  const { carry, trafficGate } = side;
  if (carry === undefined || trafficGate === undefined) return WORKING;
  const volume = resolveVolume(
    side.scenario.gate.volumePerDay,
    carry.outputsPerDay,
    DEFAULT_VOLUME_PER_DAY.toolOutputs,
  );
  const part = gateBillPart(carry, rates.asBilledUsdPerDay);
  // Over the traffic's own outputs, the worker's comparison, as the gate tab's line reads it.
  if (trafficGate !== null) {
    if (!trafficGate.ok) {
      return { error: trafficGate.error ?? `no price row for ${side.scenario.gate.modelName}` };
    }
    return perMonth(gateUnitCosts(trafficGate.figures.comparison), 2, volume, part);
  }
  return from(side.figures.population, (p) =>
    perMonth(gateUnitCosts(p.policies.comparison), 2, volume, part),
  );
}

function routingMonth(side: MonthSide, rates: TrafficRates): Side {
  const { routing } = side.scenario;
  const volume = resolveVolume(
    routing.volumePerDay,
    rates.conversationsPerDay,
    DEFAULT_VOLUME_PER_DAY.conversations,
  );
  const part = routingBillPart(routing.scenario, side.pricing, rates);
  return from(side.figures.routing, (r) =>
    perMonth(
      routingUnitCosts(r.baselineModel, r.baseline.totalUsd, r.totals.totalUsd),
      1,
      volume,
      part,
    ),
  );
}

function budgetMonth(side: MonthSide, rates: TrafficRates): Side {
  const { budget } = side.scenario;
  const volume = resolveVolume(
    budget.volumePerDay,
    rates.callsPerDay,
    DEFAULT_VOLUME_PER_DAY.prompts,
  );
  return from(side.figures.budget, (b) => {
    const allTokens = b.rows.reduce((sum, row) => sum + row.tokens, 0);
    const prompt = promptPrice(side.pricing, budget.volumeModel, b.report.totalTokens, allTokens);
    if (!prompt.priced) return { error: `no price row for ${budget.volumeModel}` };
    return perMonth(budgetUnitCosts(prompt), 1, volume, budgetBillPart(rates));
  });
}

/**
 * The three tabs' monthly figures of A and B with the traffic's rates: what
 * each tab's volume line says for its own policy (the gate's net-saving
 * gate, the routing, the admitted prompt).
 */
export function monthCompareRows(a: MonthSide, b: MonthSide, rates: TrafficRates): ComparisonRow[] {
  const lines: [string, string, (side: MonthSide, rates: TrafficRates) => Side][] = [
    ['month-gate', 'Offload gate: the net-saving gate, per 30 days', gateMonth],
    ['month-routing', 'Model routing: this routing, per 30 days', routingMonth],
    ['month-budget', 'Prompt budget: the admitted prompt, per 30 days', budgetMonth],
  ];
  return lines.map(([id, label, read]) => compareRow(id, label, read(a, rates), read(b, rates)));
}
