/**
 * Checking a part of the scenario the app holds against the schema a reload
 * reads it with (`checkSlice`), without checking the same array twice: the
 * store never changes an array in place, so an array that passed (as a
 * field of its part, or in a scenario read from a file, a link or a save) is
 * remembered by identity, and a part that keeps it checks only the rest. A
 * budget step on 10,000 rows checks the budget and the step, not the rows.
 */
import { checkSlice, SCENARIO_SLICES, type ScenarioSlice } from './scenario-schema.ts';
import type { ScenarioData } from '../model/scenario.ts';

/** Arrays (by identity) that passed the check. */
const checkedArrays = new WeakSet<object>();

/** How deep in a part arrays are looked for (budget.rows is 1, routing.scenario.turns 2). */
const ARRAY_DEPTH = 3;

/** `value` with each array already checked stood in for by its first element (the same value when none is). */
function lighten(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return value.length > 1 && checkedArrays.has(value) ? value.slice(0, 1) : value;
  if (depth <= 0) return value;
  let light: Record<string, unknown> | null = null;
  for (const [field, v] of Object.entries(value as Record<string, unknown>)) {
    const next = lighten(v, depth - 1);
    if (next !== v) {
      light ??= { ...(value as Record<string, unknown>) };
      light[field] = next;
    }
  }
  return light ?? value;
}

/** Remembers every array in `value` (to `depth` levels of objects) as checked. */
function markChecked(value: unknown, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    checkedArrays.add(value);
    return;
  }
  if (depth <= 0) return;
  for (const v of Object.values(value as Record<string, unknown>)) markChecked(v, depth - 1);
}

/**
 * `checkSlice`, with every array already checked (by identity) stood in for
 * by its first element: the array's own checks (its length, its unique
 * names) passed with that identity and its elements did too, so what is left
 * to check is the rest of the part.
 */
export function checkPart(slice: ScenarioSlice, value: unknown): string | null {
  const problem = checkSlice(slice, lighten(value, ARRAY_DEPTH));
  if (problem === null) markChecked(value, ARRAY_DEPTH);
  return problem;
}

/**
 * Remembers the arrays of a scenario that the whole schema just accepted
 * (read from a file, a link or a save), so its first save does not check
 * them again.
 */
export function markScenarioChecked(data: ScenarioData): void {
  for (const slice of SCENARIO_SLICES) markChecked(data[slice], ARRAY_DEPTH);
}
