import { memo, useId, useState, type Ref } from 'react';
import type { PriceTableRow as Row } from '../../model/prices.ts';
import { formatTokens } from '../../ui/format.ts';
import { LongContextEditor } from './LongContextEditor.tsx';
import { PriceCell } from './PriceCell.tsx';
import {
  PRICE_COLUMNS,
  firstProblem,
  parsePrice,
  parseTokens,
  tierSummary,
  withField,
} from './price-fields.ts';

/** What a row needs from the table; every callback is stable across renders. */
export interface PriceRowActions {
  /** Replaces the row named `model` (which may be renamed to `row.model`). */
  readonly update: (model: string, row: Row) => void;
  readonly remove: (model: string) => void;
  /** Reports a cell's problem (or its end, with `null`) under a key unique to the cell. */
  readonly report: (cell: string, problem: string | null) => void;
  /** True when another row already has this name. */
  readonly isNameTaken: (name: string, except: string) => boolean;
}

/** The number of table columns, for the tier editor's row. */
export const PRICE_TABLE_COLUMNS = 2 + PRICE_COLUMNS.length + 3;

/**
 * One model's row of the price table, and, when opened, its long-context
 * tier editor below it. A `<tbody>` of its own, so the table can measure and
 * virtualise a row with its editor as one item.
 */
export const PriceTableRow = memo(function PriceTableRow(props: {
  row: Row;
  actions: PriceRowActions;
  /** For the virtualiser: the element it measures, and the item's index. */
  measureRef?: Ref<HTMLTableSectionElement>;
  index?: number;
}) {
  const { row, actions, measureRef, index } = props;
  const { model } = row;
  const [open, setOpen] = useState(false);
  const editorId = useId();
  const check = (next: Row) => firstProblem(next);
  return (
    <tbody ref={measureRef} data-index={index}>
      <tr>
        <th scope="row">
          <PriceCell
            label={`Model name of ${model}`}
            value={model}
            width="100%"
            inputMode="text"
            commitOn="blur"
            wrap
            title={model}
            validate={(t) =>
              t.trim() === ''
                ? 'must not be empty'
                : t !== model && actions.isNameTaken(t, model)
                  ? `another row is already named "${t}"`
                  : null
            }
            onCommit={(t) => actions.update(model, { ...row, model: t })}
            onProblem={(p) => actions.report(`${model}:name`, p)}
          />
        </th>
        <td>
          <PriceCell
            label={`Provider of ${model}`}
            value={row.provider}
            width="100%"
            inputMode="text"
            title={row.provider}
            validate={() => null}
            onCommit={(t) => actions.update(model, { ...row, provider: t })}
            onProblem={(p) => actions.report(`${model}:provider`, p)}
          />
        </td>
        {PRICE_COLUMNS.map((c) => (
          <td key={c.key}>
            <PriceCell
              label={`${c.title} price of ${model}`}
              value={row[c.key] === undefined ? '' : String(row[c.key])}
              placeholder={c.optional ? 'as input' : undefined}
              validate={(t) => {
                const v = parsePrice(t, c.optional);
                return v instanceof Error ? v.message : check(withField(row, c.key, v));
              }}
              onCommit={(t) => {
                const v = parsePrice(t, c.optional);
                if (!(v instanceof Error)) actions.update(model, withField(row, c.key, v));
              }}
              onProblem={(p) => actions.report(`${model}:${c.key}`, p)}
            />
          </td>
        ))}
        <td>
          <PriceCell
            label={`Minimum cacheable prompt of ${model}`}
            value={row.minCacheableTokens === undefined ? '' : String(row.minCacheableTokens)}
            placeholder="0"
            validate={(t) => {
              const v = parseTokens(t, true);
              return v instanceof Error
                ? v.message
                : check(withField(row, 'minCacheableTokens', v));
            }}
            onCommit={(t) => {
              const v = parseTokens(t, true);
              if (!(v instanceof Error))
                actions.update(model, withField(row, 'minCacheableTokens', v));
            }}
            onProblem={(p) => actions.report(`${model}:minCacheableTokens`, p)}
          />
        </td>
        <td>
          <div className="tier-cell">
            <span className="tier-summary" title={tierSummary(row.longContext)}>
              {row.longContext === undefined
                ? 'none'
                : `> ${formatTokens(row.longContext.thresholdTokens)}`}
            </span>
            <button
              type="button"
              className="link-button"
              aria-expanded={open}
              aria-controls={editorId}
              onClick={() => setOpen((o) => !o)}
            >
              Edit <span className="visually-hidden">long-context tier of {model}</span>
            </button>
          </div>
        </td>
        <td>
          <button
            type="button"
            className="danger"
            aria-label={`Remove ${model}`}
            onClick={() => actions.remove(model)}
          >
            Remove
          </button>
        </td>
      </tr>
      {open && (
        <tr className="tier-row">
          <td colSpan={PRICE_TABLE_COLUMNS} id={editorId}>
            <LongContextEditor row={row} actions={actions} />
          </td>
        </tr>
      )}
    </tbody>
  );
});
