/**
 * Which models the routing lab prices every-hop baselines for, which of them
 * is "the cheapest", and the one definition of "saving vs baseline". Pure.
 *
 * A price table may hold thousands of rows (LiteLLM's file has rerank,
 * embedding and image models, some priced $0): baselines are run only for
 * the models a user cares about, so the work does not grow with the table.
 */
import {
  DEFAULT_PRICING,
  priceRowFor,
  strategyModels,
  type PricingTable,
  type RoutingScenario,
} from '../core/index.ts';
import type { BaselineRow } from './routing-runs.ts';

/** The default table's models: chat models, every one of them. */
export const DEFAULT_BASELINE_MODELS: readonly string[] = Object.keys(DEFAULT_PRICING);

/** Every model a routing scenario names: the default, the strategy's and the policies'. */
export function scenarioModels(scenario: RoutingScenario): string[] {
  const names = [scenario.defaultModel.model];
  try {
    names.push(...strategyModels(scenario.strategy));
  } catch {
    // A strategy the core rejects names no model; the main run reports why.
  }
  for (const policy of scenario.policies) if (policy.model) names.push(policy.model.model);
  return names;
}

/** Whether a price row costs nothing for input and output (a placeholder, not a real price). */
export function pricedAtZero(pricing: PricingTable, model: string): boolean {
  const row = priceRowFor(pricing, model);
  return row !== undefined && row.input === 0 && row.output === 0;
}

/**
 * The models baselines are priced for, in table order: the default table's
 * (chat) models still in the table, the models the scenario uses, and the
 * extras the user chose. Names not in the table are left out, except the
 * scenario's own (their baseline row then says why it cannot be priced).
 */
export function baselineCandidates(
  tableModels: readonly string[],
  scenario: RoutingScenario,
  extras: readonly string[] = [],
): string[] {
  const used = scenarioModels(scenario);
  const wanted = new Set([...DEFAULT_BASELINE_MODELS, ...used, ...extras]);
  const inTable = tableModels.filter((m) => wanted.has(m));
  const present = new Set(inTable);
  const missingUsed = [...new Set(used)].filter((m) => !present.has(m));
  return [...inTable, ...missingUsed];
}

/** Only the rows of `models` (for sending a small table to the worker). */
export function pricingFor(pricing: PricingTable, models: Iterable<string>): PricingTable {
  const rows: [string, PricingTable[string]][] = [];
  for (const model of models) {
    const row = priceRowFor(pricing, model);
    if (row !== undefined) rows.push([model, row]);
  }
  return Object.fromEntries(rows);
}

/** A baseline that was priced, with its total. */
export interface PricedBaseline {
  readonly model: string;
  readonly totalUsd: number;
}

/**
 * The cheapest priced baseline, or null. A model whose row is priced $0
 * (input and output) is never the cheapest: it is a placeholder, not a price.
 */
export function cheapestBaseline(
  rows: readonly (BaselineRow | undefined)[],
  pricing: PricingTable,
): PricedBaseline | null {
  let best: PricedBaseline | null = null;
  for (const row of rows) {
    if (row === undefined || !row.ok || pricedAtZero(pricing, row.model)) continue;
    const totalUsd = row.run.totals.totalUsd;
    if (best === null || totalUsd < best.totalUsd) best = { model: row.model, totalUsd };
  }
  return best;
}

/** What a run saves against a baseline: USD, and as a share of the baseline (null when it is $0). */
export interface Saving {
  readonly savingUsd: number;
  readonly savingFraction: number | null;
}

/** The saving of a run costing `runUsd` against a baseline costing `baselineUsd`: positive = cheaper. */
export function savingVsBaseline(baselineUsd: number, runUsd: number): Saving {
  const savingUsd = baselineUsd - runUsd;
  return { savingUsd, savingFraction: baselineUsd !== 0 ? savingUsd / baselineUsd : null };
}
