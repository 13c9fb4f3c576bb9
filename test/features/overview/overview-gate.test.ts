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
      rows,
      outputs: outputs.length,
      outputsPerDay: 90,
      thresholdTokens: 2_000,
      inputs: INPUTS,
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
  });
});
