import { memo } from 'react';
import { formatTokens } from '../../ui/format.ts';
import { TIER_LABELS, type CompiledRow } from '../../domain/compiled-rows.ts';
import { STATUS_TEXT, type RowStatus } from './evaluate.ts';
import type { RowFates } from './fates.ts';
import type { AdmissionLadder } from './ladder.ts';

const BADGE: Record<RowStatus, string> = {
  admitted: 'good',
  dropped: 'bad',
  pinned: 'warn',
  notCompiled: '',
};

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${s}`;
};

/** What the table shows: it changes with the rows and their fates, not with every budget. */
export interface RowsTableProps {
  readonly compiled: readonly CompiledRow[];
  readonly ranks: ReadonlyMap<string, number>;
  readonly ladder: AdmissionLadder | null;
  readonly fates: RowFates;
}

/** Why a row has its fate, in one short sentence. */
function why(props: RowsTableProps, id: string, pinned: boolean, status: RowStatus): string {
  const { fates } = props;
  const rank = props.ranks.get(id);
  const below = props.ladder?.dropsBelow.get(id);
  if (fates.kind === 'invalid') return 'Fix the ids first.';
  if (fates.kind === 'pinnedExceeds') {
    return pinned
      ? 'Pinned: never dropped, and together with the other pinned rows over the budget.'
      : 'Not compiled: the pinned rows alone exceed the budget.';
  }
  if (pinned) return 'Pinned: never dropped or truncated.';
  if (status === 'dropped') {
    return `${ordinal(rank ?? 0)} in the drop order: dropped whole until the rest fits.`;
  }
  if (fates.unbounded) return 'Unbounded: everything is admitted.';
  if (!fates.anyDropped) return 'Everything fits under the budget.';
  return below === undefined
    ? 'Survives: the rows before it in the drop order freed enough.'
    : `Survives: the rows before it in the drop order freed enough (dropped below ${formatTokens(below)}).`;
}

interface RowsTableRowProps {
  readonly position: number;
  readonly id: string;
  readonly status: RowStatus;
  readonly blocking: boolean;
  readonly tokens: number;
  readonly estimated: boolean;
  readonly rank: number | undefined;
  readonly below: number | undefined;
  readonly tier: CompiledRow['row']['tier'];
  readonly section: string;
  readonly why: string;
}

/**
 * One row of the table, memoised on plain values: a step that changes a few
 * rows' fates re-renders those rows, not all of them (10,000 rows cost tens
 * of milliseconds to reconcile per step otherwise).
 */
const RowsTableRow = memo(function RowsTableRow(p: RowsTableRowProps) {
  return (
    <tr className={p.blocking ? 'budget-blocking' : undefined}>
      <td>{p.position + 1}</td>
      <th scope="row">{p.id}</th>
      <td>
        <span className={`badge ${p.blocking ? 'bad' : BADGE[p.status]}`}>
          {STATUS_TEXT[p.status]}
        </span>
        {p.blocking && <span className="budget-over"> over budget</span>}
      </td>
      <td>
        {formatTokens(p.tokens)}
        {p.estimated && <span className="note"> (est.)</span>}
      </td>
      <td>{p.rank === undefined ? 'never' : p.rank}</td>
      <td>{p.below === undefined ? '—' : formatTokens(p.below)}</td>
      <td>{TIER_LABELS[p.tier]}</td>
      <td>{p.section}</td>
      <td className="budget-why">{p.why}</td>
    </tr>
  );
});

/**
 * Every row in compiled order with its fate in words: Admitted, Dropped or
 * Pinned. It re-renders when the rows or a fate change, not at every budget.
 */
export const RowsTable = memo(function RowsTable(props: RowsTableProps) {
  const { fates } = props;
  return (
    <section className="card" aria-labelledby="budget-rows-table-h">
      <h2 id="budget-rows-table-h">Rows in compiled order</h2>
      <p className="note">
        Drop order is the core&apos;s: last in the prompt first (position descending, ties by id);
        pinned rows are skipped. &ldquo;Dropped below&rdquo; is the budget under which the row is
        dropped.
      </p>
      <div
        className="table-wrap budget-rows-wrap"
        role="region"
        aria-label="Rows in compiled order: table"
        // Focusable so a keyboard user can scroll it when it is wider than the screen.
        tabIndex={0}
      >
        <table className="data budget-rows-table">
          <caption className="visually-hidden">Rows in compiled order</caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Id</th>
              <th scope="col">Status</th>
              <th scope="col">Tokens</th>
              <th scope="col">Drop order</th>
              <th scope="col">Dropped below</th>
              <th scope="col">Tier</th>
              <th scope="col">Section</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {props.compiled.map((c) => {
              const id = c.row.contributionId;
              const status: RowStatus = fates.status.get(id) ?? 'notCompiled';
              const rank = props.ranks.get(id);
              const below = props.ladder?.dropsBelow.get(id);
              return (
                <RowsTableRow
                  key={c.position}
                  position={c.position}
                  id={id}
                  status={status}
                  blocking={fates.kind === 'pinnedExceeds' && c.row.pinned}
                  tokens={c.tokens}
                  estimated={c.row.text !== null}
                  rank={rank}
                  below={below}
                  tier={c.row.tier}
                  section={c.row.section}
                  why={why(props, id, c.row.pinned, status)}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
});
