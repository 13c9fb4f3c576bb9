import type { ReactNode } from 'react';
import type { ResolvedGateInputs } from '../../core/index.ts';
import { formatNumber, formatTokens, formatTokensShort, formatUsdTick } from '../../ui/format.ts';

export const usdTick = (v: number): string => formatUsdTick(v);
export const tokenTick = (v: number): string => formatTokensShort(v);
export const plainTick = (v: number): string => String(v);

/**
 * A tooltip's content. The charts draw the box around it (.chart-tooltip):
 * a second box here showed as a box within a box.
 */
export function TooltipBox({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}

/** Log-axis ticks between 100 and 1,000,000 tokens. */
export const LOG_TICKS = [100, 1_000, 10_000, 100_000, 1_000_000];

/**
 * The gate inputs a chart's downloaded image names under its title; the
 * input the chart sweeps along its axis is left out.
 */
export function gateAssumptions(
  inputs: ResolvedGateInputs,
  swept: 'size' | 'horizon' | 'horizon and recall' | 'size and recall' | 'none' = 'none',
): string[] {
  return [
    `model ${inputs.modelName}`,
    ...(swept === 'size' || swept === 'size and recall'
      ? []
      : [`output ${formatTokens(inputs.outputTokens)} tokens`]),
    ...(swept === 'horizon' || swept === 'horizon and recall'
      ? []
      : [`horizon ${formatNumber(inputs.horizon, 0)} turns`]),
    ...(swept === 'horizon and recall' || swept === 'size and recall'
      ? []
      : [`recall probability ${formatNumber(inputs.recallProbability, 2)}`]),
    `large offload threshold ${formatTokens(inputs.largeOffloadThresholdTokens)} tokens`,
    `stub ${formatTokens(inputs.stubTokens)} tokens`,
    `recall hop ${formatTokens(inputs.recallInputTokens)} in / ${formatTokens(inputs.recallOutputTokens)} out`,
  ];
}
