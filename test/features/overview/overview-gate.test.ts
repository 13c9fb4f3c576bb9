// The Overview's offload decision: the policy safe at every recall rate and
// elasticity the gate's region sweeps (offloadAdvice, tested in
// test/domain/recall-verdict.test.ts), with its saving at worst as the figure.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, resolveGateInputs } from '../../../src/core/index.ts';
import { packOutputs } from '../../../src/domain/packed-outputs.ts';
import {
  offloadAdvice,
  REGION_ELASTICITIES,
  REGION_RECALL_STEPS,
} from '../../../src/domain/recall-verdict.ts';
import { engineApi } from '../../../src/engine/api.ts';
import { analyseTraffic } from '../../../src/engine/traces/traffic-analysis.ts';
import { overviewViewOf } from '../../../src/features/overview/overview-view.ts';
import { DEFAULT_GATE } from '../../../src/model/gate.ts';

const INPUTS = resolveGateInputs({ ...DEFAULT_GATE });

function region(outputs: { sizeTokens: number; horizon: number }[]) {
  return engineApi.recallRegion({
    population: { ...DEFAULT_GATE.population, mode: 'traffic' },
    inputs: INPUTS,
    pricing: DEFAULT_PRICING,
    outputs: packOutputs(outputs),
    probabilities: REGION_RECALL_STEPS,
    elasticities: REGION_ELASTICITIES,
  })!;
}

describe('the Overview on the gate', () => {
  it("states the decision on the traffic's outputs, its saving at worst per 30 days", () => {
    const outputs = [
      { sizeTokens: 30_000, horizon: 8 },
      { sizeTokens: 12_000, horizon: 3 },
      { sizeTokens: 60_000, horizon: 20 },
    ];
    const rows = region(outputs);
    // No calls: only the gate's decision is under test here.
    const analysis = analyseTraffic([], DEFAULT_PRICING);
    const view = overviewViewOf(analysis, undefined, undefined, {
      request: {
        population: DEFAULT_GATE.population,
        inputs: INPUTS,
        probabilities: REGION_RECALL_STEPS,
        elasticities: REGION_ELASTICITIES,
      },
      rows,
      outputs: outputs.length,
      outputsPerDay: 90,
      unpricedOutputs: 1,
      groups: [
        { model: 'claude-sonnet-4-5', outputs: 2, cacheHitShare: 0.914 },
        { model: 'claude-haiku-4-5', outputs: 1, cacheHitShare: 0.5 },
      ],
    });
    const gate = view.decisions.find((d) => d.id === 'gate')!;
    // Worked out here from the engine's region, not from the view.
    const advice = offloadAdvice(rows);
    expect(advice.policy).not.toBe('never');
    const key = advice.policy === 'gate' ? 'gateUsd' : 'sizeOnlyUsd';
    const least = Math.min(...rows.flatMap((r) => r.points.map((p) => p.neverUsd - p[key])));
    expect(gate.changeUsd).toBeCloseTo((-least * 3) / 1000, 12);
    expect(gate.changePer30DaysUsd).toBeCloseTo((-least * 90 * 30) / 1000, 12);
    expect(gate.sentence).toMatch(/^Offload .*: on your 3 tool outputs it saves /);
    expect(gate.confidence.level).toBe('depends');
    expect(gate.tab).toBe('gate');
    // The part of the bill: each output on its own call's model, at that model's cache share.
    expect(gate.billPart).toBe(
      'the carry of the 3 tool outputs in your traffic, each priced on the model of the call that read it, ' +
        "read from the cache as often as that model's prompts were (claude-sonnet-4-5: 2 outputs, 91% of its " +
        'prompts read from cache; claude-haiku-4-5: 1 output, 50% of its prompts read from cache); ' +
        'the 1 output of calls without a price row is left out',
    );
  });
});
