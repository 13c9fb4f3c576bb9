/**
 * Context Cost Explorer's pure core: the offload gate (seed 000), the model
 * resolver and routing simulation (seed 001), and token budgeting (seed 003).
 * Depends on nothing but the language.
 */
export * from './errors.ts';
export * from './pyformat.ts';
export * from './pricing.ts';
export * from './call-rates.ts';
export * from './model-names.ts';
export * from './price-family.ts';
export * from './litellm.ts';
export * from './gate.ts';
export * from './breakeven.ts';
export * from './population.ts';
export * from './cache-whatif.ts';
export * from './budget.ts';
export * from './budget-ladder.ts';
export * from './estimator.ts';
export * from './resolver/types.ts';
export * from './resolver/hop-index.ts';
export * from './resolver/context.ts';
export * from './resolver/strategies.ts';
export * from './resolver/precedence.ts';
export * from './resolver/force.ts';
export * from './routing/simulate.ts';
