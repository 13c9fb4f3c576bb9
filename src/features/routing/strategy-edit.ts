/**
 * The routing editor's view of a strategy: an inner strategy (none, fixed,
 * hop-aware thinking, complexity classifier) optionally wrapped in
 * sticky-with-TTL. Pure helpers to split and rebuild the core's `Strategy`.
 */
import type { ModelConfig, Strategy } from '../../core/index.ts';
import { DEFAULT_CLASSIFIER_USD, DEFAULT_STICKY_TTL_SECONDS } from '../../model/routing.ts';

export { cheapModel } from '../../domain/strategies.ts';
export { DEFAULT_CLASSIFIER_USD, DEFAULT_STICKY_TTL_SECONDS } from '../../model/routing.ts';

/** A strategy other than the sticky wrapper. */
export type InnerStrategy = Exclude<Strategy, { kind: 'sticky' }>;
export type InnerKind = InnerStrategy['kind'];

/** The Strategy select's options, in order. */
export const INNER_KINDS: readonly { kind: InnerKind; label: string }[] = [
  { kind: 'none', label: 'None' },
  { kind: 'fixed', label: 'Fixed' },
  { kind: 'hopAware', label: 'Hop-aware thinking' },
  { kind: 'complexity', label: 'Complexity classifier' },
];

export interface StrategyParts {
  readonly inner: InnerStrategy;
  readonly sticky: boolean;
  readonly stickyTtlSeconds: number;
}

/**
 * Splits a strategy into its inner strategy and the sticky wrapper. A sticky
 * wrapped in another sticky (only possible in a hand-made scenario) shows the
 * outer TTL and the innermost strategy.
 */
export function splitStrategy(strategy: Strategy): StrategyParts {
  if (strategy.kind !== 'sticky') {
    return { inner: strategy, sticky: false, stickyTtlSeconds: DEFAULT_STICKY_TTL_SECONDS };
  }
  let inner: Strategy = strategy.inner;
  while (inner.kind === 'sticky') inner = inner.inner;
  return { inner, sticky: true, stickyTtlSeconds: strategy.ttlSeconds };
}

/** The core's strategy for the editor's parts. */
export function joinStrategy(parts: StrategyParts): Strategy {
  return parts.sticky
    ? { kind: 'sticky', inner: parts.inner, ttlSeconds: parts.stickyTtlSeconds }
    : parts.inner;
}

/**
 * A fresh inner strategy of `kind`, keeping what carries over from the
 * current one (its main model), else built around the default model.
 */
export function innerOfKind(
  kind: InnerKind,
  current: InnerStrategy,
  defaultModel: ModelConfig,
  cheap: string,
): InnerStrategy {
  if (kind === current.kind) return current;
  const main = mainModel(current) ?? defaultModel.model;
  switch (kind) {
    case 'none':
      return { kind: 'none' };
    case 'fixed':
      return { kind: 'fixed', model: { model: main, thinking: false } };
    case 'hopAware':
      return { kind: 'hopAware', model: main };
    case 'complexity':
      return {
        kind: 'complexity',
        complex: { model: main, thinking: false },
        simple: { model: cheap, thinking: false },
        classifierUsd: DEFAULT_CLASSIFIER_USD,
      };
  }
}

/** The model a strategy is mostly about (the complex one for a classifier); null for none. */
export function mainModel(strategy: InnerStrategy): string | null {
  switch (strategy.kind) {
    case 'none':
      return null;
    case 'fixed':
      return strategy.model.model;
    case 'hopAware':
      return strategy.model;
    case 'complexity':
      return strategy.complex.model;
  }
}
