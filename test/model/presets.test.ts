import { describe, expect, it } from 'vitest';
import { headlineFigures } from '../../src/domain/headline-figures.ts';
import { comparePopulation, DEFAULT_PRICING, logNormalPopulation } from '../../src/core/index.ts';
import { findPreset, PRESETS, V712_PRESET_ID } from '../../src/model/presets.ts';
import { parseScenario, toVersionedScenario } from '../../src/state/scenario-schema.ts';

function figuresOf(id: string) {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return headlineFigures(preset.build());
}

describe('presets', () => {
  it.each(PRESETS.map((p) => [p.name, p] as const))('%s is a valid scenario', (_name, preset) => {
    const data = preset.build();
    expect(parseScenario(toVersionedScenario(data))).toEqual({ ok: true, data });
    expect(data.ui.tab).toBe(preset.tab);
  });

  it('offers the worked examples, the size-only loss, routing and budget presets by name', () => {
    const names = PRESETS.map((p) => p.name).join('\n');
    for (const name of [
      'Gate worked example A (40k tokens, 6 turns, opus-4-6)',
      'Gate worked example B (3k tokens, below threshold)',
      'Size-only offload that lost money',
      'Hop-aware thinking',
      'Sticky router',
      'Typical prompt budget',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
  });

  it('worked example A fires and B is below the threshold', () => {
    const a = figuresOf('gate-a').gate;
    const b = figuresOf('gate-b').gate;
    expect(a.ok && a.value.decision.fire).toBe(true);
    expect(b.ok && b.value.decision.reason).toBe(
      'below large_offload_threshold (3000 < 10000 tokens)',
    );
  });

  it('the size-only offload costs more than never offloading', () => {
    const population = figuresOf('size-only-loss').population;
    expect(population.ok).toBe(true);
    if (population.ok) {
      expect(population.value.sizeOnlyUsd).toBeGreaterThan(population.value.neverOffloadUsd);
      expect(population.value.netSavingGateUsd).toBeLessThanOrEqual(
        population.value.neverOffloadUsd,
      );
    }
  });

  it("v7.12.0's loss, illustrated: size-only about +97 %, the gate about −10 % against never (SPEC §2.1)", () => {
    const preset = findPreset(V712_PRESET_ID);
    expect(preset?.name).toBe("v7.12.0's loss, illustrated");
    expect(preset?.tab).toBe('gate');
    const population = figuresOf(V712_PRESET_ID).population;
    expect(population.ok).toBe(true);
    if (!population.ok) return;
    const { comparison, basis } = population.value.policies;
    // The same figures straight from the core, with the preset's inputs spelled out.
    const direct = comparePopulation(
      logNormalPopulation(5_000, 1).map((sizeTokens) => ({ sizeTokens })),
      {
        outputTokens: 5_000,
        horizon: 3,
        recallProbability: 0.3,
        modelName: 'claude-opus-4-6',
        largeOffloadThresholdTokens: basis.largeOffloadThresholdTokens,
        stubTokens: basis.stubTokens,
        recallInputTokens: 2_000,
        recallOutputTokens: 300,
      },
      2_000,
      DEFAULT_PRICING,
      { carryBasis: 'cached', cacheHitShare: 0.9, tailTokens: 8_000, recallElasticity: 1 },
    );
    expect(comparison).toEqual(direct);
    expect(basis).toMatchObject({ carryBasis: 'cached', horizon: 3, recallProbability: 0.3 });
    expect(comparison.sizeOnly.deltaVsNeverPct).toBeGreaterThan(90);
    expect(comparison.sizeOnly.deltaVsNeverPct).toBeLessThan(105);
    expect(comparison.gate.deltaVsNeverPct).toBeLessThan(-5);
    expect(comparison.gate.deltaVsNeverPct).toBeGreaterThan(-15);
    // Offloading by size alone throws away most of the warm cache.
    expect(comparison.sizeOnly.carriedCacheHitPct).toBeLessThan(
      comparison.never.carriedCacheHitPct,
    );
  });

  it.each([
    ['hop-aware', 'hopAware'],
    ['sticky', 'sticky'],
  ])('the %s router simulates', (id, kind) => {
    const preset = findPreset(id);
    expect(preset?.build().routing.scenario.strategy.kind).toBe(kind);
    const routing = figuresOf(id).routing;
    expect(routing.ok).toBe(true);
    if (routing.ok) expect(routing.value.totals.resolverCalls).toBeGreaterThan(0);
  });

  it('the typical prompt budget drops some rows but keeps the pinned ones', () => {
    const budget = figuresOf('typical-budget').budget;
    expect(budget.ok).toBe(true);
    if (budget.ok) {
      expect(budget.value.report.dropped.length).toBeGreaterThan(0);
      const pinned = budget.value.rows.filter((r) => r.pinned).map((r) => r.contributionId);
      expect(pinned.length).toBeGreaterThan(0);
      expect(budget.value.report.admitted).toEqual(expect.arrayContaining(pinned));
    }
  });
});
