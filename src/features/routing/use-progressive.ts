/**
 * The results shape the lab's charts read. The hand-written time-slicer
 * that lived here is gone (heavy results come from the engine's worker);
 * this type-only module stays until the chart kit imports the type from
 * `src/domain/routing-runs.ts` directly.
 */
export type { ProgressiveResults } from '../../domain/routing-runs.ts';
