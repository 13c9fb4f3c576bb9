import { describe, expect, it } from 'vitest';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  parseScenarioText,
} from '../../../src/state/persistence.ts';
import { checkSlice } from '../../../src/state/scenario-schema.ts';
import { DEFAULT_TRAFFIC } from '../../../src/model/traffic.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';

const choice = {
  modelMode: 'map' as const,
  oneModel: 'claude-sonnet-4-5',
  mapping: [{ from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' }],
  ttl: 'oneHour' as const,
};

describe('the traffic slice in scenarios and links', () => {
  it('gives a scenario written before it the default choice', () => {
    const parsed = parseScenarioText('{"v":1,"routing":{"preset":"support"}}');
    expect(parsed.ok && parsed.data.traffic).toEqual(DEFAULT_TRAFFIC);
  });

  it('carries the mapping and the TTL through a share link, and nothing else of the traffic', async () => {
    const data = { ...DEFAULT_SCENARIO, traffic: { replay: choice } };
    const hash = await encodeScenarioHash(data);
    const back = await decodeScenarioHash(hash);
    expect(back.ok && back.data.traffic).toEqual({ replay: choice });
    expect(Object.keys(back.ok ? back.data.traffic.replay : {}).sort()).toEqual([
      'mapping',
      'modelMode',
      'oneModel',
      'ttl',
    ]);
  });

  it.each([
    [{ replay: { ...choice, ttl: 'forever' } }, /^traffic\.replay\.ttl: /],
    [{ replay: { ...choice, mapping: [{ from: '', to: 'x' }] } }, /must name a model/],
    [
      {
        replay: {
          ...choice,
          mapping: [
            { from: 'a', to: 'b' },
            { from: 'a', to: 'c' },
          ],
        },
      },
      /each model seen is moved at most once/,
    ],
  ])('names a bad field: %j', (traffic, message) => {
    expect(checkSlice('traffic', traffic)).toMatch(message);
  });
});
