/**
 * The fire map as nodes of the derivation graph, one set per axis. Which
 * axis the chart shows is the chart's own state (a button), so both sets
 * exist and the chart reads the one it shows: a node nobody reads never
 * runs, so the other axis costs nothing.
 *
 * The cells read neither the recall probability nor the value the columns
 * sweep, so each map is computed from the inputs with both fixed and from
 * its axis range: a step of the size slider keeps the size map (unless the
 * size leaves the range's decades), a step of the horizon or the recall
 * slider keeps the horizon map's cells. Only the ring (the scene) and the
 * words move.
 */
import type { ResolvedGateInputs } from '../../core/index.ts';
import { sameList, sameRecord } from '../../domain/equality.ts';
import { computed, type Signal } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import { sameDrawInputs } from '../../ui/charts/use-canvas-surface.ts';
import { gateAssumptions } from './chart-bits.tsx';
import {
  fireMapCounts,
  fireMapDomain,
  fireMapOver,
  fireMapRegions,
  type FireCell,
  type FireMap,
  type FireMapAxis,
} from './fire-map.ts';
import type { FireMapScene } from './fire-map-draw.ts';
import { gateInputs, sameResolvedInputs } from './use-gate.ts';

/** How many cells of each kind the map has, and how many in all. */
export type FireMapTally = Readonly<Record<FireCell | 'total', number>>;

/** Everything the fire map shows along one axis. */
export interface FireMapNodes {
  readonly map: Signal<FireMap>;
  /** The map's regions in words (its text equivalent). */
  readonly regions: Signal<readonly string[]>;
  readonly tally: Signal<FireMapTally>;
  /** What the canvas draws: the map and the ringed current inputs. */
  readonly scene: Signal<FireMapScene>;
  /** What the chart's image names: the inputs the map does not sweep. */
  readonly assumptions: Signal<readonly string[]>;
}

const sameRange = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === b[0] && a[1] === b[1];

function fireMapNodesFor(axis: FireMapAxis): FireMapNodes {
  /** The inputs with the recall probability and the swept value fixed: all the cells read. */
  const cellInputs = computed(
    `gate.fireMap.${axis}.cellInputs`,
    (): ResolvedGateInputs => ({
      ...gateInputs.get(),
      recallProbability: 0,
      ...(axis === 'size' ? { outputTokens: 0 } : { horizon: 0 }),
    }),
    { isEqual: sameResolvedInputs },
  );
  const domain = computed(
    `gate.fireMap.${axis}.domain`,
    () => fireMapDomain(gateInputs.get(), pricingTable.get(), axis),
    { isEqual: sameRange },
  );
  const map = computed(
    `gate.fireMap.${axis}`,
    () => fireMapOver(cellInputs.get(), pricingTable.get(), axis, domain.get()),
    { isEqual: sameDrawInputs },
  );
  const regions = computed(
    `gate.fireMap.${axis}.regions`,
    (): readonly string[] => fireMapRegions(map.get(), gateInputs.get(), pricingTable.get()),
    { isEqual: (a, b) => sameList(a, b) },
  );
  const tally = computed(
    `gate.fireMap.${axis}.tally`,
    (): FireMapTally => {
      const m = map.get();
      return { ...fireMapCounts(m), total: m.xs.length * m.probabilities.length };
    },
    { isEqual: sameRecord },
  );
  const scene = computed(
    `gate.fireMap.${axis}.scene`,
    (): FireMapScene => {
      const inputs = gateInputs.get();
      return {
        map: map.get(),
        x: axis === 'size' ? inputs.outputTokens : Math.max(0, Math.trunc(inputs.horizon)),
        p: Math.max(0, Math.min(1, inputs.recallProbability)),
        threshold: inputs.largeOffloadThresholdTokens,
      };
    },
    { isEqual: sameRecord },
  );
  const assumptions = computed(
    `gate.fireMap.${axis}.assumptions`,
    (): readonly string[] =>
      gateAssumptions(gateInputs.get(), axis === 'size' ? 'size and recall' : 'horizon and recall'),
    { isEqual: (a, b) => sameList(a, b) },
  );
  return { map, regions, tally, scene, assumptions };
}

/** The fire map's nodes by the axis its columns sweep. */
export const fireMapNodes: Readonly<Record<FireMapAxis, FireMapNodes>> = {
  size: fireMapNodesFor('size'),
  horizon: fireMapNodesFor('horizon'),
};
