/**
 * The gate's region over the traffic as it ran: every tool output priced on
 * the model of the call that read it, its carry read from the cache as
 * often as that model's prompts were (SPEC §2.1's cached basis, φ = the
 * model's cache-read share of its prompt tokens as billed), the gate
 * deciding at that model's prices. One region per priced model, weighted
 * by its outputs into one (the comparison is a sum over outputs). Outputs
 * read by a call without a price row are left out, as their calls are out
 * of the bill.
 */
import type { PopulationOutput, ResolvedGateInputs } from '../../core/index.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { promptTokens, toolOutputPopulation, type TraceCall } from '../../core/traces/index.ts';
import { pricingFor } from '../../domain/baselines.ts';
import { recallRegionCosts, weightedRegion } from '../../domain/recall-region.ts';
import type { RegionRowCosts } from '../../domain/recall-verdict.ts';
import type { PopulationInputs } from '../../model/gate.ts';
import { rowFinder } from './replay-columns.ts';
import { trafficSpan } from './traffic-cross.ts';

/** What the region is asked with: the gate's inputs (its model is replaced by each output's own). */
export interface TrafficGateRegionRequest {
  readonly population: PopulationInputs;
  readonly inputs: ResolvedGateInputs;
  readonly probabilities: readonly number[];
  readonly elasticities: readonly number[];
}

/** The outputs of one priced model, as the region priced them. */
export interface TrafficGateGroup {
  /** The price row's name. */
  readonly model: string;
  readonly outputs: number;
  /** φ: the cache-read share of this model's prompt tokens as billed, 0–1. */
  readonly cacheHitShare: number;
}

export interface TrafficGateRegion {
  /** What it answers (its words name the gate's settings it priced). */
  readonly request: TrafficGateRegionRequest;
  /** Per 1,000 priced outputs, over the request's p × k grid. */
  readonly rows: readonly RegionRowCosts[];
  /** Tool outputs priced, and per day at the traffic's rate. */
  readonly outputs: number;
  readonly outputsPerDay: number;
  /** Tool outputs read by unpriced calls, left out. */
  readonly unpricedOutputs: number;
  /** Most outputs first. */
  readonly groups: readonly TrafficGateGroup[];
}

/** The region over `calls` (in time order) under `pricing`; undefined when no priced call read a tool output. */
export function trafficGateRegion(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  request: TrafficGateRegionRequest,
): TrafficGateRegion | undefined {
  const population = toolOutputPopulation(calls);
  // The population lists each call's tool results in call order: the same walk names their models.
  const rowOf = rowFinder(pricing);
  const outputsBy = new Map<string, PopulationOutput[]>();
  const prompt = new Map<string, { read: number; all: number }>();
  let next = 0;
  let unpricedOutputs = 0;
  for (const call of calls) {
    const model = rowOf(call.model)?.model;
    if (model !== undefined) {
      const tokens = prompt.get(model) ?? { read: 0, all: 0 };
      tokens.read += call.cacheReadTokens;
      tokens.all += promptTokens(call);
      prompt.set(model, tokens);
    }
    for (let r = 0; r < call.toolResults.length; r++) {
      const output = population[next++]!;
      if (model === undefined) {
        unpricedOutputs += 1;
        continue;
      }
      const list = outputsBy.get(model) ?? [];
      list.push({ sizeTokens: output.sizeTokens, horizon: output.horizon });
      outputsBy.set(model, list);
    }
  }
  if (next !== population.length) throw new Error('tool outputs out of step with their calls');
  const groups: TrafficGateGroup[] = [...outputsBy]
    .map(([model, outputs]) => {
      const tokens = prompt.get(model)!;
      return {
        model,
        outputs: outputs.length,
        cacheHitShare: tokens.all > 0 ? tokens.read / tokens.all : 0,
      };
    })
    .sort((a, b) => b.outputs - a.outputs || a.model.localeCompare(b.model));
  if (groups.length === 0) return undefined;
  const parts = groups.map((group) => ({
    outputs: group.outputs,
    rows: recallRegionCosts(
      {
        ...request.population,
        mode: 'traffic',
        carryBasis: 'cached',
        cacheHitShare: group.cacheHitShare,
      },
      { ...request.inputs, modelName: group.model },
      pricingFor(pricing, [group.model]),
      outputsBy.get(group.model),
      request.probabilities,
      request.elasticities,
    ),
  }));
  const outputs = groups.reduce((n, g) => n + g.outputs, 0);
  return {
    request,
    rows: weightedRegion(parts),
    outputs,
    outputsPerDay: outputs / trafficSpan(calls).spanDays,
    unpricedOutputs,
    groups,
  };
}
