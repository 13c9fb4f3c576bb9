import { describe, expect, it } from 'vitest';
import { describeLimit, limitProblem, USD_PER_MILLION, TOKENS } from '../../src/core/limits.ts';
import { checkReopenable } from '../../src/state/persistence.ts';
import { PRESETS } from '../../src/model/presets.ts';
import { ROUTING_PRESET_LIST } from '../../src/model/routing-presets.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';

describe('limits', () => {
  it('name the field and the limit', () => {
    expect(describeLimit('Input price', USD_PER_MILLION)).toBe(
      'Input price: at most 1,000,000 USD per million tokens',
    );
    expect(limitProblem(1e300, TOKENS)).toBe('at most 1,000,000,000 tokens');
    expect(limitProblem(Number.NaN, TOKENS)).toBe('must be a finite number');
    expect(limitProblem(5, TOKENS)).toBeNull();
  });

  it('accept the defaults and every preset (a reload opens them again)', () => {
    expect(checkReopenable(DEFAULT_SCENARIO)).toEqual({ ok: true, data: expect.anything() });
    for (const preset of PRESETS) {
      const result = checkReopenable(preset.build());
      expect(result.ok ? 'ok' : `${preset.id}: ${result.error}`).toBe('ok');
    }
    for (const preset of ROUTING_PRESET_LIST) {
      const result = checkReopenable({ ...DEFAULT_SCENARIO, routing: preset.build() });
      expect(result.ok ? 'ok' : `${preset.id}: ${result.error}`).toBe('ok');
    }
  });
});
