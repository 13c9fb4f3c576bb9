/**
 * "Does sticky save money?": the same conversation under the four resolver
 * strategies a design review weighs (seed 001) — a fixed model, hop-aware
 * thinking, a complexity classifier and the classifier wrapped in
 * sticky-with-TTL — each priced by the core's `simulateRouting` (SPEC §5),
 * with the scenario's policies, default model and cache rules unchanged.
 * Pure; small enough to run on the main thread for ordinary conversations.
 */
import type { ModelConfig, PricingTable, RoutingScenario, Strategy } from '../core/index.ts';
import { DEFAULT_CLASSIFIER_USD, DEFAULT_STICKY_TTL_SECONDS } from '../model/routing.ts';
import { trySimulate } from './routing-runs.ts';

/** The four strategies of the comparison, in table order. */
export const STRATEGY_IDS = ['fixed', 'hopAware', 'classifier', 'stickyClassifier'] as const;
export type ComparedStrategyId = (typeof STRATEGY_IDS)[number];

/** Table labels of the compared strategies. */
export const STRATEGY_LABELS: Readonly<Record<ComparedStrategyId, string>> = {
  fixed: 'Fixed',
  hopAware: 'Hop-aware thinking',
  classifier: 'Complexity classifier',
  stickyClassifier: 'Sticky classifier',
};

/**
 * The cheaper model a complexity classifier sends simple turns to:
 * claude-haiku-4-5 when priced, else the model with the lowest input price,
 * else `fallback`.
 */
export function cheapModel(
  modelNames: readonly string[],
  inputPrice: (model: string) => number,
  fallback: string,
): string {
  if (modelNames.includes('claude-haiku-4-5')) return 'claude-haiku-4-5';
  let best: string | null = null;
  for (const name of modelNames) {
    if (best === null || inputPrice(name) < inputPrice(best)) best = name;
  }
  return best ?? fallback;
}

type Complexity = Extract<Strategy, { kind: 'complexity' }>;

/** The innermost strategy under any sticky wrappers, and the outer sticky TTL (null when not sticky). */
function unwrap(strategy: Strategy): { inner: Strategy; stickyTtlSeconds: number | null } {
  if (strategy.kind !== 'sticky') return { inner: strategy, stickyTtlSeconds: null };
  let inner: Strategy = strategy.inner;
  while (inner.kind === 'sticky') inner = inner.inner;
  return { inner, stickyTtlSeconds: strategy.ttlSeconds };
}

/** One strategy of the comparison: which, what it says in words, and the core's strategy. */
export interface ComparedStrategy {
  readonly id: ComparedStrategyId;
  readonly label: string;
  /** The strategy's settings in words ("complex → claude-opus-4-6, simple → claude-haiku-4-5"). */
  readonly detail: string;
  readonly strategy: Strategy;
}

const modelWords = (m: ModelConfig) => `${m.model}${m.thinking ? ' (thinking)' : ''}`;

/**
 * The four strategies for `scenario`: fixed and hop-aware on the default
 * model; the scenario's own classifier when it routes by complexity (else
 * the default model for complex turns, `simpleModel` for simple ones, at
 * the seed's $0.002 a call); and that classifier sticky with the scenario's
 * sticky TTL (else the seed's 300 s).
 */
export function comparedStrategies(
  scenario: RoutingScenario,
  simpleModel: string,
): ComparedStrategy[] {
  const { inner, stickyTtlSeconds } = unwrap(scenario.strategy);
  const main = scenario.defaultModel;
  const classifier: Complexity =
    inner.kind === 'complexity'
      ? inner
      : {
          kind: 'complexity',
          complex: { model: main.model, thinking: false },
          simple: { model: simpleModel, thinking: false },
          classifierUsd: DEFAULT_CLASSIFIER_USD,
        };
  const ttl = stickyTtlSeconds ?? DEFAULT_STICKY_TTL_SECONDS;
  const classifierWords = `complex → ${modelWords(classifier.complex)}, simple → ${modelWords(classifier.simple)}`;
  return [
    {
      id: 'fixed',
      label: STRATEGY_LABELS.fixed,
      detail: `every hop on ${modelWords(main)}`,
      strategy: { kind: 'fixed', model: main },
    },
    {
      id: 'hopAware',
      label: STRATEGY_LABELS.hopAware,
      detail: `${main.model}, thinking on each turn’s first hop`,
      strategy: { kind: 'hopAware', model: main.model },
    },
    {
      id: 'classifier',
      label: STRATEGY_LABELS.classifier,
      detail: classifierWords,
      strategy: classifier,
    },
    {
      id: 'stickyClassifier',
      label: STRATEGY_LABELS.stickyClassifier,
      detail: `${classifierWords}, sticky for ${ttl} s`,
      strategy: { kind: 'sticky', ttlSeconds: ttl, inner: classifier },
    },
  ];
}

/** Whether two strategies are the same by value. */
export function sameStrategy(a: Strategy, b: Strategy): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One row of the comparison: the strategy's cost, or why it could not be priced. */
export type StrategyRow = ComparedStrategy & { readonly current: boolean } & (
    | {
        readonly ok: true;
        readonly totalUsd: number;
        /** The conversation's total over its turns. */
        readonly perTurnUsd: number;
        /** How much more than the cheapest of the four, USD (0 for the cheapest). */
        readonly overCheapestUsd: number;
        /** The same as a fraction of the cheapest (null when the cheapest costs $0). */
        readonly overCheapestFraction: number | null;
      }
    | { readonly ok: false; readonly message: string }
  );

/** The comparison, with the cheapest strategy's id (null when none could be priced). */
export interface StrategyComparison {
  readonly rows: readonly StrategyRow[];
  readonly cheapest: ComparedStrategyId | null;
  /** Hops the conversation has: the rows each priced that many. */
  readonly hopCount: number;
}

/**
 * Prices the conversation of `scenario` under each of the four strategies
 * (`comparedStrategies`) with the core's simulation, and ranks them against
 * the cheapest. The row equal to the scenario's own strategy is `current`.
 */
export function compareStrategies(
  scenario: RoutingScenario,
  pricing: PricingTable,
  simpleModel: string,
): StrategyComparison {
  const turnCount = scenario.turns.length;
  const priced = comparedStrategies(scenario, simpleModel).map((c) => ({
    ...c,
    current: sameStrategy(c.strategy, scenario.strategy),
    outcome: trySimulate({ ...scenario, strategy: c.strategy }, pricing),
  }));
  let cheapestUsd = Infinity;
  let cheapest: ComparedStrategyId | null = null;
  for (const p of priced) {
    if (p.outcome.ok && p.outcome.result.totals.totalUsd < cheapestUsd) {
      cheapestUsd = p.outcome.result.totals.totalUsd;
      cheapest = p.id;
    }
  }
  const rows = priced.map(({ outcome, ...c }): StrategyRow => {
    if (!outcome.ok) return { ...c, ok: false, message: outcome.message };
    const totalUsd = outcome.result.totals.totalUsd;
    const over = totalUsd - cheapestUsd;
    return {
      ...c,
      ok: true,
      totalUsd,
      perTurnUsd: turnCount === 0 ? 0 : totalUsd / turnCount,
      overCheapestUsd: over,
      overCheapestFraction: cheapestUsd > 0 ? over / cheapestUsd : null,
    };
  });
  const hopCount = scenario.turns.reduce((n, t) => n + t.hops.length, 0);
  return { rows, cheapest, hopCount };
}
