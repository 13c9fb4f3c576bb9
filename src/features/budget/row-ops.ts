/**
 * Editing the budget rows: pure list operations the row editor applies to
 * the store. Moves work on the compiled order (the order the editor shows)
 * and stay within a row's tier, because the tier, not the list, decides
 * which tier comes first in the prompt.
 */
import type { BudgetEditorRow } from '../../model/budget.ts';
import { inCompiledOrder } from '../../domain/compiled-rows.ts';

/** `base`, or `base-2`, `base-3`… — the first id no row has. */
export function uniqueId(rows: readonly BudgetEditorRow[], base: string): string {
  const taken = new Set(rows.map((r) => r.contributionId));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const id = `${base}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** Appends a new, unpinned session row with a fresh id. */
export function addRow(rows: readonly BudgetEditorRow[]): BudgetEditorRow[] {
  const id = uniqueId(rows, 'row');
  return [
    ...rows,
    {
      contributionId: id,
      section: 'custom',
      tier: 'session',
      tokens: 500,
      text: null,
      pinned: false,
    },
  ];
}

/** Removes the row at `index` (in the list). */
export function removeRow(rows: readonly BudgetEditorRow[], index: number): BudgetEditorRow[] {
  return rows.filter((_, i) => i !== index);
}

/** Inserts a copy of the row at `index` right after it, with a fresh id (`<id>-copy`). */
export function duplicateRow(rows: readonly BudgetEditorRow[], index: number): BudgetEditorRow[] {
  const source = rows[index];
  if (source === undefined) return [...rows];
  const copy = { ...source, contributionId: uniqueId(rows, `${source.contributionId}-copy`) };
  return [...rows.slice(0, index + 1), copy, ...rows.slice(index + 1)];
}

/** Where a move of the row at list `index` lands in the compiled order; null when it is already first (or last) in its tier. */
export function moveTarget(
  rows: readonly BudgetEditorRow[],
  index: number,
  direction: -1 | 1,
): number | null {
  const ordered = inCompiledOrder(rows);
  const from = ordered.indexOf(rows[index] as BudgetEditorRow);
  const to = from + direction;
  const row = ordered[from];
  const neighbour = ordered[to];
  if (row === undefined || neighbour === undefined || neighbour.tier !== row.tier) return null;
  return to;
}

/**
 * Moves the row at list `index` one place up (-1) or down (+1) within its
 * tier. Returns the rows in compiled order, or unchanged when it cannot move.
 */
export function moveRow(
  rows: readonly BudgetEditorRow[],
  index: number,
  direction: -1 | 1,
): BudgetEditorRow[] {
  const to = moveTarget(rows, index, direction);
  if (to === null) return [...rows];
  const ordered = inCompiledOrder(rows);
  const from = to - direction;
  const moving = ordered[from] as BudgetEditorRow;
  ordered[from] = ordered[to] as BudgetEditorRow;
  ordered[to] = moving;
  return ordered;
}

/**
 * Drag and drop: moves the row at list `index` to the place of the row at
 * list `target` (before it when moving up, after it when moving down), within
 * the same tier. Returns null when the rows are in different tiers.
 */
export function moveRowTo(
  rows: readonly BudgetEditorRow[],
  index: number,
  target: number,
): BudgetEditorRow[] | null {
  const ordered = inCompiledOrder(rows);
  const from = ordered.indexOf(rows[index] as BudgetEditorRow);
  const to = ordered.indexOf(rows[target] as BudgetEditorRow);
  const moving = ordered[from];
  const onto = ordered[to];
  if (moving === undefined || onto === undefined || moving.tier !== onto.tier) return null;
  ordered.splice(from, 1);
  ordered.splice(to, 0, moving);
  return ordered;
}
