import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import { TIERS, type BudgetEditorRow, type Tier } from '../../model/budget.ts';
import { compileRows, idCandidateProblem, TIER_LABELS } from '../../domain/compiled-rows.ts';
import { inheritKey, rowKey } from './row-keys.ts';
import { addRow, duplicateRow, moveRow, moveRowTo, moveTarget, removeRow } from './row-ops.ts';
import { RowItem, type FocusTarget, type RowActions } from './RowItem.tsx';
import { rowLineByKey, rowListLines, rowsByTier } from './row-nodes.ts';
import { rowsCompiled, rowsIdProblem } from './use-budget.ts';
import { VirtualRowList } from './VirtualRowList.tsx';
import { FoldBody, FoldHeading, useFold } from '../../ui/Fold.tsx';
import { formatNumber } from '../../ui/format.ts';

/** Above this many rows the list is drawn a screenful at a time (`VirtualRowList`). */
export const VIRTUAL_ROW_COUNT = 300;

const TIER_NOTES: Record<Tier, string> = {
  stable: 'First in the prompt, changes rarely: the cache-friendly prefix.',
  session: 'Changes during a session.',
  perTurn: 'Changes every turn: last in the prompt, dropped first.',
};

const rowsNow = () => useAppStore.getState().budget.rows;

function TierHeading({ tier }: { tier: Tier }) {
  return (
    <h3>
      {TIER_LABELS[tier]} <span className="note">{TIER_NOTES[tier]}</span>
    </h3>
  );
}

/** A long list's rows, a screenful at a time; the row an edit focuses is scrolled to first. */
function LongRowList(props: {
  charsPerToken: number;
  focus: { key: number; target: FocusTarget } | null;
  onFocused: () => void;
  actions: RowActions;
}) {
  const { charsPerToken, focus, onFocused, actions } = props;
  const items = useValue(rowListLines);
  const lineByKey = useValue(rowLineByKey);
  const focusIndex = focus === null ? null : (lineByKey.get(focus.key) ?? null);
  return (
    <VirtualRowList
      items={items}
      focusIndex={focusIndex}
      renderTier={(tier) => <TierHeading tier={tier} />}
      renderRow={(item, line) => {
        const key = rowKey(item.row.row);
        return (
          <RowItem
            key={key}
            row={item.row.row}
            listIndex={item.row.listIndex}
            position={item.row.position}
            charsPerToken={charsPerToken}
            canMoveUp={item.inTier > 0}
            canMoveDown={item.inTier < item.tierSize - 1}
            focusTarget={focus?.key === key ? focus.target : null}
            onFocused={onFocused}
            actions={actions}
            line={line}
          />
        );
      }}
    />
  );
}

/** What a folded row list says in its place: "12 rows, folded." */
function foldedSummary(count: number): string {
  return `${formatNumber(count, 0)} ${count === 1 ? 'row' : 'rows'}, folded.`;
}

/**
 * The row editor: rows grouped by tier in compiled order. Add, remove,
 * duplicate, and reorder within a tier with the buttons (keyboard) or by
 * dragging the handle.
 */
