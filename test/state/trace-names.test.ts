// A replay's move of a model without a price row names the model as the
// trace writes it: that name never leaves the tab's store.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  scenarioToJson,
} from '../../src/state/persistence.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../src/state/scenario-json.ts';
import { choiceText } from '../../src/domain/traffic-replay.ts';
import { choiceWordsWithoutTraceNames } from '../../src/features/share/report-trace-names.ts';
import { shareableTraffic } from '../../src/state/trace-names.ts';

const SECRET = 'ft:gpt-4o:acme:project-nightingale';

function withMoves(data: ScenarioData = DEFAULT_SCENARIO): ScenarioData {
  return {
    ...data,
    traffic: {
      ...data.traffic,
      replay: {
        ...data.traffic.replay,
        modelMode: 'map',
        mapping: [
          { from: SECRET, to: 'claude-haiku-4-5' },
          { from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' },
        ],
      },
    },
  };
}

describe('trace names stay in the tab', () => {
  it('leave a move of an unpriced model out of links, saves and exports', async () => {
    const data = withMoves();
    for (const text of [versionedScenarioJson(1, data), scenarioToJson(data, true)]) {
      expect(text).not.toContain('nightingale');
      expect(text).toContain('claude-sonnet-4-5');
    }
    const json = versionedScenarioJson(1, data);
    expect(versionedScenarioBytes(1, data)).toBe(new TextEncoder().encode(json).length);
    const parsed = await decodeScenarioHash(await encodeScenarioHash(data));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.data.traffic.replay.mapping).toEqual([
      { from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' },
    ]);
    // The store keeps the move: only what is written leaves it out.
    expect(data.traffic.replay.mapping).toHaveLength(2);
  });

  it('keeps the move once the user adds a price row under that name', () => {
    const base = DEFAULT_SCENARIO.prices.rows[0]!;
    const priced = withMoves({
      ...DEFAULT_SCENARIO,
      prices: { rows: [...DEFAULT_SCENARIO.prices.rows, { ...base, model: SECRET }] },
    });
    expect(shareableTraffic(priced)).toBe(priced.traffic);
    expect(versionedScenarioJson(1, priced)).toContain('nightingale');
  });

  it("names an unpriced moved model in the report's words without its name", () => {
    const data = withMoves();
    const text = `${SECRET} → claude-haiku-4-5, claude-opus-4-6 → claude-sonnet-4-5, 5-minute TTL`;
    expect(choiceWordsWithoutTraceNames(text, data.traffic.replay.mapping, data.prices)).toBe(
      'a model without a price row → claude-haiku-4-5, claude-opus-4-6 → claude-sonnet-4-5, 5-minute TTL',
    );
  });

  it('hides an isolated right-to-left name as it appears in the choice text', () => {
    const secret = 'ft:\u202ename-terces';
    const data = withMoves();
    const mapping = [{ from: secret, to: 'claude-haiku-4-5' }];
    const text = choiceText({ model: { kind: 'map', mapping }, ttlSeconds: 300 });
    expect(text).toBe(`\u2068${secret}\u2069 → claude-haiku-4-5, 5-minute TTL`);
    expect(choiceWordsWithoutTraceNames(text, mapping, data.prices)).toBe(
      'a model without a price row → claude-haiku-4-5, 5-minute TTL',
    );
  });
});
