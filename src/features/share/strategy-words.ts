/** A routing strategy in words, shared by the report and the comparison. */
import type { Strategy } from '../../core/index.ts';
import { formatNumber, formatUsd } from '../../ui/format.ts';

/** A routing strategy in words: "Sticky for 300 s around a complexity classifier (…)". */
export function describeStrategy(strategy: Strategy): string {
  const model = (m: { model: string; thinking: boolean }) =>
    `${m.model}${m.thinking ? ' with thinking' : ''}`;
  switch (strategy.kind) {
    case 'none':
      return 'No resolver: every hop uses the default model';
    case 'fixed':
      return `Fixed: ${model(strategy.model)}`;
    case 'hopAware':
      return `Hop-aware thinking on ${strategy.model} (thinking at hop 0 only)`;
    case 'complexity':
      return `Complexity classifier: complex → ${model(strategy.complex)}, simple → ${model(strategy.simple)}, ${formatUsd(strategy.classifierUsd)} a call`;
    case 'sticky':
      return `Sticky for ${formatNumber(strategy.ttlSeconds)} s around: ${describeStrategy(strategy.inner)}`;
  }
}
