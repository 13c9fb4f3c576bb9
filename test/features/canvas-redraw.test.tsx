import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../src/core/index.ts';
import GatePanel from '../../src/features/gate/GatePanel.tsx';
import { TimelineChart } from '../../src/features/routing/TimelineChart.tsx';
import { useAppStore } from '../../src/state/store.ts';

/**
 * jsdom has no 2D canvas: give every canvas a fake context that records which
 * canvas each drawing call went to, so a test can tell whether the canvas on
 * screen was drawn.
 */
const drawnCanvases = new Set<HTMLCanvasElement>();
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const target: Record<string, unknown> = { canvas };
  return new Proxy(target, {
    get(t, key) {
      if (key in t) return t[key as string];
      if (key === 'createImageData')
        return (w: number, h: number) => ({
          data: new Uint8ClampedArray(w * h * 4),
          width: w,
          height: h,
        });
      if (key === 'measureText') return () => ({ width: 10 });
      return (..._args: unknown[]) => {
        if (
          ['fillRect', 'drawImage', 'fillText', 'stroke', 'fill', 'putImageData'].includes(
            String(key),
          )
        )
          drawnCanvases.add(canvas);
      };
    },
    set(t, key, value) {
      t[key as string] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

beforeEach(() => {
  drawnCanvases.clear();
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    let ctx = contexts.get(this);
    if (ctx === undefined) {
      ctx = fakeContext(this);
      contexts.set(this, ctx);
    }
    return ctx;
  } as unknown as HTMLCanvasElement['getContext']);
  // jsdom lays nothing out: give canvases a width to draw at.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(() => vi.restoreAllMocks());

async function toggleTable(figure: HTMLElement) {
  const user = userEvent.setup();
  await user.click(within(figure).getByRole('button', { name: 'Show data table' }));
  await user.click(within(figure).getByRole('button', { name: 'Show chart' }));
}

describe('canvas charts after the data table is shown and hidden', () => {
  it('the fire map draws on its new canvas', async () => {
    const { container } = render(<GatePanel />);
    const figure = screen.getByRole('figure', { name: /Where the gate fires/ });
    expect(drawnCanvases.has(container.querySelector('figure canvas') as HTMLCanvasElement)).toBe(
      true,
    );
    await toggleTable(figure);
    const canvas = figure.querySelector('canvas') as HTMLCanvasElement;
    expect(canvas).not.toBeNull();
    expect(drawnCanvases.has(canvas)).toBe(true);
  });

  it('the routing timeline draws on its new canvas', async () => {
    const scenario = useAppStore.getState().routing.scenario;
    const result = simulateRouting(scenario, DEFAULT_PRICING);
    render(
      <TimelineChart hops={result.hops} turns={scenario.turns} modelNames={['claude-opus-4-6']} />,
    );
    const figure = screen.getByRole('figure', { name: 'Timeline: every hop' });
    expect(drawnCanvases.has(figure.querySelector('canvas') as HTMLCanvasElement)).toBe(true);
    await toggleTable(figure);
    const canvas = figure.querySelector('canvas') as HTMLCanvasElement;
    expect(drawnCanvases.has(canvas)).toBe(true);
  });
});
