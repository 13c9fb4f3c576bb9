import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../src/core/index.ts';
import {
  baselineRun,
  sampleHops,
  trySimulate,
  type SweepPoint,
} from '../../src/domain/routing-runs.ts';
import { withIdleGap } from '../../src/model/generate-turns.ts';
import {
  sameBaseline,
  sameOutcome,
  samePoint,
  sameProgress,
  sameRecord,
} from '../../src/domain/equality.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

const scenario = SUPPORT_CHAT_ROUTING.scenario;
const withGap = (gap: number) => ({ ...scenario, turns: withIdleGap(scenario.turns, gap) });

describe('result equality', () => {
  it('finds two runs of the same scenario equal, and runs with other gaps not', () => {
    const run = () => trySimulate(withGap(100), DEFAULT_PRICING);
    expect(sameOutcome(run(), run())).toBe(true);
    // The clock of every hop moves with the gaps, even where the costs do not.
    expect(sameOutcome(run(), trySimulate(withGap(110), DEFAULT_PRICING))).toBe(false);
  });

  it('compares refusals by their field and message', () => {
    const refused = (model: string) =>
      trySimulate({ ...scenario, defaultModel: { model, thinking: false } }, DEFAULT_PRICING);
    expect(sameOutcome(refused('nope'), refused('nope'))).toBe(true);
    expect(sameOutcome(refused('nope'), refused('other'))).toBe(false);
    expect(sameOutcome(refused('nope'), trySimulate(scenario, DEFAULT_PRICING))).toBe(false);
  });

  it('finds baselines equal while every gap stays under the TTL', () => {
    const samples = sampleHops(24);
    const at = (gap: number) => baselineRun(withGap(gap), 'gpt-5', DEFAULT_PRICING, samples);
    expect(sameBaseline(at(100), at(200))).toBe(true);
    expect(sameBaseline(at(100), at(400))).toBe(false);
  });

  it('compares progressive results item by item, a missing item only with a missing one', () => {
    const same = sameProgress(samePoint);
    const point: SweepPoint = { x: 1, strategyUsd: 2, baselineUsd: null };
    expect(same({ results: [point], done: true }, { results: [{ ...point }], done: true })).toBe(
      true,
    );
    expect(same({ results: [point], done: true }, { results: [point], done: false })).toBe(false);
    expect(same({ results: [undefined], done: false }, { results: [point], done: false })).toBe(
      false,
    );
    expect(sameRecord(point, { ...point, baselineUsd: 3 })).toBe(false);
  });

  it('compares flat records by their own keys and values', () => {
    expect(sameRecord({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameRecord({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameRecord({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    // Same count, same (undefined) values, different keys.
    expect(sameRecord<object>({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameRecord({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
    expect(sameRecord({ a: 0 }, { a: -0 })).toBe(false);
  });
});