export const RowEditor = memo(function RowEditor() {
  const rowCount = useAppStore((s) => s.budget.rows.length);
  const charsPerToken = useAppStore((s) => s.budget.charsPerToken);
  const setBudget = useAppStore((s) => s.setBudget);
  const headingId = useId();
  const fold = useFold();
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<{ key: number; target: FocusTarget } | null>(null);
  const dragFrom = useRef<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const compiled = useValue(rowsCompiled);
  const byTier = useValue(rowsByTier);
  const problem = useValue(rowsIdProblem);
  const clearFocus = useCallback(() => setFocus(null), []);

  const actions = useMemo<RowActions>(() => {
    const setRows = (next: BudgetEditorRow[]) => setBudget({ rows: next });
    const positionOf = (list: readonly BudgetEditorRow[], row: BudgetEditorRow) =>
      compileRows(list, 1).findIndex((c) => c.row === row) + 1;
    return {
      update: (listIndex, patch) =>
        setRows(rowsNow().map((r, i) => (i === listIndex ? inheritKey(r, { ...r, ...patch }) : r))),
      rename: (listIndex, id) => {
        const rows = rowsNow();
        const problem = idCandidateProblem(rows, listIndex, id);
        if (problem === null) {
          setRows(
            rows.map((r, i) => (i === listIndex ? inheritKey(r, { ...r, contributionId: id }) : r)),
          );
        }
        return problem;
      },
      move: (listIndex, direction) => {
        const rows = rowsNow();
        const row = rows[listIndex];
        if (row === undefined) return;
        const where = direction < 0 ? 'up' : 'down';
        if (moveTarget(rows, listIndex, direction) === null) {
          setAnnouncement(
            `${row.contributionId} is already ${direction < 0 ? 'first' : 'last'} in the ${TIER_LABELS[row.tier]} tier; change its tier to move it to another tier.`,
          );
          return;
        }
        const next = moveRow(rows, listIndex, direction);
        setRows(next);
        setFocus({ key: rowKey(row), target: where });
        setAnnouncement(
          `${row.contributionId} moved ${where} to position ${positionOf(next, row)}.`,
        );
      },
      duplicate: (listIndex) => {
        const rows = rowsNow();
        const next = duplicateRow(rows, listIndex);
        const copy = next[listIndex + 1];
        setRows(next);
        if (copy) {
          setFocus({ key: rowKey(copy), target: 'id' });
          setAnnouncement(
            `Duplicated ${rows[listIndex]?.contributionId} as ${copy.contributionId}.`,
          );
        }
      },
      remove: (listIndex) => {
        const rows = rowsNow();
        setRows(removeRow(rows, listIndex));
        setAnnouncement(`Removed ${rows[listIndex]?.contributionId}.`);
        addRef.current?.focus();
      },
      dragStart: (listIndex) => {
        dragFrom.current = listIndex;
      },
      dragEnd: () => {
        dragFrom.current = null;
      },
      canDrop: (listIndex) => {
        const from = dragFrom.current;
        const rows = rowsNow();
        return from !== null && from !== listIndex && rows[from]?.tier === rows[listIndex]?.tier;
      },
      drop: (listIndex) => {
        const from = dragFrom.current;
        dragFrom.current = null;
        if (from === null) return;
        const rows = rowsNow();
        const row = rows[from];
        const next = moveRowTo(rows, from, listIndex);
        if (next === null || row === undefined) {
          setAnnouncement('Rows can only be dragged within their tier; change the tier instead.');
          return;
        }
        setRows(next);
        setAnnouncement(`${row.contributionId} moved to position ${positionOf(next, row)}.`);
      },
    };
  }, [setBudget]);

  const onAdd = () => {
    const next = addRow(rowsNow());
    const added = next[next.length - 1];
    setBudget({ rows: next });
    if (added) {
      setFocus({ key: rowKey(added), target: 'id' });
      setAnnouncement(`Added ${added.contributionId} to the Session tier.`);
    }
  };

  return (
    <section className="card budget-editor" aria-labelledby={headingId}>
      <div className="budget-editor-head">
        <FoldHeading fold={fold} title="Prompt rows" level={2} id={headingId} />
        <button
          ref={addRef}
          type="button"
          onClick={() => {
            // A row added while folded opens the list, where its id field takes focus.
            fold.setOpen(true);
            onAdd();
          }}
        >
          Add row
        </button>
      </div>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <p aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <FoldBody fold={fold} summary={foldedSummary(rowCount)} className="budget-editor-body">
        <p className="note">
          Rows are listed in compiled order: by tier, then in list order. Reorder within a tier with
          the arrow buttons or by dragging the ⠿ handle.
        </p>
        {compiled.length > VIRTUAL_ROW_COUNT ? (
          <LongRowList
            charsPerToken={charsPerToken}
            focus={focus}
            onFocused={clearFocus}
            actions={actions}
          />
        ) : (
          TIERS.map((tier) => {
            const inTier = byTier[tier];
            return (
              <div key={tier} className="budget-tier">
                <TierHeading tier={tier} />
                {inTier.length === 0 ? (
                  <p className="note">No rows in this tier.</p>
                ) : (
                  <ul className="budget-rows">
                    {inTier.map((c, i) => {
                      const key = rowKey(c.row);
                      return (
                        <RowItem
                          key={key}
                          row={c.row}
                          listIndex={c.listIndex}
                          position={c.position}
                          charsPerToken={charsPerToken}
                          canMoveUp={i > 0}
                          canMoveDown={i < inTier.length - 1}
                          focusTarget={focus?.key === key ? focus.target : null}
                          onFocused={clearFocus}
                          actions={actions}
                        />
                      );
                    })}
                  </ul>
                )}
              </div>
            );
          })
        )}
        {rowCount === 0 && <p className="note">No rows: add one or start from the preset.</p>}
      </FoldBody>
    </section>
  );
});
