// @vitest-environment node
/**
 * The report's and the comparison's nodes of the derivation graph: each part
 * of the headline figures recomputes only when what it reads changes, A's
 * figures keep their identity while only B changes, and a result rebuilt
 * equal by value keeps the kept object.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HeadlineModule from '../../../src/domain/headline-figures.ts';
import { useAppStore } from '../../../src/state/store.ts';
import type { ScenarioData } from '../../../src/model/scenario.ts';

// Counts the core's runs behind each part of the figures.
vi.mock('../../../src/domain/headline-figures.ts', async (importOriginal) => {
  const original = await importOriginal<typeof HeadlineModule>();
  return {
    ...original,
    gateFigures: vi.fn(original.gateFigures),
    populationFigures: vi.fn(original.populationFigures),
    budgetFigures: vi.fn(original.budgetFigures),
    routingFigures: vi.fn(original.routingFigures),
    headlineFigures: vi.fn(original.headlineFigures),
  };
});

const figures = await import('../../../src/domain/headline-figures.ts');
const {
  currentBudgetFigures,
  currentFigures,
  currentGateFigures,
  currentHops,
  currentPopulationFigures,
  currentRoutingFigures,
  currentScenario,
  pinnedFigures,
} = await import('../../../src/features/share/figure-nodes.ts');
const { comparisonRows, comparisonStatus, fateDiffs, inputDiffs } =
  await import('../../../src/features/share/compare-nodes.ts');
const {
  reportBudgetChart,
  reportGateChart,
  reportPolicyChart,
  reportRoutingChart,
  reportTrafficOf,
} = await import('../../../src/features/share/report-nodes.ts');
const { useShareStore } = await import('../../../src/features/share/share-store.ts');
const { selectScenario } = await import('../../../src/state/store.ts');

const runs = () => ({
  gate: vi.mocked(figures.gateFigures).mock.calls.length,
  population: vi.mocked(figures.populationFigures).mock.calls.length,
  budget: vi.mocked(figures.budgetFigures).mock.calls.length,
  routing: vi.mocked(figures.routingFigures).mock.calls.length,
  scenario: vi.mocked(figures.headlineFigures).mock.calls.length,
});

function setGate(patch: Partial<ScenarioData['gate']>): void {
  useAppStore.setState((s) => ({ gate: { ...s.gate, ...patch } }));
}

beforeEach(() => {
  useShareStore.getState().pinA(null);
  useAppStore.getState().resetToDefaults();
  vi.clearAllMocks();
});

afterEach(() => {
  useShareStore.getState().pinA(null);
  useAppStore.getState().resetToDefaults();
});

describe("the current scenario's headline figures", () => {
  it('recompute only the parts whose inputs changed', () => {
    const first = currentFigures.get();
    expect(runs()).toMatchObject({ gate: 1, population: 1, budget: 1, routing: 1 });

    // Not a scenario change for any figure: the tab shown.
    useAppStore.getState().setTab('budget');
    expect(currentFigures.get()).toBe(first);
    expect(runs()).toMatchObject({ gate: 1, population: 1, budget: 1, routing: 1 });

    // The gate's output size: the gate and the policy comparison, nothing else.
    setGate({ outputTokens: first.gate.ok ? first.gate.value.inputs.outputTokens + 1_000 : 1 });
    const second = currentFigures.get();
    expect(second).not.toBe(first);
    expect(second.gate).not.toBe(first.gate);
    expect(second.budget).toBe(first.budget);
    expect(second.routing).toBe(first.routing);
    expect(runs()).toMatchObject({ gate: 2, population: 2, budget: 1, routing: 1 });

    // Reading again without a change runs nothing.
    expect(currentFigures.get()).toBe(second);
    expect(runs()).toMatchObject({ gate: 2, population: 2, budget: 1, routing: 1 });
  });

  it('keep the kept object when a part is rebuilt equal by value', () => {
    const first = currentFigures.get();
    const gateChart = reportGateChart.get();
    const hops = currentHops.get();

    // A fresh gate object holding the same values: recomputed, found equal, kept.
    useAppStore.setState((s) => ({ gate: { ...s.gate } }));
    expect(currentGateFigures.get()).toBe(first.gate);
    expect(currentPopulationFigures.get()).toBe(first.population);
    expect(runs()).toMatchObject({ gate: 2, population: 2 });
    expect(currentFigures.get()).toBe(first);
    expect(reportGateChart.get()).toBe(gateChart);

    // The same for a fresh routing slice: the run is redone, its hops kept.
    useAppStore.setState((s) => ({ routing: { ...s.routing } }));
    expect(currentRoutingFigures.get()).toBe(first.routing);
    expect(currentHops.get()).toBe(hops);
    expect(currentFigures.get()).toBe(first);
  });

  it('redraw only the report chart whose part changed', () => {
    const charts = [reportGateChart, reportPolicyChart, reportBudgetChart, reportRoutingChart].map(
      (node) => node.get(),
    );
    useAppStore.setState((s) => ({ budget: { ...s.budget, unbounded: !s.budget.unbounded } }));
    const after = [reportGateChart, reportPolicyChart, reportBudgetChart, reportRoutingChart].map(
      (node) => node.get(),
    );
    expect(after[0]).toBe(charts[0]);
    expect(after[1]).toBe(charts[1]);
    expect(after[2]).not.toBe(charts[2]);
    expect(after[3]).toBe(charts[3]);
    expect(currentBudgetFigures.get()).toBe(currentFigures.get().budget);
  });
});

describe('the comparison of A with B', () => {
  it('keeps A’s figures while only B changes', () => {
    useShareStore.getState().pinA(selectScenario(useAppStore.getState()));
    const a = pinnedFigures.get();
    expect(a).not.toBeNull();
    expect(comparisonStatus.get()).toBe(
      'B has the same inputs as A. B matches A on every headline figure.',
    );
    const scenarioRuns = runs().scenario;

    setGate({ outputTokens: 3_000 });
    expect(pinnedFigures.get()).toBe(a);
    expect(runs().scenario).toBe(scenarioRuns);
    expect(inputDiffs.get().map((d) => d.field)).toEqual(['Output tokens']);
    expect(fateDiffs.get()).toContainEqual({
      group: 'Offload gate',
      subject: 'Gate verdict',
      a: 'Offload',
      b: 'Keep inline',
    });
    expect(comparisonRows.get().some((r) => r.changed)).toBe(true);

    // Pinning another scenario is what recomputes A.
    useShareStore.getState().pinA(selectScenario(useAppStore.getState()));
    expect(pinnedFigures.get()).not.toBe(a);
    expect(runs().scenario).toBe(scenarioRuns + 1);
    expect(inputDiffs.get()).toEqual([]);
  });

  it('keeps the figure rows when B changes an input no figure reads', () => {
    useShareStore.getState().pinA(selectScenario(useAppStore.getState()));
    const rows = comparisonRows.get();
    const fates = fateDiffs.get();
    useAppStore.setState((s) => ({ ui: { ...s.ui, reportTitle: 'Another title' } }));
    expect(inputDiffs.get()).toHaveLength(1);
    expect(comparisonRows.get()).toBe(rows);
    expect(fateDiffs.get()).toBe(fates);
    expect(comparisonStatus.get()).toBe(
      '1 input differs; 0 outcomes differ. B matches A on every headline figure.',
    );
  });

  it('is empty while nothing is pinned', () => {
    expect(pinnedFigures.get()).toBeNull();
    expect(comparisonRows.get()).toEqual([]);
    expect(inputDiffs.get()).toEqual([]);
    expect(fateDiffs.get()).toEqual([]);
    expect(currentScenario.get()).toEqual(selectScenario(useAppStore.getState()));
  });
});

describe("the report's traffic section", () => {
  const none = {
    source: undefined,
    rates: undefined,
    priors: undefined,
    population: undefined,
    ttl: undefined,
    replay: undefined,
    replayTimeline: undefined,
  };

  it('scales the replay to 30 days, and is empty without traffic', () => {
    expect(reportTrafficOf(none)).toBeNull();
    const rates = {
      spanDays: 2,
      conversationsPerDay: 1,
      callsPerDay: 10,
      toolOutputsPerDay: 5,
      asBilledUsdPerDay: 3,
      promptsUsdPerDay: 2,
      byModelUsdPerDay: {},
    };
    const traffic = reportTrafficOf({
      ...none,
      source: '20 calls',
      rates,
      replay: {
        choiceText: 'on another model',
        asBilledUsd: 6,
        asRunUsd: 6,
        replayUsd: 4,
        deltaUsd: -2,
        deltaPct: -33.3,
        cacheHitShare: 0.5,
      },
    });
    expect(traffic).toMatchObject({ asBilledUsd: 6 });
    expect(traffic?.replayPerMonthUsd).toBeCloseTo(60, 9);
  });
});
