import { useVirtualizer } from '@tanstack/react-virtual';
import { linesToDraw } from './virtual-lines.ts';
import { memo, useState, type ReactNode } from 'react';
import { formatTokens } from '../../ui/format.ts';
import { TIER_LABELS, type CompiledRow } from '../../domain/compiled-rows.ts';
import { STATUS_TEXT, type RowStatus } from './evaluate.ts';
import { useValue } from '../../state/derive.ts';
import { rowsTableInputs, type RowsTableInputs } from './row-nodes.ts';

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

/** Why a row has its fate, in one short sentence. */
function why(props: RowsTableInputs, id: string, pinned: boolean, status: RowStatus): string {
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
const RowsTableRow = memo(function RowsTableRow(
  p: RowsTableRowProps & {
    readonly line?: number;
    readonly measure?: (el: Element | null) => void;
  },
) {
  return (
    <tr className={p.blocking ? 'budget-blocking' : undefined} data-index={p.line} ref={p.measure}>
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

/** Above this many rows the table draws a screenful at a time (`VirtualBody`). */
export const VIRTUAL_TABLE_ROWS = 300;

/** The table row of the `i`-th compiled row. */
function tableRow(props: RowsTableInputs, i: number, measure?: (el: Element | null) => void) {
  const { fates } = props;
  const c = props.compiled[i] as CompiledRow;
  const id = c.row.contributionId;
  const status: RowStatus = fates.status.get(id) ?? 'notCompiled';
  return (
    <RowsTableRow
      key={c.position}
      position={c.position}
      id={id}
      status={status}
      blocking={fates.kind === 'pinnedExceeds' && c.row.pinned}
      tokens={c.tokens}
      estimated={c.row.text !== null}
      rank={props.ranks.get(id)}
      below={props.ladder?.dropsBelow.get(id)}
      tier={c.row.tier}
      section={c.row.section}
      why={why(props, id, c.row.pinned, status)}
      {...(measure === undefined ? {} : { line: i, measure })}
    />
  );
}

/** Rough height of a table row before it is measured, px. */
const ROW_ESTIMATE = 47;

/**
 * A long table's body drawn a screenful at a time (`@tanstack/react-virtual`)
 * inside its scrolling region: rows near the view, and a spacer row above and
 * below for the rest, so the scroll bar and the keyboard scrolling of the
 * region behave as with every row there.
 */
function VirtualBody(props: {
  count: number;
  scroller: HTMLDivElement | null;
  children: (index: number, measure: (el: Element | null) => void) => ReactNode;
}) {
  const virtualizer = useVirtualizer({
    count: props.count,
    getScrollElement: () => props.scroller,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
  });
  const lines = linesToDraw(virtualizer);
  const before = lines[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (lines.at(-1)?.end ?? 0));
  return (
    <tbody>
      {before > 0 && (
        <tr aria-hidden="true" className="budget-spacer" style={{ height: before }}>
          <td colSpan={9} />
        </tr>
      )}
      {lines.map((line) => props.children(line.index, virtualizer.measureElement))}
      {after > 0 && (
        <tr aria-hidden="true" className="budget-spacer" style={{ height: after }}>
          <td colSpan={9} />
        </tr>
      )}
    </tbody>
  );
}

/**
 * Every row in compiled order with its fate in words: Admitted, Dropped or
 * Pinned. It re-renders when the rows or a fate change, not at every budget.
 */
export const RowsTable = memo(function RowsTable() {
  const props = useValue(rowsTableInputs);
  // State, not a ref: the body's virtualiser needs the element once it exists.
  const [wrap, setWrap] = useState<HTMLDivElement | null>(null);
  const long = props.compiled.length > VIRTUAL_TABLE_ROWS;
  return (
    <section className="card" aria-labelledby="budget-rows-table-h">
      <h2 id="budget-rows-table-h">Rows in compiled order</h2>
      <p className="note">
        Drop order is the core&apos;s: last in the prompt first (position descending, ties by id);
        pinned rows are skipped. &ldquo;Dropped below&rdquo; is the budget under which the row is
        dropped.
      </p>
      <div
        ref={setWrap}
        className={`table-wrap budget-rows-wrap${long ? ' is-virtual' : ''}`}
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
          {props.compiled.length > VIRTUAL_TABLE_ROWS ? (
            <VirtualBody count={props.compiled.length} scroller={wrap}>
              {(i, measure) => tableRow(props, i, measure)}
            </VirtualBody>
          ) : (
            <tbody>{props.compiled.map((_, i) => tableRow(props, i))}</tbody>
          )}
        </table>
      </div>
    </section>
  );
});
