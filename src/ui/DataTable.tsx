import type { Key, ReactNode } from 'react';
import './data-table.css';

/** One column of a {@link DataTable}: its header, and how each row fills its cell. */
export interface DataColumn<Row> {
  /** Unique among the table's columns (React's key for its cells). */
  readonly key: string;
  /** The column's header cell (`<th scope="col">`). */
  readonly header: ReactNode;
  /** The row's cell in this column. */
  readonly cell: (row: Row, index: number) => ReactNode;
  /** The cell heads its row: `<th scope="row">` rather than `<td>`. */
  readonly rowHeader?: boolean;
  /**
   * Isolate the cell's text from the page's direction (`<bdi>`): names a user
   * or a file wrote (models, conversations, files), which may be right to left.
   */
  readonly isolate?: boolean | ((row: Row) => boolean);
  /** The cell's class, for every row or per row. */
  readonly className?: string | ((row: Row) => string | undefined);
  /** A hint shown over the cell (its `title`), per row. */
  readonly title?: (row: Row) => string | undefined;
  /**
   * How many columns the row's cell spans (1 when absent): a message in place
   * of figures. The columns it covers are left out of that row.
   */
  readonly span?: (row: Row) => number;
}

/** A table that scrolls inside a box of its own (`.table-wrap`). */
export interface DataTableScroll {
  /**
   * The box's name. With one, the box is a named region a keyboard can focus
   * and scroll (a table wider or taller than the screen); without, a plain box.
   */
  readonly label?: string;
  /** More classes of the box. */
  readonly className?: string;
}

export interface DataTableProps<Row> {
  /**
   * The table's caption. Read out but not shown (`visually-hidden`) unless
   * `captionShown`; a table headed on screen by its region's name may have none.
   */
  readonly caption?: ReactNode;
  readonly captionShown?: boolean;
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => Key;
  /** A row's class (a highlighted row, a changed one), if any. */
  readonly rowClassName?: (row: Row) => string | undefined;
  /** Rows under the others in `<tfoot>` (totals), filled by the same columns. */
  readonly footer?: readonly Row[];
  /** Classes beside `data` (a table's own CSS). */
  readonly className?: string;
  /** Put the table in a box that scrolls; see {@link DataTableScroll}. */
  readonly scroll?: DataTableScroll;
}

function cellOf<Row>(column: DataColumn<Row>, row: Row, index: number, span: number): ReactNode {
  const content = column.cell(row, index);
  const isolate = typeof column.isolate === 'function' ? column.isolate(row) : column.isolate;
  const children = isolate === true ? <bdi>{content}</bdi> : content;
  const className =
    typeof column.className === 'function' ? column.className(row) : column.className;
  const title = column.title?.(row);
  const attributes = {
    ...(className === undefined ? {} : { className }),
    ...(title === undefined ? {} : { title }),
    ...(span > 1 ? { colSpan: span } : {}),
  };
  return column.rowHeader === true ? (
    <th key={column.key} scope="row" {...attributes}>
      {children}
    </th>
  ) : (
    <td key={column.key} {...attributes}>
      {children}
    </td>
  );
}

function cellsOf<Row>(columns: readonly DataColumn<Row>[], row: Row, index: number): ReactNode[] {
  const cells: ReactNode[] = [];
  for (let c = 0; c < columns.length;) {
    const column = columns[c]!;
    const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - c));
    cells.push(cellOf(column, row, index, span));
    c += span;
  }
  return cells;
}

/**
 * A captioned data table: a header row of column headers, then one row per
 * item, each cell filled by its column (a row's heading cell as
 * `<th scope="row">`), and any totals in a footer. Text is right-aligned but
 * for the first column, in tabular figures. With `scroll` the table scrolls
 * in its own box, a focusable named region when it has a label. The table
 * knows nothing of what it shows: columns format their own cells.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rowKey, rowClassName } = props;
  const row = (item: Row, index: number) => {
    const className = rowClassName?.(item);
    return (
      <tr key={rowKey(item, index)} {...(className === undefined ? {} : { className })}>
        {cellsOf(columns, item, index)}
      </tr>
    );
  };
  const table = (
    <table className={props.className === undefined ? 'data' : `data ${props.className}`}>
      {props.caption !== undefined && (
        <caption className={props.captionShown === true ? undefined : 'visually-hidden'}>
          {props.caption}
        </caption>
      )}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.rows.map(row)}</tbody>
      {props.footer !== undefined && props.footer.length > 0 && (
        <tfoot>{props.footer.map(row)}</tfoot>
      )}
    </table>
  );
  const scroll = props.scroll;
  if (scroll === undefined) return table;
  const className =
    scroll.className === undefined ? 'table-wrap' : `table-wrap ${scroll.className}`;
  if (scroll.label === undefined) return <div className={className}>{table}</div>;
  return (
    // Focusable and named, so a keyboard user can scroll a table wider than the screen.
    <div className={className} role="region" aria-label={scroll.label} tabIndex={0}>
      {table}
    </div>
  );
}
