// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireMapNodes } from '../../../src/features/gate/fire-map-nodes.ts';
import * as fireMapModule from '../../../src/features/gate/fire-map.ts';
import * as series from '../../../src/features/gate/series.ts';
import {
  horizonCurve,
  sizeCurve,
  sizeDots,
  sizeSeries,
  sizeSummary,
  whatIfCurve,
  whatIfSeries,
} from '../../../src/features/gate/series-nodes.ts';
import { gateDecision, gateSweepInputs, gateView } from '../../../src/features/gate/use-gate.ts';
import { useAppStore } from '../../../src/state/store.ts';

// Count the sweeps the nodes run, without changing what they compute.
vi.mock('../../../src/features/gate/series.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof series>();
  return {
    ...actual,
    netSavingBySize: vi.fn(actual.netSavingBySize),
    netSavingByHorizon: vi.fn(actual.netSavingByHorizon),
    cacheWhatIfBySize: vi.fn(actual.cacheWhatIfBySize),
  };
});
vi.mock('../../../src/features/gate/fire-map.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof fireMapModule>();
  return { ...actual, fireMapOver: vi.fn(actual.fireMapOver) };
});

const setGate = (patch: Parameters<ReturnType<typeof useAppStore.getState>['setGate']>[0]) =>
  useAppStore.getState().setGate(patch);

/** Reads every node a gate tab on the size axis shows. */
function readAll() {
  return {
    sweepInputs: gateSweepInputs.get(),
    sizeCurve: sizeCurve.get(),
    sizeSeries: sizeSeries.get(),
    sizeDots: sizeDots.get(),
    sizeSummary: sizeSummary.get(),
    horizonCurve: horizonCurve.get(),
    whatIfCurve: whatIfCurve.get(),
    whatIfSeries: whatIfSeries.get(),
    sizeMap: fireMapNodes.size.map.get(),
    sizeScene: fireMapNodes.size.scene.get(),
    horizonMap: fireMapNodes.horizon.map.get(),
    decision: gateDecision.get(),
  };
}

beforeEach(() => {
  useAppStore.getState().resetToDefaults();
  readAll();
  vi.clearAllMocks();
});

describe('the gate’s nodes', () => {
  it('a step of the size slider recomputes neither the size curve nor the what-if curve', () => {
    const before = readAll();
    setGate({ outputTokens: 41_000 }); // the default is 40,000: the same decade
    const after = readAll();
    expect(series.netSavingBySize).not.toHaveBeenCalled();
    expect(series.cacheWhatIfBySize).not.toHaveBeenCalled();
    expect(after.sweepInputs).toBe(before.sweepInputs);
    expect(after.sizeCurve).toBe(before.sizeCurve);
    expect(after.sizeSeries).toBe(before.sizeSeries);
    expect(after.whatIfCurve).toBe(before.whatIfCurve);
    expect(after.whatIfSeries).toBe(before.whatIfSeries);
    // The size map's cells and range hold; only the ring moves.
    expect(fireMapModule.fireMapOver).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      'size',
      expect.anything(),
    );
    expect(after.sizeMap).toBe(before.sizeMap);
    expect(after.sizeScene).not.toBe(before.sizeScene);
    expect(after.sizeScene.x).toBe(41_000);
    // What does depend on the size moves with it.
    expect(after.decision).not.toBe(before.decision);
    expect(after.sizeDots).not.toBe(before.sizeDots);
    expect(after.sizeDots[0]?.y).toBe(after.decision.netSavingUsd);
    expect(after.sizeSummary).toContain('The current output (41,000 tokens)');
  });

  it('a step of the horizon slider keeps the horizon curve while its axis holds', () => {
    const before = readAll();
    setGate({ horizon: 7 }); // the default is 6: the axis stays 0–30 turns
    const after = readAll();
    expect(series.netSavingByHorizon).not.toHaveBeenCalled();
    expect(after.horizonCurve).toBe(before.horizonCurve);
    // The size curve does read the horizon.
    expect(after.sizeCurve).not.toBe(before.sizeCurve);
  });

  it('an edit the decision does not read keeps the inputs, the view and every curve', () => {
    const before = readAll();
    const view = gateView.get();
    setGate({ volumePerDay: 123 });
    expect(readAll()).toEqual(before);
    for (const [key, value] of Object.entries(readAll()))
      expect(value, key).toBe(before[key as keyof typeof before]);
    expect(gateView.get()).toBe(view);
    expect(series.netSavingBySize).not.toHaveBeenCalled();
    expect(fireMapModule.fireMapOver).not.toHaveBeenCalled();
  });

  it('the what-if’s tail recomputes the what-if curve only', () => {
    const before = readAll();
    setGate({ tailTokens: before.sweepInputs.largeOffloadThresholdTokens + 12_345 });
    const after = readAll();
    expect(series.cacheWhatIfBySize).toHaveBeenCalledTimes(1);
    expect(after.whatIfCurve).not.toBe(before.whatIfCurve);
    expect(after.sizeCurve).toBe(before.sizeCurve);
    expect(after.decision).toBe(before.decision);
  });

  it('computes the same curves and map as the functions they wrap', () => {
    const view = gateView.get();
    expect(sizeCurve.get()).toEqual(series.netSavingBySize(view.inputs, view.pricing));
    expect(fireMapNodes.size.map.get()).toEqual(
      fireMapModule.fireMap(view.inputs, view.pricing, 'size'),
    );
    expect(fireMapNodes.horizon.map.get()).toEqual(
      fireMapModule.fireMap(view.inputs, view.pricing, 'horizon'),
    );
  });
});
