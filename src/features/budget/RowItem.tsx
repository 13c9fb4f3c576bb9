import { memo, useId, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { estimateTokens } from '../../core/index.ts';
import { TIERS, type BudgetEditorRow, type Tier } from '../../model/budget.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';
import { TIER_LABELS } from '../../domain/compiled-rows.ts';
import type { MeasuredLine } from './VirtualRowList.tsx';

/** A control of a row that the editor may focus after changing the list. */
export type FocusTarget = 'up' | 'down' | 'id';

/** What the editor asks of one row. */
export interface RowActions {
  update: (listIndex: number, patch: Partial<BudgetEditorRow>) => void;
  /** Returns why the id cannot be used, or null when it was applied. */
  rename: (listIndex: number, id: string) => string | null;
  move: (listIndex: number, direction: -1 | 1) => void;
  duplicate: (listIndex: number) => void;
  remove: (listIndex: number) => void;
  dragStart: (listIndex: number) => void;
  dragEnd: () => void;
  /** True when the row being dragged may be dropped on this one. */
  canDrop: (listIndex: number) => boolean;
  drop: (listIndex: number) => void;
}

export interface RowItemProps {
  row: BudgetEditorRow;
  listIndex: number;
  /** Compiled position (0 = first in the prompt). */
  position: number;
  charsPerToken: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** What should take focus after an edit (a moved row's button, a new row's id field). */
  focusTarget: FocusTarget | null;
  onFocused: () => void;
  actions: RowActions;
  /** In a long, virtualised list: the row's line there, which measures it. */
  line?: MeasuredLine | undefined;
}

/** One prompt contribution in the row editor. */
export const RowItem = memo(function RowItem(props: RowItemProps) {
  const { row, listIndex, position, charsPerToken, actions, focusTarget, onFocused } = props;
  const id = useId();
  const [idDraft, setIdDraft] = useState<string | null>(null);
  const [idError, setIdError] = useState<string | null>(null);
  const [dropHover, setDropHover] = useState(false);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const rid = row.contributionId;
  const estimated = row.text !== null;

  useLayoutEffect(() => {
    if (focusTarget === null) return;
    ({ up: upRef, down: downRef, id: idRef })[focusTarget].current?.focus();
    onFocused();
  }, [focusTarget, onFocused]);

  const onDragOver = (e: DragEvent) => {
    if (!actions.canDrop(listIndex)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropHover(true);
  };

  return (
    <li
      ref={props.line?.ref}
      data-index={props.line?.index}
      className={`budget-row${row.pinned ? ' is-pinned' : ''}${dropHover ? ' drop-target' : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDropHover(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDropHover(false);
        actions.drop(listIndex);
      }}
    >
      <div className="budget-row-head">
        <span
          className="drag-handle"
          draggable
          title={`Drag to reorder ${rid} within its tier`}
          aria-hidden="true"
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', rid);
            actions.dragStart(listIndex);
          }}
          onDragEnd={actions.dragEnd}
        >
          ⠿
        </span>
        <span className="budget-row-pos">#{position + 1}</span>
        <strong className="budget-row-id">{rid}</strong>
        {row.pinned && <span className="badge warn">pinned</span>}
        <span className="budget-row-buttons">
          <button
            ref={upRef}
            type="button"
            aria-label={`Move ${rid} up`}
            aria-disabled={!props.canMoveUp}
            onClick={() => actions.move(listIndex, -1)}
          >
            ↑
          </button>
          <button
            ref={downRef}
            type="button"
            aria-label={`Move ${rid} down`}
            aria-disabled={!props.canMoveDown}
            onClick={() => actions.move(listIndex, 1)}
          >
            ↓
          </button>
          <button
            type="button"
            aria-label={`Duplicate ${rid}`}
            onClick={() => actions.duplicate(listIndex)}
          >
            Duplicate
          </button>
          <button
            type="button"
            className="danger"
            aria-label={`Remove ${rid}`}
            onClick={() => actions.remove(listIndex)}
          >
            Remove
          </button>
        </span>
      </div>
      <div className="budget-row-fields">
        <div className="budget-field">
          <label htmlFor={`${id}-id`}>Id</label>
          <input
            ref={idRef}
            id={`${id}-id`}
            aria-label={`Id of ${rid}`}
            type="text"
            value={idDraft ?? rid}
            spellCheck={false}
            aria-invalid={idError !== null}
            aria-describedby={idError ? `${id}-ide` : undefined}
            onChange={(e) => {
              const problem = actions.rename(listIndex, e.target.value);
              setIdDraft(problem === null ? null : e.target.value);
              setIdError(problem);
            }}
            onBlur={() => {
              if (idError === null) setIdDraft(null);
            }}
          />
        </div>
        <div className="budget-field">
          <label htmlFor={`${id}-sec`}>Section</label>
          <input
            id={`${id}-sec`}
            aria-label={`Section of ${rid}`}
            type="text"
            value={row.section}
            onChange={(e) => actions.update(listIndex, { section: e.target.value })}
          />
        </div>
        <div className="budget-field">
          <label htmlFor={`${id}-tier`}>Tier</label>
          <select
            id={`${id}-tier`}
            aria-label={`Tier of ${rid}`}
            value={row.tier}
            onChange={(e) => actions.update(listIndex, { tier: e.target.value as Tier })}
          >
            {TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {idError && (
        <p id={`${id}-ide`} role="alert" className="field-error">
          {idError} The row keeps the id “{rid}” until this is fixed.
        </p>
      )}
      {estimated ? (
        <div className="budget-field budget-text">
          <label htmlFor={`${id}-text`}>Text</label>
          <textarea
            id={`${id}-text`}
            aria-label={`Text for ${rid}`}
            rows={3}
            value={row.text ?? ''}
            placeholder="Paste the contribution's text"
            aria-describedby={`${id}-est`}
            onChange={(e) => actions.update(listIndex, { text: e.target.value })}
          />
          <p id={`${id}-est`} className="field-hint">
            ≈ {formatTokens(estimateTokens(row.text ?? '', charsPerToken))} tokens, estimated at{' '}
            {charsPerToken} chars per token.
          </p>
        </div>
      ) : (
        <NumberField
          label={`Tokens for ${rid}`}
          value={row.tokens}
          onChange={(tokens) => actions.update(listIndex, { tokens })}
          min={0}
          max={100_000_000}
          integer
          noSlider
          unit="tokens"
        />
      )}
      <div className="budget-row-checks">
        <span className="budget-check">
          <input
            id={`${id}-pin`}
            aria-label={`Pinned: ${rid}`}
            type="checkbox"
            checked={row.pinned}
            onChange={(e) => actions.update(listIndex, { pinned: e.target.checked })}
          />
          <label htmlFor={`${id}-pin`}>Pinned</label>
        </span>
        <span className="budget-check">
          <input
            id={`${id}-est-toggle`}
            aria-label={`Estimate from text: ${rid}`}
            type="checkbox"
            checked={estimated}
            onChange={(e) =>
              actions.update(
                listIndex,
                e.target.checked
                  ? { text: '' }
                  : { text: null, tokens: estimateTokens(row.text ?? '', charsPerToken) },
              )
            }
          />
          <label htmlFor={`${id}-est-toggle`}>Estimate from text</label>
        </span>
      </div>
    </li>
  );
});
