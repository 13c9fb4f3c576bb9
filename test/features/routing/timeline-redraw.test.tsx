import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type HopRecord } from '../../../src/core/index.ts';
import { withIdleGap } from '../../../src/model/generate-turns.ts';
import { TimelineChart } from '../../../src/features/routing/TimelineChart.tsx';
import { SUPPORT_CHAT_ROUTING } from '../../../src/model/routing-presets.ts';

const scenarioAt = (gap: number) => ({
  ...SUPPORT_CHAT_ROUTING.scenario,
  turns: withIdleGap(SUPPORT_CHAT_ROUTING.scenario.turns, gap),
});
const hopsAt = (gap: number) => simulateRouting(scenarioAt(gap), DEFAULT_PRICING).hops;
const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5', 'claude-haiku-4-5'];

/** Every text drawn on the timeline's canvas; each drawing writes the lane names once. */
let texts: string[] = [];
/** How many times the timeline has been drawn: one "Cache" lane label a drawing. */
const drawings = () => texts.filter((t) => t === 'Cache').length;

beforeEach(() => {
  texts = [];
  // jsdom has no 2D context and no layout: a recording context and a width.
  const ctx = new Proxy(
    {},
    {
      get: (target: Record<string | symbol, unknown>, key) =>
        key === 'fillText'
          ? (text: string) => texts.push(text)
          : key in target
            ? target[key]
            : () => undefined,
      set: (target: Record<string | symbol, unknown>, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => vi.restoreAllMocks());

function timeline(hops: readonly HopRecord[], modelNames = MODELS) {
  const turns = SUPPORT_CHAT_ROUTING.scenario.turns;
  return <TimelineChart hops={hops} turns={turns} modelNames={modelNames} />;
}

describe('the routing timeline canvas', () => {
  it('is drawn once, and not again for a run that draws the same picture (only the clock moved)', () => {
    const { rerender } = render(timeline(hopsAt(100)));
    expect(drawings()).toBe(1);
    const later = hopsAt(200);
    expect(later.map((h) => h.at)).not.toEqual(hopsAt(100).map((h) => h.at));
    rerender(timeline(later));
    rerender(timeline([...later]));
    expect(drawings()).toBe(1);
  });

  it('is drawn again whenever the run draws something else', () => {
    const { rerender } = render(timeline(hopsAt(100)));
    expect(drawings()).toBe(1);
    rerender(timeline(hopsAt(400))); // past the TTL: cold caches
    expect(drawings()).toBe(2);
    const hops = hopsAt(400);
    const last = hops[hops.length - 1] as HopRecord;
    rerender(timeline([...hops.slice(0, -1), { ...last, outputUsd: last.outputUsd * 2 }]));
    expect(drawings()).toBe(3);
    rerender(timeline(hops.slice(1)));
    expect(drawings()).toBe(4);
    rerender(timeline(hops.slice(1), [...MODELS].reverse())); // other colours
    expect(drawings()).toBe(5);
  });
});
