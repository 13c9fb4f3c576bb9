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

const gateInputs = fromStore('gate', (s) => s.gate);

/** The gate's inputs with the size fixed at the threshold: kept while only the size changes. */
const gateSweepInputs = computed(
  'gate.sweepInputs',
  () => {
    const g = gateInputs.get();
    return resolveGateInputs({
      outputTokens: g.largeOffloadThresholdTokens,
      horizon: g.horizon,
      recallProbability: g.recallProbability,
      modelName: g.modelName,
      largeOffloadThresholdTokens: g.largeOffloadThresholdTokens,
      stubTokens: g.stubTokens,
      recallInputTokens: g.recallInputTokens,
      recallOutputTokens: g.recallOutputTokens,
    });
  },
  { isEqual: sameResolvedInputs },
);

/** The decision and break-even figures, recomputed when the gate's inputs or the prices change. */
export const gateView = computed('gate.view', (): GateView => {
  const gate = gateInputs.get();
  const sweepInputs = gateSweepInputs.get();
  const pricing = pricingTable.get();
  const inputs = gateInputsOf(gate);
  return {
    inputs,
    sweepInputs,
    pricing,
    decision: evaluateOffloadGate(inputs, pricing),
    breakEven: breakEven(inputs, pricing),
    firingSizeTokens: firingSize(inputs, pricing),
    priced: Object.prototype.hasOwnProperty.call(pricing, inputs.modelName),
  };
});

/** Whether two resolved gate inputs hold the same values, field by field. */
function sameResolvedInputs(a: ResolvedGateInputs, b: ResolvedGateInputs): boolean {
  const keys = Object.keys(a) as (keyof ResolvedGateInputs)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/** Reads the gate explorer's view (see `gateView`). */
export function useGateView(): GateView {
  return useValue(gateView);
}
