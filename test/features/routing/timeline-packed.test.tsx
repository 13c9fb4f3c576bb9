import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type HopRecord } from '../../../src/core/index.ts';
import { generateTurns } from '../../../src/model/generate-turns.ts';
import { hopList } from '../../../src/domain/hop-list.ts';
import { packHops, packedHopList } from '../../../src/domain/packed-hops.ts';
import { drawTimeline, timelineScene } from '../../../src/features/routing/timeline-canvas.ts';
import { TimelineChart } from '../../../src/features/routing/TimelineChart.tsx';
import { SUPPORT_CHAT_ROUTING } from '../../../src/model/routing-presets.ts';

const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5', 'claude-haiku-4-5'];
const scenario = SUPPORT_CHAT_ROUTING.scenario;
const turns = generateTurns(scenario.turns[1]!, {
  turnCount: 120,
  spreadPct: 60,
  seed: 3,
  complexSharePct: 30,
});
const hops = simulateRouting({ ...scenario, turns }, DEFAULT_PRICING).hops;
const packed = () => packedHopList(packHops(hops)!);

/** A 2D context that records every call and every property set, in order. */
function recordingContext(log: unknown[]) {
  return new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) =>
      key in target ? target[key] : (...args: unknown[]) => void log.push([key, ...args]),
    set: (target, key, value) => {
      log.push(['set', key, value]);
      target[key] = value;
      return true;
    },
  });
}

/** Every drawing call of the timeline of `list` at `width` CSS pixels. */
function drawing(list: Parameters<typeof timelineScene>[0], width: number): unknown[] {
  const log: unknown[] = [];
  const ctx = recordingContext(log) as unknown as CanvasRenderingContext2D;
  drawTimeline({ ctx, width, height: 300, dpr: 1, color: (c) => c }, timelineScene(list, MODELS));
  return log;
}

describe('the timeline read from packed hops', () => {
  it('draws exactly what the records draw, a hop a slot or many hops a pixel', () => {
    expect(hops.length).toBeGreaterThan(300);
    for (const width of [4_000, 800, 200]) {
      const fromRecords = drawing(hopList(hops), width);
      expect(fromRecords.length).toBeGreaterThan(100);
      expect(drawing(packed(), width)).toStrictEqual(fromRecords);
    }
  });

  describe('in the chart', () => {
    beforeEach(() => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
        () => recordingContext([]) as unknown as CanvasRenderingContext2D,
      );
      vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    });
    afterEach(() => vi.restoreAllMocks());

    /** The summary line and every page of the hop table, as shown. */
    async function shown(list: Parameters<typeof TimelineChart>[0]['hops']): Promise<string[]> {
      const user = userEvent.setup();
      const view = render(<TimelineChart hops={list} turns={turns} modelNames={MODELS} />);
      const figure = screen.getByRole('figure', { name: 'Timeline: every hop' });
      const pages: string[] = [figure.textContent ?? ''];
      await user.click(screen.getByRole('button', { name: 'Show data table' }));
      for (;;) {
        pages.push(screen.getByRole('table').outerHTML);
        const next = screen.getByRole('button', { name: 'Next 100 hops' });
        if ((next as HTMLButtonElement).disabled) break;
        await user.click(next);
      }
      view.unmount();
      return pages;
    }

    it('shows the same summary and the same hop table, page by page', async () => {
      const fromRecords = await shown(hops);
      expect(fromRecords.length).toBe(1 + Math.ceil(hops.length / 100));
      expect(fromRecords[0]).toContain(`${hops.length} hops over 120 turns`);
      const last = hops[hops.length - 1] as HopRecord;
      expect(fromRecords.at(-1)).toContain(`<td>${last.turnHopIndex}</td>`);
      expect(await shown(packed())).toStrictEqual(fromRecords);
    });
  });
});
