import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { PriceTableRow as Row } from '../../model/prices.ts';
import { PriceTableRow, PRICE_TABLE_COLUMNS, type PriceRowActions } from './PriceTableRow.tsx';
import { PRICE_COLUMNS } from './price-fields.ts';

/** Up to this many rows are all rendered; more (an imported LiteLLM file) are virtualised. */
export const RENDER_ALL_UP_TO = 80;
/** A row's height before it is measured, px. */
const ESTIMATED_ROW_PX = 37;
/**
 * The viewport assumed where the scroller has no size yet (before layout, in
 * a hidden tab, or where nothing is laid out, as in tests): the first
 * screenful is shown rather than nothing.
 */
const UNMEASURED_VIEWPORT = { width: 1200, height: 640 };

/**
 * The price table: one editable row per model. A few dozen rows render
 * whole; thousands (LiteLLM's file gives about 2,200) render only the rows in
 * view and a screen either side, with spacers keeping the scroll height, so
 * typing in a cell or scrolling stays within a frame.
 */
export function PriceTable(props: { rows: readonly Row[]; actions: PriceRowActions }) {
  const { rows, actions } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > RENDER_ALL_UP_TO;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.model ?? index,
    overscan: 10,
    initialRect: UNMEASURED_VIEWPORT,
    // A row not laid out measures 0: keep its estimate rather than collapse it.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : UNMEASURED_VIEWPORT)),
    useFlushSync: false,
  });
  const overflows = useOverflowsSideways(scrollRef);
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const before = items[0]?.start ?? 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <>
      {overflows && (
        <p className="scroll-cue" id="prices-scroll-cue">
          The table is wider than the screen: scroll it sideways for every column, Remove included →
        </p>
      )}
      <div
        className={`table-wrap prices-table${overflows ? ' overflows' : ''}`}
        ref={scrollRef}
        {...(overflows
          ? {
              role: 'region',
              'aria-label': 'Model prices table',
              'aria-describedby': 'prices-scroll-cue',
              tabIndex: 0,
            }
          : {})}
      >
        <table className="data">
          <caption className="visually-hidden">Model prices, USD per million tokens</caption>
          <colgroup>
            <col className="col-model" />
            <col className="col-provider" />
            {PRICE_COLUMNS.map((c) => (
              <col key={c.key} className="col-price" />
            ))}
            <col className="col-min" />
            <col className="col-tier" />
            <col className="col-actions" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Provider</th>
              {PRICE_COLUMNS.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
              <th scope="col">Min. cacheable prompt</th>
              <th scope="col">Long context</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {before > 0 && <Spacer px={before} />}
          {virtual
            ? items.map((item) => {
                const row = rows[item.index];
                return row === undefined ? null : (
                  <PriceTableRow
                    key={row.model}
                    row={row}
                    actions={actions}
                    index={item.index}
                    measureRef={virtualizer.measureElement}
                  />
                );
              })
            : rows.map((row) => <PriceTableRow key={row.model} row={row} actions={actions} />)}
          {after > 0 && <Spacer px={after} />}
        </table>
      </div>
    </>
  );
}

/** Whether the element is wider inside than its box (the table scrolls sideways). */
function useOverflowsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    const table = el.firstElementChild;
    if (table !== null) observer.observe(table);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

function Spacer({ px }: { px: number }) {
  return (
    <tbody aria-hidden="true">
      <tr style={{ height: px }}>
        <td colSpan={PRICE_TABLE_COLUMNS} className="spacer" />
      </tr>
    </tbody>
  );
}
