import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type HopRecord } from '../../../src/core/index.ts';
import { TimelineChart } from '../../../src/features/routing/TimelineChart.tsx';
import { TIMELINE_HEIGHT, TIMELINE_LAYOUT } from '../../../src/features/routing/timeline-canvas.ts';
import { SUPPORT_CHAT_ROUTING } from '../../../src/model/routing-presets.ts';

// jsdom lays nothing out: the canvas stands 800 px wide at the page's top left.
const WIDTH = 800;
const HOPS = simulateRouting(SUPPORT_CHAT_ROUTING.scenario, DEFAULT_PRICING).hops;
const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5', 'claude-haiku-4-5'];

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: WIDTH,
    height: TIMELINE_HEIGHT,
    right: WIDTH,
    bottom: TIMELINE_HEIGHT,
    toJSON: () => ({}),
  });
});
afterEach(() => vi.restoreAllMocks());

function renderTimeline() {
  render(
    <TimelineChart hops={HOPS} turns={SUPPORT_CHAT_ROUTING.scenario.turns} modelNames={MODELS} />,
  );
  const figure = screen.getByRole('figure', { name: 'Timeline: every hop' });
  const canvas = figure.querySelector('canvas');
  if (canvas === null) throw new Error('the timeline has no canvas');
  const slot = (WIDTH - TIMELINE_LAYOUT.left - TIMELINE_LAYOUT.right) / HOPS.length;
  /** A spot over hop `i`'s slot, at height `y`, in client pixels. */
  const over = (i: number, y = 100) => ({
    clientX: TIMELINE_LAYOUT.left + (i + 0.5) * slot,
    clientY: y,
  });
  return { figure, canvas, over };
}

/** The readout's heading ("Turn 2, hop 1"), or null when none is shown. */
const readout = (figure: HTMLElement) =>
  figure.querySelector('.chart-tooltip strong')?.textContent ?? null;
const heading = (hop: HopRecord | undefined) =>
  hop === undefined ? 'no hop' : `Turn ${hop.turn + 1}, hop ${hop.hop + 1}`;

describe('the timeline’s readout, by mouse, pen and touch', () => {
  it('has hops on more than one turn to tell apart', () => {
    expect(new Set(HOPS.map((h) => h.turn)).size).toBeGreaterThan(1);
  });

  it.each(['mouse', 'pen', 'touch'])('reads the hop under a %s', (pointerType) => {
    const { figure, canvas, over } = renderTimeline();
    const last = HOPS.length - 1;
    fireEvent.pointerDown(canvas, { pointerType, ...over(last) });
    expect(readout(figure)).toBe(heading(HOPS[last]));
    expect(within(figure).getByText(/chosen by/).textContent).toContain(HOPS[last]?.model);
  });

  it('follows a mouse and hides when it leaves the chart', () => {
    const { figure, canvas, over } = renderTimeline();
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...over(0) });
    expect(readout(figure)).toBe(heading(HOPS[0]));
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...over(1, 20) });
    expect(readout(figure)).toBe(heading(HOPS[1]));
    fireEvent.pointerLeave(canvas, { pointerType: 'mouse' });
    expect(readout(figure)).toBeNull();
  });

  it('scrubs along a horizontal drag and keeps the last hop after the finger lifts', () => {
    const { figure, canvas, over } = renderTimeline();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...over(0) });
    expect(readout(figure)).toBe(heading(HOPS[0]));
    for (let i = 1; i <= 3; i++) {
      fireEvent.pointerMove(canvas, { pointerType: 'touch', ...over(i) });
      expect(readout(figure)).toBe(heading(HOPS[i]));
    }
    fireEvent.pointerUp(canvas, { pointerType: 'touch', ...over(3) });
    fireEvent.pointerLeave(canvas, { pointerType: 'touch' });
    expect(readout(figure)).toBe(heading(HOPS[3]));
    // The next tap elsewhere on the page hides it.
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    expect(readout(figure)).toBeNull();
  });

  it('hides the readout when the page takes the swipe for a scroll', () => {
    const { figure, canvas, over } = renderTimeline();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...over(2) });
    expect(readout(figure)).toBe(heading(HOPS[2]));
    fireEvent.pointerCancel(canvas, { pointerType: 'touch' });
    expect(readout(figure)).toBeNull();
  });

  it('hides a tapped readout on a tap left of the first hop', () => {
    const { figure, canvas, over } = renderTimeline();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...over(2) });
    fireEvent.pointerDown(canvas, { pointerType: 'touch', clientX: 2, clientY: 100 });
    expect(readout(figure)).toBeNull();
  });

  it('puts a finger’s readout at the chart’s top, above the hand, and a mouse’s below it', () => {
    const { figure, canvas, over } = renderTimeline();
    const tip = () => figure.querySelector<HTMLElement>('.chart-tooltip');
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...over(1, 150) });
    expect(tip()?.style.top).toBe('162px');
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...over(1, 150) });
    expect(tip()?.style.top).toBe('0px');
  });

  it('leaves vertical scrolling and zooming to the page on touch', () => {
    const { canvas } = renderTimeline();
    expect(canvas.style.touchAction).toBe('pan-y pinch-zoom');
    expect(canvas.style.height).toBe(`${TIMELINE_HEIGHT}px`);
  });
});
