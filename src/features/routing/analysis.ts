/**
 * The routing runs the lab's charts read (types and helpers), from the
 * domain layer. Kept so the chart components import what they always did.
 */
export * from '../../domain/routing-runs.ts';
