/**
 * Each row's fate under the current budget, as a value that only changes when
 * a fate does. Most steps of the Budget slider move the limit without
 * admitting or dropping anything, so whatever shows fates alone (the row
 * table, the stacked bar's segments) can skip those steps.
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

/**
 * A string that is equal for two outcomes exactly when their fates are:
 * the kind, unboundedness and the dropped ids. Pinned rows are always
 * "pinned", and in a failed compile every other row is "notCompiled", so
 * nothing else is needed.
 */
export function fatesKey(outcome: BudgetOutcome): string {
  if (outcome.kind !== 'ok') return outcome.kind;
  const { limit, dropped } = outcome.report;
  return `ok:${limit === null ? 'unbounded' : 'bounded'}:${JSON.stringify(dropped)}`;
}

/** The fates that `fatesKey` describes, for these rows. */
export function fatesFromKey(rows: readonly BudgetRow[], key: string): RowFates {
  const status = new Map<string, RowStatus>();
  if (key === 'invalid') {
    for (const row of rows) status.set(row.contributionId, 'notCompiled');
    return { kind: 'invalid', status, unbounded: false, anyDropped: false };
  }
  if (key === 'pinnedExceeds') {
    for (const row of rows) status.set(row.contributionId, row.pinned ? 'pinned' : 'notCompiled');
    return { kind: 'pinnedExceeds', status, unbounded: false, anyDropped: false };
  }
  const [, bound, ...rest] = key.split(':');
  const dropped = new Set(JSON.parse(rest.join(':')) as string[]);
  for (const row of rows) {
    const id = row.contributionId;
    status.set(id, row.pinned ? 'pinned' : dropped.has(id) ? 'dropped' : 'admitted');
  }
  return { kind: 'ok', status, unbounded: bound === 'unbounded', anyDropped: dropped.size > 0 };
}
