import {
  breakEven,
  evaluateOffloadGate,
  firingSize,
  resolveGateInputs,
  type BreakEven,
  type OffloadGateDecision,
  type PricingTable,
  type ResolvedGateInputs,
} from '../../core/index.ts';
import { sameRecord } from '../../domain/equality.ts';
import { computed, fromStore, useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import type { GateState } from '../../model/gate.ts';

/** Everything the gate explorer derives from its inputs, all from the core. */
export interface GateView {
  readonly inputs: ResolvedGateInputs;
  /**
   * The same inputs with the output size fixed at the threshold: a stable
   * object while only the size changes, so series that sweep the size
   * themselves (size curve, population, cache what-if) are not recomputed
   * or redrawn on every step of the size slider.
   */
  readonly sweepInputs: ResolvedGateInputs;
  readonly pricing: PricingTable;
  readonly decision: OffloadGateDecision;
  readonly breakEven: BreakEven;
  /** Smallest size at which the gate fires (threshold and T*), tokens; null if never. */
  readonly firingSizeTokens: number | null;
  readonly priced: boolean;
}

/** The gate's inputs as the core takes them (it reads only the fields it prices). */
export function gateInputsOf(gate: GateState): ResolvedGateInputs {
  return resolveGateInputs(gate);
}

/** Whether two resolved gate inputs hold the same values, field by field. */
export const sameResolvedInputs = (a: ResolvedGateInputs, b: ResolvedGateInputs): boolean =>
  sameRecord(a, b);

/** The gate slice of the store (its population, tail and volume too). */
const gateState = fromStore('gate', (s) => s.gate);

/**
 * The inputs the core prices: kept while an edit touches only what the
 * decision does not read (the population, the what-if's tail, the volume).
 */
export const gateInputs = computed('gate.inputs', () => gateInputsOf(gateState.get()), {
  isEqual: sameResolvedInputs,
});

/** The gate's inputs with the size fixed at the threshold: kept while only the size changes. */
export const gateSweepInputs = computed(
  'gate.sweepInputs',
  (): ResolvedGateInputs => {
    const g = gateInputs.get();
    return { ...g, outputTokens: g.largeOffloadThresholdTokens };
  },
  { isEqual: sameResolvedInputs },
);

/** The gate's inputs with the horizon fixed at 0: kept while only the horizon changes. */
export const gateHorizonSweepInputs = computed(
  'gate.horizonSweepInputs',
  (): ResolvedGateInputs => ({ ...gateInputs.get(), horizon: 0 }),
  { isEqual: sameResolvedInputs },
);

/** The gate's verdict and its priced terms. */
export const gateDecision = computed('gate.decision', () =>
  evaluateOffloadGate(gateInputs.get(), pricingTable.get()),
);

/** T*, H* and p* for the current inputs. */
export const gateBreakEven = computed('gate.breakEven', () =>
  breakEven(gateInputs.get(), pricingTable.get()),
);

/** Smallest size at which the gate fires (threshold and T*), tokens; null if never. */
export const gateFiringSize = computed('gate.firingSize', () =>
  firingSize(gateInputs.get(), pricingTable.get()),
);

/** Whether the price table has a row for the gate's model. */
export const gatePriced = computed('gate.priced', () =>
  Object.prototype.hasOwnProperty.call(pricingTable.get(), gateInputs.get().modelName),
);

/** The decision and break-even figures, recomputed when the gate's inputs or the prices change. */
export const gateView = computed(
  'gate.view',
  (): GateView => ({
    inputs: gateInputs.get(),
    sweepInputs: gateSweepInputs.get(),
    pricing: pricingTable.get(),
    decision: gateDecision.get(),
    breakEven: gateBreakEven.get(),
    firingSizeTokens: gateFiringSize.get(),
    priced: gatePriced.get(),
  }),
  { isEqual: sameRecord },
);

/** Reads the gate explorer's view (see `gateView`). */
export function useGateView(): GateView {
  return useValue(gateView);
}
