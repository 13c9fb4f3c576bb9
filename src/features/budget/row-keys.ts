/**
 * Stable React keys for editor rows. Rows have no key of their own (the id is
 * editable and the list is reordered), so each row object gets a number the
 * first time it is seen, and an edited copy inherits its original's number.
 */
import type { BudgetEditorRow } from '../../model/budget.ts';

const keys = new WeakMap<BudgetEditorRow, number>();
let next = 1;

/** The key of `row`, assigned on first sight. */
export function rowKey(row: BudgetEditorRow): number {
  let key = keys.get(row);
  if (key === undefined) {
    key = next++;
    keys.set(row, key);
  }
  return key;
}

/** Gives `edited` the key of `original`, so editing a row keeps its editor (and focus). */
export function inheritKey(original: BudgetEditorRow, edited: BudgetEditorRow): BudgetEditorRow {
  keys.set(edited, rowKey(original));
  return edited;
}
