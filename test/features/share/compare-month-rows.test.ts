// @vitest-environment node
/**
 * A/B's monthly gate row when a scenario's population is the traffic's own
 * tool outputs: it reads the worker's comparison of those outputs (as the
 * gate tab's line does), not the headline figures' log-normal population.
 */
import { describe, expect, it } from 'vitest';
import { resolveGateInputs, type PopulationOutput } from '../../../src/core/index.ts';
import { tableFromRows } from '../../../src/model/prices.ts';
import { gateBillPart } from '../../../src/domain/bill-parts.ts';
import { headlineFigures } from '../../../src/domain/headline-figures.ts';
import { partVolumeRows } from '../../../src/domain/part-rows.ts';
import { policyFigures } from '../../../src/domain/population-sizes.ts';
import {
  DEFAULT_VOLUME_PER_DAY,
  gateUnitCosts,
  resolveVolume,
} from '../../../src/domain/volume.ts';
import type { PopulationResult } from '../../../src/engine/api.ts';
import {
  monthCompareRows,
  type MonthSide,
} from '../../../src/features/share/compare-month-rows.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { crossFigures } from '../../helpers/traffic-figures.ts';

const rates = { ...crossFigures().rates, asBilledUsdPerDay: 40 };
const carry = { outputs: 6, outputsPerDay: 120, usdPerDay: 3 };
// Large outputs, carried long: far from the log-normal default population.
const outputs: PopulationOutput[] = [30_000, 45_000, 60_000, 80_000, 2_000, 120_000].map(
  (sizeTokens) => ({ sizeTokens, horizon: 12 }),
);

function sideOf(
  scenario: ScenarioData,
  trafficGate: PopulationResult | undefined | null,
): MonthSide {
  return {
    scenario,
    figures: headlineFigures(scenario),
    pricing: tableFromRows(scenario.prices.rows),
    carry,
    trafficGate,
  };
}

const onTraffic: ScenarioData = {
  ...DEFAULT_SCENARIO,
  gate: {
    ...DEFAULT_SCENARIO.gate,
    population: { ...DEFAULT_SCENARIO.gate.population, mode: 'traffic' },
  },
};

function answerFor(scenario: ScenarioData): PopulationResult {
  const inputs = resolveGateInputs(scenario.gate);
  const figures = policyFigures(
    scenario.gate.population,
    { ...inputs, outputTokens: inputs.largeOffloadThresholdTokens },
    tableFromRows(scenario.prices.rows),
    outputs,
  );
  return { ok: true, figures, sizeCount: outputs.length, thresholdTokens: 0 };
}

const gateRow = (a: MonthSide, b: MonthSide) =>
  monthCompareRows(a, b, rates).find((row) => row.id === 'month-gate')!;

// The gate line's net-saving row per 30 days, for a comparison's unit costs.
function perMonth(comparison: Parameters<typeof gateUnitCosts>[0]): string {
  const volume = resolveVolume(null, carry.outputsPerDay, DEFAULT_VOLUME_PER_DAY.toolOutputs);
  const rows = partVolumeRows(volume, gateUnitCosts(comparison), gateBillPart(carry, 40)).rows;
  return formatUsd(rows[2]!.usdPer30Days);
}

describe("A/B's monthly gate row", () => {
  it("prices a traffic population with the worker's comparison of the traffic's outputs", () => {
    const answer = answerFor(onTraffic);
    if (!answer.ok) throw new Error('the comparison should price');
    const row = gateRow(sideOf(DEFAULT_SCENARIO, null), sideOf(onTraffic, answer));
    const lognormal = headlineFigures(DEFAULT_SCENARIO).population;
    if (!lognormal.ok) throw new Error('the headline figures should price');
    expect(row.a).toBe(perMonth(lognormal.value.policies.comparison));
    expect(row.b).toBe(perMonth(answer.figures.comparison));
    expect(row.b).not.toBe(row.a);
  });

  it('waits for the comparison, and names why it could not be priced', () => {
    expect(gateRow(sideOf(onTraffic, undefined), sideOf(onTraffic, undefined)).a).toBe('…');
    const failed: PopulationResult = { ok: false, error: null, sizeCount: 6, thresholdTokens: 0 };
    expect(gateRow(sideOf(onTraffic, failed), sideOf(onTraffic, null)).a).toBe(
      `Error: no price row for ${onTraffic.gate.modelName}`,
    );
  });
});
