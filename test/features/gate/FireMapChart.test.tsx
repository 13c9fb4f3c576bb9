import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluateOffloadGate } from '../../../src/core/index.ts';
import { FireMapChart } from '../../../src/features/gate/FireMapChart.tsx';
import { fireMap } from '../../../src/features/gate/fire-map.ts';
import { FIRE_MAP_HEIGHT, plotBox } from '../../../src/features/gate/fire-map-draw.ts';
import { gateView } from '../../../src/features/gate/use-gate.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { formatUsd } from '../../../src/ui/format.ts';

// jsdom lays nothing out: the canvas stands 600 px wide at the page's top left.
const WIDTH = 600;

beforeEach(() => {
  act(() => useAppStore.getState().resetToDefaults());
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: WIDTH,
    height: FIRE_MAP_HEIGHT,
    right: WIDTH,
    bottom: FIRE_MAP_HEIGHT,
    toJSON: () => ({}),
  });
});
afterEach(() => vi.restoreAllMocks());

function renderMap() {
  const view = gateView.get();
  render(<FireMapChart />);
  const figure = screen.getByRole('figure', { name: /^Where the gate fires/ });
  fireEvent.click(within(figure).getByRole('button', { name: 'Horizon × recall' }));
  const canvas = figure.querySelector('canvas');
  if (canvas === null) throw new Error('the fire map has no canvas');
  const map = fireMap(view.inputs, view.pricing, 'horizon');
  const box = plotBox(WIDTH);
  /** The centre of the cell at horizon `h` and recall probability `p`, in client pixels. */
  const cell = (h: number, p: number) => {
    const row = map.probabilities.findIndex((q) => Math.abs(q - p) < 1e-9);
    if (row < 0 || h >= map.xs.length) throw new Error(`no cell at H = ${h}, p = ${p}`);
    return {
      clientX: box.left + ((h + 0.5) / map.xs.length) * box.width,
      clientY: box.top + (1 - (row + 0.5) / map.probabilities.length) * box.height,
    };
  };
  return { view, figure, canvas, cell };
}

/** The readout's one line, or null when none is shown. */
const readout = (figure: HTMLElement) =>
  figure.querySelector('.chart-tooltip')?.textContent?.trim() ?? null;

describe('the fire map’s readout, by mouse, pen and touch', () => {
  it.each(['mouse', 'pen', 'touch'])(
    'reads the cell under a %s: the current inputs’ cell carries the decision’s net saving',
    (pointerType) => {
      const { view, figure, canvas, cell } = renderMap();
      const { horizon, recallProbability } = view.inputs;
      const decision = evaluateOffloadGate(view.inputs, view.pricing);
      expect(decision.fire).toBe(true);
      fireEvent.pointerDown(canvas, { pointerType, ...cell(horizon, recallProbability) });
      expect(readout(figure)).toBe(
        `H = ${horizon}, p = ${recallProbability}: offload, net ${formatUsd(decision.netSavingUsd)}`,
      );
    },
  );

  it('follows a mouse and hides when it leaves the chart', () => {
    const { figure, canvas, cell } = renderMap();
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...cell(0, 1) });
    expect(readout(figure)).toBe('H = 0, p = 1: keep, not priced');
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', clientX: 2, clientY: 2 });
    expect(readout(figure)).toBeNull();
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...cell(0, 0) });
    expect(readout(figure)).toBe('H = 0, p = 0: keep, not priced');
    fireEvent.pointerLeave(canvas, { pointerType: 'mouse' });
    expect(readout(figure)).toBeNull();
  });

  it('keeps a tapped cell’s readout after the finger lifts, until the next tap', () => {
    const { figure, canvas, cell } = renderMap();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...cell(0, 1) });
    // A finger that lifts leaves the element: the readout stays.
    fireEvent.pointerUp(canvas, { pointerType: 'touch', ...cell(0, 1) });
    fireEvent.pointerLeave(canvas, { pointerType: 'touch' });
    expect(readout(figure)).toBe('H = 0, p = 1: keep, not priced');
    // A tap on another cell moves it there.
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...cell(0, 0) });
    fireEvent.pointerLeave(canvas, { pointerType: 'touch' });
    expect(readout(figure)).toBe('H = 0, p = 0: keep, not priced');
    // A tap anywhere else on the page hides it.
    fireEvent.pointerDown(document.body, { pointerType: 'touch' });
    expect(readout(figure)).toBeNull();
  });

  it('moves the readout along a drag and hides it when the page takes the swipe', () => {
    const { figure, canvas, cell } = renderMap();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...cell(0, 1) });
    fireEvent.pointerMove(canvas, { pointerType: 'touch', ...cell(1, 1) });
    expect(readout(figure)).toMatch(/^H = 1, p = 1: /);
    fireEvent.pointerMove(canvas, { pointerType: 'touch', ...cell(0, 0.5) });
    expect(readout(figure)).toBe('H = 0, p = 0.5: keep, not priced');
    // The browser scrolls instead (a vertical swipe): the pointer is cancelled.
    fireEvent.pointerCancel(canvas, { pointerType: 'touch' });
    expect(readout(figure)).toBeNull();
  });

  it('hides a tapped readout on a tap in the chart’s margins', () => {
    const { figure, canvas, cell } = renderMap();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...cell(0, 1) });
    expect(readout(figure)).not.toBeNull();
    fireEvent.pointerDown(canvas, { pointerType: 'touch', clientX: 2, clientY: 2 });
    expect(readout(figure)).toBeNull();
  });

  it('puts a finger’s readout at the chart’s top, above the hand, and a mouse’s below it', () => {
    const { figure, canvas, cell } = renderMap();
    const spot = cell(0, 0);
    const tip = () => figure.querySelector<HTMLElement>('.chart-tooltip');
    fireEvent.pointerMove(canvas, { pointerType: 'mouse', ...spot });
    expect(tip()?.style.top).toBe(`${spot.clientY + 12}px`);
    fireEvent.pointerDown(canvas, { pointerType: 'touch', ...spot });
    expect(tip()?.style.top).toBe('0px');
  });

  it('leaves vertical scrolling and zooming to the page on touch', () => {
    const { canvas } = renderMap();
    expect(canvas.style.touchAction).toBe('pan-y pinch-zoom');
    expect(canvas.style.height).toBe(`${FIRE_MAP_HEIGHT}px`);
  });
});
