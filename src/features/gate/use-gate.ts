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
import { computed, useDerived } from '../../state/derive.ts';
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

/** The gate's inputs with the size fixed at the threshold: kept while only the size changes. */
const gateSweepInputs = computed(
  'gate.sweepInputs',
  (s) => {
    const g = s.gate;
    return [
      g.horizon,
      g.recallProbability,
      g.modelName,
      g.largeOffloadThresholdTokens,
      g.stubTokens,
      g.recallInputTokens,
      g.recallOutputTokens,
    ] as const;
  },
  (
    horizon,
    recallProbability,
    modelName,
    largeOffloadThresholdTokens,
    stubTokens,
    recallInputTokens,
    recallOutputTokens,
  ) =>
    resolveGateInputs({
      outputTokens: largeOffloadThresholdTokens,
      horizon,
      recallProbability,
      modelName,
      largeOffloadThresholdTokens,
      stubTokens,
      recallInputTokens,
      recallOutputTokens,
    }),
);

/** The decision and break-even figures, recomputed when the gate's inputs or the prices change. */
export const gateView = computed(
  'gate.view',
  (s) => [s.gate, gateSweepInputs.get(s), pricingTable.get(s)] as const,
  (gate, sweepInputs, pricing): GateView => {
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
  },
);

/** Reads the gate explorer's view (see `gateView`). */
export function useGateView(): GateView {
  return useDerived(gateView);
}
