// The Overview's offload decision: the policy safe at every recall rate and
// elasticity the gate's region sweeps, with its saving at worst as the figure.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, resolveGateInputs } from '../../../src/core/index.ts';
import { packOutputs } from '../../../src/domain/packed-outputs.ts';
import {
  offloadAdvice,
  REGION_ELASTICITIES,
  sizeOnlyLossRange,
  REGION_RECALL_STEPS,
} from '../../../src/domain/recall-verdict.ts';
import { engineApi } from '../../../src/engine/api.ts';
import type { TrafficAnalysis } from '../../../src/engine/traces/traffic-types.ts';
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

const at = (p: number, neverUsd: number, sizeOnlyUsd: number, gateUsd: number) => ({
  recallProbability: p,
  neverUsd,
  sizeOnlyUsd,
  gateUsd,
});

describe('offloadAdvice', () => {
  it('picks the safe policy that saves most at worst', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 30, 45)] }];
    expect(offloadAdvice(rows)).toMatchObject({
      policy: 'sizeOnly',
      leastSavingUsd: 20,
      mostSavingUsd: 40,
      sizeOnlyLosesAbove: [],
    });
  });

  it('passes over size-only where it can lose, and says from where', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 90, 50)] }];
    const advice = offloadAdvice(rows);
    expect(advice.policy).toBe('gate');
    expect(advice.leastSavingUsd).toBe(0);
    expect(advice.sizeOnlyLosesAbove).toEqual([{ recallElasticity: 0, paysBelow: 0.5 }]);
  });

  it('gives the range size-only breaks even at over only the k where it can lose', () => {
    const rows = [
      { recallElasticity: 0, points: [at(0, 50, 10, 20), at(1, 50, 40, 45)] },
      { recallElasticity: 2, points: [at(0, 50, 10, 20), at(1, 50, 90, 50)] },
    ];
    const advice = offloadAdvice(rows);
    expect(advice).toMatchObject({ sizeOnlySafe: false, gateSafe: true, policy: 'gate' });
    expect(sizeOnlyLossRange(advice)).toEqual({ lowest: 0.5, highest: 0.5 });
    expect(advice.byK.map((b) => b.sizeOnly.paysBelow)).toEqual([1, 0.5]);
  });

  it('keeps outputs in context when no policy saves', () => {
    const rows = [{ recallElasticity: 0, points: [at(0, 50, 60, 50), at(1, 50, 90, 50)] }];
    expect(offloadAdvice(rows)).toMatchObject({ policy: 'never', noSafePolicy: false });
  });
});

describe('the Overview on the gate', () => {
  it("states the decision on the traffic's outputs, its saving at worst per 30 days", () => {
    const outputs = [
      { sizeTokens: 30_000, horizon: 8 },
      { sizeTokens: 12_000, horizon: 3 },
      { sizeTokens: 60_000, horizon: 20 },
    ];
    const rows = region(outputs);
    const analysis = {
      billed: {
        totals: {
          totalUsd: 0,
          inputUsd: 0,
          cacheReadUsd: 0,
          cacheWrite5mUsd: 0,
          cacheWrite1hUsd: 0,
          outputUsd: 0,
          toolFeesUsd: 0,
        },
        unpricedCalls: 0,
        byProject: [],
        byModel: [],
      },
      tokens: {
        inputTokens: 0,
        cacheReadTokens: 0,
        cacheWrite5mTokens: 0,
        cacheWrite1hTokens: 0,
        outputTokens: 0,
      },
      calls: 0,
      conversations: 0,
    } as unknown as TrafficAnalysis;
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
