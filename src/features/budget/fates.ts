/**
 * Each row's fate under the current budget, as a value that only changes when
 * a fate does. Most steps of the Budget slider move the limit without
 * admitting or dropping anything, so whatever shows fates alone (the row
 * table, the stacked bar's segments) can skip those steps: the graph keeps
 * the previous fates while `sameFates` holds.
 */
import type { BudgetRow } from '../../core/index.ts';
import type { BudgetOutcome, RowStatus } from './evaluate.ts';

/** What the rows' fates are, without the limit that produced them. */
export interface RowFates {
  readonly kind: BudgetOutcome['kind'];
  /** Status by id; every row is "notCompiled" while the ids are invalid. */
  readonly status: ReadonlyMap<string, RowStatus>;
  /** True when the budget is unbounded (and the compile succeeds). */
  readonly unbounded: boolean;
  /** True when the compile succeeds and drops at least one row. */
  readonly anyDropped: boolean;
}

/** The rows' fates under `outcome`. */
export function fatesOf(rows: readonly BudgetRow[], outcome: BudgetOutcome): RowFates {
  const status = new Map<string, RowStatus>();
  if (outcome.kind === 'invalid') {
    for (const row of rows) status.set(row.contributionId, 'notCompiled');
    return { kind: 'invalid', status, unbounded: false, anyDropped: false };
  }
  if (outcome.kind === 'pinnedExceeds') {
    for (const row of rows) status.set(row.contributionId, row.pinned ? 'pinned' : 'notCompiled');
    return { kind: 'pinnedExceeds', status, unbounded: false, anyDropped: false };
  }
  const dropped = new Set(outcome.report.dropped);
  for (const row of rows) {
    const id = row.contributionId;
    status.set(id, row.pinned ? 'pinned' : dropped.has(id) ? 'dropped' : 'admitted');
  }
  return {
    kind: 'ok',
    status,
    unbounded: outcome.report.limit === null,
    anyDropped: dropped.size > 0,
  };
}

/** Whether two fates agree: the same kind, boundedness and status of every row. */
export function sameFates(a: RowFates, b: RowFates): boolean {
  if (a.kind !== b.kind || a.unbounded !== b.unbounded || a.anyDropped !== b.anyDropped)
    return false;
  if (a.status.size !== b.status.size) return false;
  for (const [id, status] of a.status) if (b.status.get(id) !== status) return false;
  return true;
}
