import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { withIdleGap } from '../../../src/features/routing/generate.ts';
import { sameTimeline } from '../../../src/features/routing/timeline-canvas.ts';
import { SUPPORT_CHAT_ROUTING } from '../../../src/state/slices/routing-slice.ts';

const hopsAt = (gap: number) =>
  simulateRouting(
    {
      ...SUPPORT_CHAT_ROUTING.scenario,
      turns: withIdleGap(SUPPORT_CHAT_ROUTING.scenario.turns, gap),
    },
    DEFAULT_PRICING,
  ).hops;

describe('sameTimeline', () => {
  it('ignores the clock, which every idle-gap step moves', () => {
    const [a, b] = [hopsAt(100), hopsAt(200)];
    expect(a.map((h) => h.at)).not.toEqual(b.map((h) => h.at));
    expect(sameTimeline(a, b)).toBe(true);
  });

  it('sees the cache go cold past the TTL', () => {
    expect(sameTimeline(hopsAt(100), hopsAt(400))).toBe(false);
    expect(sameTimeline(hopsAt(100), hopsAt(100).slice(1))).toBe(false);
  });
});
