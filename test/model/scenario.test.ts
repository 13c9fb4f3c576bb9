import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET, TYPICAL_PROMPT_ROWS } from '../../src/model/budget.ts';
import { DEFAULT_GATE } from '../../src/model/gate.ts';
import { DEFAULT_PRICES } from '../../src/model/prices.ts';
import { DEFAULT_ROUTING, routingPreset } from '../../src/model/routing-presets.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';
import { DEFAULT_TRAFFIC } from '../../src/model/traffic.ts';
import { DEFAULT_UI } from '../../src/model/ui.ts';

describe('the default scenario', () => {
  it('is every part’s defaults, one object each', () => {
    expect(DEFAULT_SCENARIO).toEqual({
      ui: DEFAULT_UI,
      prices: DEFAULT_PRICES,
      gate: DEFAULT_GATE,
      budget: DEFAULT_BUDGET,
      routing: DEFAULT_ROUTING,
      traffic: DEFAULT_TRAFFIC,
    });
    expect(DEFAULT_SCENARIO.budget.rows).toBe(TYPICAL_PROMPT_ROWS);
  });

  it('starts the routing lab on the support chat preset', () => {
    expect(DEFAULT_ROUTING).toBe(routingPreset('support').build());
    expect(DEFAULT_ROUTING.preset).toBe('support');
  });
});
