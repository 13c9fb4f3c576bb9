/**
 * The headline figures of a scenario, all computed by the core: the offload
 * gate's decision and the population comparison (seed 000), the prompt
 * budget's admission (seed 003), and the routing simulation against a
 * fixed-default-model baseline (seed 001, SPEC §5). Compare and the report
 * both read them from here.
 */
import {
  admitWithinBudget,
  evaluateOffloadGate,
  resolveGateInputs,
  simulateRouting,
  type BudgetReport,
  type BudgetRow,
  type OffloadGateDecision,
  type PolicyComparison,
  type PricingTable,
  type ResolvedGateInputs,
  type SimResult,
  type SimTotals,
} from '../core/index.ts';
import { tableFromRows } from '../model/prices.ts';
import type { ScenarioData } from '../model/scenario.ts';
import { savingVsBaseline, type Saving } from './baselines.ts';
import { compileRows, toBudgetRows } from './compiled-rows.ts';
import { policyFigures, type PolicyFigures } from './population-sizes.ts';
import { baselineScenario } from './routing-runs.ts';

/** A figure, or the message that explains why there is none. */
export type Outcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export interface GateFigures {
  readonly inputs: ResolvedGateInputs;
  readonly decision: OffloadGateDecision;
}

export interface PopulationFigures extends PolicyComparison {
  readonly sizeOnlyThresholdTokens: number;
  /** The comparison of SPEC §2.1 with its basis: Δ vs never, cache-hit shares, assumptions. */
  readonly policies: PolicyFigures;
}

/** One budget row as the compiled prompt orders it, with what admission did to it. */
export interface BudgetRowFigure {
  readonly contributionId: string;
  readonly position: number;
  readonly tokens: number;
  readonly pinned: boolean;
  readonly admitted: boolean;
}

export interface BudgetFigures {
  readonly report: BudgetReport;
  /** Rows in compiled order. */
  readonly rows: readonly BudgetRowFigure[];
}

export interface RoutingFigures {
  readonly totals: SimTotals;
  readonly hops: number;
  /** The same conversation on the default model for every hop, no policies, thinking off. */
  readonly baselineModel: string;
  readonly baseline: SimTotals;
  /** What the routing saves against that baseline. */
  readonly saving: Saving;
}

export interface HeadlineFigures {
  readonly gate: Outcome<GateFigures>;
  readonly population: Outcome<PopulationFigures>;
  readonly budget: Outcome<BudgetFigures>;
  readonly routing: Outcome<RoutingFigures>;
}

/** The figure `compute` returns, or the message of what it threw. */
export function attempt<T>(compute: () => T): Outcome<T> {
  try {
    return { ok: true, value: compute() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The budget editor's rows as the core's `BudgetRow`s, in compiled order
 * (the budget tab's own order: see `compiled-rows.ts`).
 */
export function compiledBudgetRows(budget: ScenarioData['budget']): BudgetRow[] {
  return toBudgetRows(compileRows(budget.rows, budget.charsPerToken));
}

/** The gate's decision on the scenario's gate inputs. */
export function gateFigures(gate: ScenarioData['gate'], pricing: PricingTable): GateFigures {
  const inputs = resolveGateInputs(gate);
  return { inputs, decision: evaluateOffloadGate(inputs, pricing) };
}

/** The policy comparison over the scenario's population of tool outputs. */
export function populationFigures(
  gate: ScenarioData['gate'],
  pricing: PricingTable,
): PopulationFigures {
  const { population } = gate;
  const policies = policyFigures(population, resolveGateInputs(gate), pricing);
  const c = policies.comparison;
  return {
    neverOffloadUsd: c.never.totalUsd,
    sizeOnlyUsd: c.sizeOnly.totalUsd,
    netSavingGateUsd: c.gate.totalUsd,
    sizeOnlyOffloaded: c.sizeOnly.offloaded,
    gateOffloaded: c.gate.offloaded,
    populationSize: c.populationSize,
    sizeOnlyThresholdTokens: population.sizeOnlyThresholdTokens,
    policies,
  };
}

/** The budget's admission of the compiled rows. */
export function budgetFigures(budget: ScenarioData['budget']): BudgetFigures {
  const rows = compiledBudgetRows(budget);
  const { report } = admitWithinBudget(rows, {
    maxTotalTokens: budget.unbounded ? null : budget.maxTotalTokens,
  });
  const dropped = new Set(report.dropped);
  return {
    report,
    rows: rows.map((row) => ({ ...row, admitted: !dropped.has(row.contributionId) })),
  };
}

/**
 * The routing run against the default-model baseline; `result` is the
 * scenario's own run when the caller already has it.
 */
export function routingFigures(
  routing: ScenarioData['routing'],
  pricing: PricingTable,
  result: SimResult = simulateRouting(routing.scenario, pricing),
): RoutingFigures {
  const baselineModel = routing.scenario.defaultModel.model;
  const baseline = simulateRouting(baselineScenario(routing.scenario, baselineModel), pricing);
  return {
    totals: result.totals,
    hops: result.hops.length,
    baselineModel,
    baseline: baseline.totals,
    saving: savingVsBaseline(baseline.totals.totalUsd, result.totals.totalUsd),
  };
}

/**
 * Every headline figure of a scenario, from the core. Never throws: a part
 * the core rejects carries the core's message instead of figures.
 */
export function headlineFigures(data: ScenarioData): HeadlineFigures {
  const pricing = tableFromRows(data.prices.rows);
  return {
    gate: attempt(() => gateFigures(data.gate, pricing)),
    population: attempt(() => populationFigures(data.gate, pricing)),
    budget: attempt(() => budgetFigures(data.budget)),
    routing: attempt(() => routingFigures(data.routing, pricing)),
  };
}
