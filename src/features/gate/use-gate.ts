import { useMemo } from 'react';
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
import { usePricing } from '../../state/selectors.ts';
import type { GateState } from '../../state/slices/gate-slice.ts';
import { useAppStore } from '../../state/store.ts';

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

/** Derives the decision and break-even figures, memoised on the inputs. */
export function useGateView(): GateView {
  const gate = useAppStore((s) => s.gate);
  const pricing = usePricing();
  const {
    horizon,
    recallProbability,
    modelName,
    largeOffloadThresholdTokens,
    stubTokens,
    recallInputTokens,
    recallOutputTokens,
  } = gate;
  const sweepInputs = useMemo(
    () =>
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
    [
      horizon,
      recallProbability,
      modelName,
      largeOffloadThresholdTokens,
      stubTokens,
      recallInputTokens,
      recallOutputTokens,
    ],
  );
  return useMemo(() => {
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
  }, [gate, sweepInputs, pricing]);
}
