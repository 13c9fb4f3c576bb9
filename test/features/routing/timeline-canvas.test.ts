import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../../src/core/index.ts';
import { withIdleGap } from '../../../src/model/generate-turns.ts';
import { hopList } from '../../../src/domain/hop-list.ts';
import { packHops, packedHopList } from '../../../src/domain/packed-hops.ts';
import { timelineMarks, timelineScene } from '../../../src/features/routing/timeline-canvas.ts';
import { SUPPORT_CHAT_ROUTING } from '../../../src/model/routing-presets.ts';

const hopsAt = (gap: number) =>
  simulateRouting(
    {
      ...SUPPORT_CHAT_ROUTING.scenario,
      turns: withIdleGap(SUPPORT_CHAT_ROUTING.scenario.turns, gap),
    },
    DEFAULT_PRICING,
  ).hops;

/**
 * Whether two runs draw the same timeline: the second run then keeps the
 * first run's scene, and the canvas (which compares scenes by identity)
 * does not redraw.
 */
const sameTimeline = (a: ReturnType<typeof hopsAt>, b: ReturnType<typeof hopsAt>) => {
  const first = timelineScene(hopList(a), ['m']);
  return timelineScene(hopList(b), ['m'], first) === first;
};

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

  it('given the last scene, keeps that very object while the run draws the same picture', () => {
    const first = timelineScene(hopList(hopsAt(100)), ['m', 'n']);
    expect(timelineScene(hopList(hopsAt(200)), ['m', 'n'], first)).toBe(first);
    expect(timelineScene(hopList(hopsAt(100)), ['m', 'n'], null)).not.toBe(first);
  });

  it('gives a new scene, equal to a fresh one, when any drawn field of any hop changes', () => {
    const hops = hopsAt(100);
    const first = timelineScene(hopList(hops), ['m']);
    // Every field of the hop records, each changed in turn: the drawn ones
    // give a new scene; the others (the clock, token counts) draw nothing.
    const drawn = [
      'turn',
      'model',
      'thinking',
      'source',
      'cache',
      'readUsd',
      'writeUsd',
      'inputUsd',
      'outputUsd',
      'classifierUsd',
      'totalUsd',
      'forceDropped',
      'longContext',
    ] as const;
    for (const key of drawn)
      for (const at of [0, hops.length - 1]) {
        const changed = hops.map((h, i) => {
          if (i !== at) return h;
          const value = h[key];
          const other =
            typeof value === 'number'
              ? value + 1
              : typeof value === 'boolean'
                ? !value
                : `${value}x`;
          return { ...h, [key]: other };
        });
        const list = hopList(changed);
        const next = timelineScene(list, ['m'], first);
        expect(next, `${key} of hop ${at}`).not.toBe(first);
        // The new scene is a fresh one of the changed run: the drawing reads its values.
        expect(next).toStrictEqual(timelineScene(list, ['m']));
        expect(next.hops).toBe(list);
      }
  });

  it('keeps the scene when only fields the drawing does not show change', () => {
    const hops = hopsAt(100);
    const first = timelineScene(hopList(hops), ['m']);
    for (const key of ['at', 'promptTokens', 'cachedTokens', 'hop', 'resolverCalls'] as const) {
      const changed = hops.map((h) => ({ ...h, [key]: h[key] + 1 }));
      expect(timelineScene(hopList(changed), ['m'], first), key).toBe(first);
    }
  });

  it('compares packed runs (as the engine sends them) alike', () => {
    const packed = (hops: ReturnType<typeof hopsAt>) => packedHopList(packHops(hops)!);
    const first = timelineScene(packed(hopsAt(100)), ['m']);
    expect(timelineScene(packed(hopsAt(200)), ['m'], first)).toBe(first);
    expect(timelineScene(hopList(hopsAt(200)), ['m'], first)).toBe(first);
    expect(timelineScene(packed(hopsAt(400)), ['m'], first)).not.toBe(first);
    const hops = hopsAt(100);
    const last = hops[hops.length - 1]!;
    for (const change of [
      { cache: 'cold' as const },
      { source: 'default' as const },
      { longContext: !last.longContext },
      { classifierUsd: last.classifierUsd + 1 },
    ])
      expect(
        timelineScene(packed([...hops.slice(0, -1), { ...last, ...change }]), ['m'], first),
      ).not.toBe(first);
  });

  it('gives a new scene when the model names (the colours) change', () => {
    const first = timelineScene(hopList(hopsAt(100)), ['m', 'n']);
    expect(timelineScene(hopList(hopsAt(100)), ['n', 'm'], first)).not.toBe(first);
    expect(timelineScene(hopList(hopsAt(100)), ['m'], first)).not.toBe(first);
  });
});

describe('timelineMarks', () => {
  const hops = hopsAt(100);
  const many = Array.from({ length: 40 }, () => hops).flat(); // 960 hops

  it('gives every hop its own mark while hops are a pixel wide or more', () => {
    const marks = timelineMarks(hopList(hops), 1);
    expect(marks.map((m) => [m.slotStart, m.slotWidth])).toEqual(hops.map((_, i) => [i, 1]));
  });

  it('below a pixel a hop, covers every hop once, in marks drawn in separate pixel columns, the costliest shown', () => {
    // Each run's marks are checked with plain comparisons and the run ends
    // in one expectation naming every mark that breaks a rule: 200 runs of
    // up to 960 marks made 1.5 million expect calls (12 s quiet, 52 s on a
    // loaded machine) for the same checks.
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.999, noNaN: true }), (slot) => {
        const marks = timelineMarks(hopList(many), slot);
        const broken: string[] = [];
        let next = 0;
        let lastEnd = 0;
        for (const [k, mark] of marks.entries()) {
          const fail = (rule: string) => broken.push(`mark ${k}: ${rule}`);
          // Contiguous and complete: each mark starts where the last ended.
          if (mark.slotStart !== next) fail(`starts at ${mark.slotStart}, not ${next}`);
          next += mark.slotWidth;
          // The pixel columns the drawing gives the mark (as drawTimeline
          // places them) start where the last mark's ended, or later: no
          // column is drawn twice.
          const x = Math.floor(mark.slotStart * slot);
          const end = Math.max(x + 1, Math.floor(next * slot));
          if (x < lastEnd) fail(`column ${x} was drawn by the mark before (to ${lastEnd})`);
          lastEnd = end;
          // About a pixel's worth of hops: never fewer than a pixel holds, rounded.
          if (next < many.length && mark.slotWidth < Math.round(1 / slot))
            fail(`${mark.slotWidth} hops, fewer than a pixel holds`);
          const covered = many.slice(mark.slotStart, next);
          if (mark.index < mark.slotStart || mark.index >= next)
            fail(`shows hop ${mark.index}, outside its hops`);
          else if (many[mark.index]!.totalUsd !== Math.max(...covered.map((h) => h.totalUsd)))
            fail(`shows hop ${mark.index}, not the costliest of its hops`);
          if (mark.dropped !== covered.some((h) => h.forceDropped))
            fail(`dropped is ${mark.dropped}`);
        }
        if (next !== many.length) broken.push(`the marks cover ${next} of ${many.length} hops`);
        expect(broken).toEqual([]);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
