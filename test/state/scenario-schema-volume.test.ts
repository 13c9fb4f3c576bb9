// The scenario's volume fields: the typed volumes and the traffic population
// mode; scenarios written before them still load.
import { describe, expect, it } from 'vitest';
import { parseScenario, toVersionedScenario } from '../../src/state/scenario-schema.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';

function withoutVolumes() {
  const v = JSON.parse(JSON.stringify(toVersionedScenario(DEFAULT_SCENARIO))) as Record<
    string,
    Record<string, unknown>
  >;
  delete v['gate']!['volumePerDay'];
  delete v['budget']!['volumePerDay'];
  delete v['budget']!['volumeModel'];
  delete v['routing']!['volumePerDay'];
  return v;
}

describe('scenario volumes and the traffic population', () => {
  it('reads a scenario written before them with no typed volume', () => {
    const parsed = parseScenario(withoutVolumes());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.data.gate.volumePerDay).toBeNull();
    expect(parsed.data.budget.volumePerDay).toBeNull();
    expect(parsed.data.budget.volumeModel).toBe(DEFAULT_SCENARIO.budget.volumeModel);
    expect(parsed.data.routing.volumePerDay ?? null).toBeNull();
  });

  it('keeps typed volumes and the traffic mode', () => {
    const v = withoutVolumes();
    v['gate']!['volumePerDay'] = 2_500;
    v['routing']!['volumePerDay'] = 40;
    (v['gate']!['population'] as Record<string, unknown>)['mode'] = 'traffic';
    const parsed = parseScenario(v);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.data.gate.volumePerDay).toBe(2_500);
    expect(parsed.data.routing.volumePerDay).toBe(40);
    expect(parsed.data.gate.population.mode).toBe('traffic');
  });

  it('names a bad volume', () => {
    const v = withoutVolumes();
    v['budget']!['volumePerDay'] = -3;
    expect(parseScenario(v)).toEqual({
      ok: false,
      error: 'budget.volumePerDay: must be 0 or more a day',
    });
  });
});
