// The engine's gate lane on the traffic's tool outputs: the
// population mode 'traffic' prices the given outputs with their own
// horizons, falls back to the log-normal without them, and the recall sweep
// is the core's comparison at each prior.
import { describe, expect, it } from 'vitest';
import { comparePopulation, DEFAULT_PRICING, resolveGateInputs } from '../../src/core/index.ts';
import { packOutputs, unpackOutputs } from '../../src/domain/packed-outputs.ts';
import { breakEvenRecall } from '../../src/domain/recall-verdict.ts';
import { engineApi } from '../../src/engine/api.ts';
import { DEFAULT_GATE } from '../../src/model/gate.ts';

const OUTPUTS = [
  { sizeTokens: 30_000, horizon: 8 },
  { sizeTokens: 1_200, horizon: 2 },
  { sizeTokens: 12_000, horizon: 0 },
  { sizeTokens: 60_000, horizon: 20 },
];
const INPUTS = resolveGateInputs({ ...DEFAULT_GATE });
const TRAFFIC = { ...DEFAULT_GATE.population, mode: 'traffic' as const };

describe('packed outputs', () => {
  it('round-trip, an output without a horizon included', () => {
    const outputs = [...OUTPUTS, { sizeTokens: 7.5 }];
    expect(unpackOutputs(packOutputs(outputs))).toEqual(outputs);
  });
});

describe('engineApi on the traffic population', () => {
  it("prices the traffic's outputs with their own horizons", () => {
    const result = engineApi.population({
      population: TRAFFIC,
      inputs: INPUTS,
      pricing: DEFAULT_PRICING,
      outputs: packOutputs(OUTPUTS),
    });
    if (!result.ok) throw new Error('no figures');
    expect(result.sizeCount).toBe(4);
    const direct = comparePopulation(
      OUTPUTS,
      INPUTS,
      TRAFFIC.sizeOnlyThresholdTokens,
      DEFAULT_PRICING,
    );
    expect(result.figures.comparison.gate.totalUsd).toBeCloseTo(direct.gate.totalUsd, 12);
    // With the scenario's horizon for every output the figures differ: the horizons were used.
    const flat = comparePopulation(
      OUTPUTS.map((o) => ({ sizeTokens: o.sizeTokens })),
      INPUTS,
      TRAFFIC.sizeOnlyThresholdTokens,
      DEFAULT_PRICING,
    );
    expect(result.figures.comparison.never.totalUsd).not.toBeCloseTo(flat.never.totalUsd, 6);
  });

  it('falls back to the log-normal population without outputs', () => {
    const result = engineApi.population({
      population: TRAFFIC,
      inputs: INPUTS,
      pricing: DEFAULT_PRICING,
    });
    expect(result.sizeCount).toBe(1_000);
  });

  it('sweeps the recall prior through the core comparison', () => {
    const probabilities = [0, 0.5, 1];
    const points = engineApi.recallSweep({
      population: TRAFFIC,
      inputs: INPUTS,
      pricing: DEFAULT_PRICING,
      outputs: packOutputs(OUTPUTS),
      probabilities,
    })!;
    expect(points.map((p) => p.recallProbability)).toEqual(probabilities);
    for (const point of points) {
      const c = comparePopulation(
        OUTPUTS,
        { ...INPUTS, recallProbability: point.recallProbability },
        TRAFFIC.sizeOnlyThresholdTokens,
        DEFAULT_PRICING,
      );
      expect(point.gateUsd).toBeCloseTo(c.gate.totalUsd, 12);
      expect(point.sizeOnlyUsd).toBeCloseTo(c.sizeOnly.totalUsd, 12);
      expect(point.neverUsd).toBeCloseTo(c.never.totalUsd, 12);
    }
    // Recall only costs an offloaded output more: never offloading does not move.
    expect(points[0]!.neverUsd).toBe(points[2]!.neverUsd);
    expect(points[2]!.sizeOnlyUsd).toBeGreaterThan(points[0]!.sizeOnlyUsd);
  });

  it('has no sweep for an unpriced model', () => {
    expect(
      engineApi.recallSweep({
        population: TRAFFIC,
        inputs: { ...INPUTS, modelName: 'mystery' },
        pricing: DEFAULT_PRICING,
        outputs: packOutputs(OUTPUTS),
        probabilities: [0],
      }),
    ).toBeNull();
  });

  it('draws the region over p_recall × k, one core sweep per elasticity', () => {
    // Small outputs carried one turn and a large one carried none: a recall
    // (2,000 tokens in, 300 out) costs more than the carry it saves, so
    // size-only pays only at low recall.
    const OUTPUTS = [
      { sizeTokens: 2_100, horizon: 1 },
      { sizeTokens: 4_000, horizon: 1 },
      { sizeTokens: 30_000, horizon: 0 },
    ];
    const probabilities = Array.from({ length: 21 }, (_, i) => i / 20);
    const rows = engineApi.recallRegion({
      population: TRAFFIC,
      inputs: INPUTS,
      pricing: DEFAULT_PRICING,
      outputs: packOutputs(OUTPUTS),
      probabilities,
      elasticities: [0, 1],
    })!;
    expect(rows.map((r) => r.recallElasticity)).toEqual([0, 1]);
    for (const row of rows) {
      const c = comparePopulation(
        OUTPUTS,
        { ...INPUTS, recallProbability: 0.35 },
        TRAFFIC.sizeOnlyThresholdTokens,
        DEFAULT_PRICING,
        { recallElasticity: row.recallElasticity },
      );
      expect(row.points[7]!.sizeOnlyUsd).toBeCloseTo(c.sizeOnly.totalUsd, 12);
    }
    // With k = 0 size-only's cost is linear in p: at the break-even recall the core's
    // comparison says it costs what never offloading costs.
    const even = breakEvenRecall(rows[0]!.points, 'sizeOnly');
    expect(even.paysBelow).toBeGreaterThan(0);
    expect(even.paysBelow).toBeLessThan(1);
    const at = comparePopulation(
      OUTPUTS,
      { ...INPUTS, recallProbability: even.paysBelow },
      TRAFFIC.sizeOnlyThresholdTokens,
      DEFAULT_PRICING,
    );
    expect(at.sizeOnly.totalUsd).toBeCloseTo(at.never.totalUsd, 9);
  });
});
