import { describe, expect, it } from 'vitest';
import { headlineFigures } from '../../../src/domain/headline-figures.ts';
import { fateDifferences } from '../../../src/features/share/fate-diff.ts';
import { inputDifferences } from '../../../src/features/share/scenario-diff.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';

const asRecord = (d: ScenarioData) => d as unknown as Record<string, unknown>;
const diff = (a: ScenarioData, b: ScenarioData) => inputDifferences(asRecord(a), asRecord(b));

function withRouting(change: (r: ScenarioData['routing']['scenario']) => object): ScenarioData {
  const scenario = DEFAULT_SCENARIO.routing.scenario;
  return {
    ...DEFAULT_SCENARIO,
    routing: { ...DEFAULT_SCENARIO.routing, scenario: { ...scenario, ...change(scenario) } },
  } as ScenarioData;
}

describe('inputs that differ', () => {
  it('finds none between a scenario and itself', () => {
    expect(diff(DEFAULT_SCENARIO, structuredClone(DEFAULT_SCENARIO))).toEqual([]);
  });

  it.each([
    [
      'a gate field',
      { ...DEFAULT_SCENARIO, gate: { ...DEFAULT_SCENARIO.gate, outputTokens: 12_345 } },
      'Offload gate',
      'Output tokens',
      DEFAULT_SCENARIO.gate.outputTokens.toLocaleString('en-US'),
      '12,345',
    ],
    [
      'a nested population field',
      {
        ...DEFAULT_SCENARIO,
        gate: {
          ...DEFAULT_SCENARIO.gate,
          population: { ...DEFAULT_SCENARIO.gate.population, carryBasis: 'cached' },
        },
      },
      'Offload gate',
      'Policy comparison › carried-context basis',
      '“uncached”',
      '“cached”',
    ],
    [
      'a budget row, named by its id',
      {
        ...DEFAULT_SCENARIO,
        budget: {
          ...DEFAULT_SCENARIO.budget,
          rows: DEFAULT_SCENARIO.budget.rows.map((r) =>
            r.contributionId === 'system' ? { ...r, tokens: 999 } : r,
          ),
        },
      },
      'Prompt budget',
      'Row “system” › tokens',
      '1,200',
      '999',
    ],
  ])('names %s with both values', (_what, b, group, field, va, vb) => {
    expect(diff(DEFAULT_SCENARIO, b as ScenarioData)).toEqual([{ group, field, a: va, b: vb }]);
  });

  it('names a hop of a turn by position and a removed row by name', () => {
    const b = withRouting((s) => ({
      turns: s.turns.map((t, i) =>
        i === 1
          ? { ...t, hops: t.hops.map((h, j) => (j === 0 ? { ...h, outputTokens: 7 } : h)) }
          : t,
      ),
    }));
    const lines = diff(DEFAULT_SCENARIO, b);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.field).toBe('Turn 2 › hop 1 › output tokens');
    expect(lines[0]?.group).toBe('Model routing');
    expect(lines[0]?.b).toBe('7');

    const removed = {
      ...DEFAULT_SCENARIO,
      budget: { ...DEFAULT_SCENARIO.budget, rows: DEFAULT_SCENARIO.budget.rows.slice(1) },
    };
    const first = DEFAULT_SCENARIO.budget.rows[0]?.contributionId ?? '';
    expect(diff(DEFAULT_SCENARIO, removed)).toContainEqual({
      group: 'Prompt budget',
      field: `Row “${first}”`,
      a: 'present',
      b: 'removed',
    });
  });
});

describe('outcomes that differ', () => {
  const fates = (a: ScenarioData, b: ScenarioData) =>
    fateDifferences(a, b, headlineFigures(a), headlineFigures(b));

  it('names the gate verdict and each budget row kept in one and dropped in the other', () => {
    const b: ScenarioData = {
      ...DEFAULT_SCENARIO,
      gate: { ...DEFAULT_SCENARIO.gate, outputTokens: 3_000 },
      budget: { ...DEFAULT_SCENARIO.budget, unbounded: true },
    };
    const lines = fates(DEFAULT_SCENARIO, b);
    const before = headlineFigures(DEFAULT_SCENARIO).budget;
    const dropped = before.ok ? before.value.report.dropped : [];
    expect(dropped.length).toBeGreaterThan(0);
    expect(lines[0]).toEqual({
      group: 'Offload gate',
      subject: 'Gate verdict',
      a: 'Offload',
      b: 'Keep inline',
    });
    for (const name of dropped) {
      expect(lines).toContainEqual({
        group: 'Prompt budget',
        subject: `Row “${name}”`,
        a: 'dropped',
        b: 'kept',
      });
    }
  });

  it('names every hop routed to another model', () => {
    const b = withRouting(() => ({
      strategy: { kind: 'fixed', model: { model: 'claude-haiku-4-5', thinking: false } },
    }));
    const lines = fates(DEFAULT_SCENARIO, b).filter((l) => l.group === 'Model routing');
    expect(
      lines.some((l) => /^Turn \d+ hop \d+$/.test(l.subject) && l.b === 'claude-haiku-4-5'),
    ).toBe(true);
    const hops = DEFAULT_SCENARIO.routing.scenario.turns.reduce((n, t) => n + t.hops.length, 0);
    expect(lines).toContainEqual(
      expect.objectContaining({ subject: 'claude-haiku-4-5', b: `${hops} hops` }),
    );
  });
});

describe('the replay choice', () => {
  it('is compared under "Your traffic"', () => {
    const b = {
      ...DEFAULT_SCENARIO,
      traffic: {
        ...DEFAULT_SCENARIO.traffic,
        replay: { ...DEFAULT_SCENARIO.traffic.replay, ttl: 'oneHour' },
      },
    } as ScenarioData;
    const found = diff(DEFAULT_SCENARIO, b);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      group: 'Your traffic',
      a: 'as each conversation ran',
      b: '1 hour',
    });
    expect(found[0]!.field.toLowerCase()).toContain('cache ttl');
  });
});
