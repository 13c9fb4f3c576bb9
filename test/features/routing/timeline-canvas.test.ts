import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { withIdleGap } from '../../../src/domain/generate-turns.ts';
import { timelineMarks, timelineScene } from '../../../src/features/routing/timeline-canvas.ts';
import { sameDrawInputs } from '../../../src/ui/charts/use-canvas-surface.ts';
import { SUPPORT_CHAT_ROUTING } from '../../../src/state/slices/routing-slice.ts';

const hopsAt = (gap: number) =>
  simulateRouting(
    {
      ...SUPPORT_CHAT_ROUTING.scenario,
      turns: withIdleGap(SUPPORT_CHAT_ROUTING.scenario.turns, gap),
    },
    DEFAULT_PRICING,
  ).hops;

/** Whether two runs draw the same timeline: the canvas redraws only when they do not. */
const sameTimeline = (a: ReturnType<typeof hopsAt>, b: ReturnType<typeof hopsAt>) =>
  sameDrawInputs(timelineScene(a, ['m']), timelineScene(b, ['m']));

describe('the timeline scene', () => {
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

describe('timelineMarks', () => {
  const hops = hopsAt(100);
  const many = Array.from({ length: 40 }, () => hops).flat(); // 960 hops

  it('gives every hop its own mark while hops are a pixel wide or more', () => {
    const marks = timelineMarks(hops, 1);
    expect(marks.map((m) => [m.slotStart, m.slotWidth])).toEqual(hops.map((_, i) => [i, 1]));
  });

  it('below a pixel a hop, covers every hop once, in marks drawn in separate pixel columns, the costliest shown', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.999, noNaN: true }), (slot) => {
        const marks = timelineMarks(many, slot);
        let next = 0;
        let lastEnd = 0;
        for (const mark of marks) {
          // Contiguous and complete: each mark starts where the last ended.
          expect(mark.slotStart).toBe(next);
          next += mark.slotWidth;
          // The pixel columns the drawing gives the mark (as drawTimeline
          // places them) start where the last mark's ended, or later: no
          // column is drawn twice.
          const x = Math.floor(mark.slotStart * slot);
          const end = Math.max(x + 1, Math.floor(next * slot));
          expect(x).toBeGreaterThanOrEqual(lastEnd);
          lastEnd = end;
          // About a pixel's worth of hops: never fewer than a pixel holds, rounded.
          if (next < many.length)
            expect(mark.slotWidth).toBeGreaterThanOrEqual(Math.round(1 / slot));
          const covered = many.slice(mark.slotStart, next);
          expect(mark.hop.totalUsd).toBe(Math.max(...covered.map((h) => h.totalUsd)));
          expect(mark.dropped).toBe(covered.some((h) => h.forceDropped));
        }
        expect(next).toBe(many.length);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
