import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import { utcToday } from '../../domain/price-book-rows.ts';
import type { PriceBook } from '../../domain/price-book.ts';
import { useValue } from '../../state/derive.ts';
import { formatTokens } from '../../ui/format.ts';
import {
  PRICE_BOOK_LOADING,
  priceBookCountText,
  priceBookFacts,
  priceBookLoad,
  priceBookQuery,
  priceBookShown,
} from './price-book-nodes.ts';
import {
  formatBookPrice,
  formatDates,
  formatFees,
  formatTier,
  type BookLine,
} from './price-book-view.ts';

/** A line's height before it is measured, px. */
const ESTIMATED_LINE_PX = 37;
/** The viewport assumed where the list has no size yet (tests, a hidden tab): the first screenful shows. */
const UNMEASURED_VIEWPORT = { width: 1200, height: 560 };
const COLUMNS = 11;

/**
 * Loads the book (its own chunk) while the section is shown, into the
 * `priceBookLoad` atom the section's nodes read. Closing the section forgets
 * the load and the search, as the section's own state would be forgotten.
 */
function useLoadPriceBook(load: () => Promise<PriceBook>, today: string): void {
  useEffect(() => {
    let live = true;
    load().then(
      (book) => live && priceBookLoad.set({ kind: 'ready', book, today }),
      (error: unknown) =>
        live &&
        priceBookLoad.set({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
      priceBookLoad.set(PRICE_BOOK_LOADING);
      priceBookQuery.set('');
    };
  }, [load, today]);
}

const loadBook = () => import('../../domain/price-book-load.ts').then((m) => m.loadPriceBook());

/**
 * The dated default price book on the Prices tab: its version and date, what
 * was converted and left out, and every dated row of every model, searched
 * and virtualised (about 1,500 rows).
 */
export function PriceBookSection(props: { load?: () => Promise<PriceBook>; today?: string }) {
  useLoadPriceBook(props.load ?? loadBook, props.today ?? utcToday());
  const state = useValue(priceBookLoad);
  const headingId = useId();
  return (
    <section className="card price-book" aria-labelledby={headingId}>
      <h2 id={headingId}>Default price book</h2>
      {state.kind === 'loading' && <p role="status">Loading the price book…</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="form-error">
          The price book could not be loaded ({state.message}). Traffic is billed with the table
          above alone.
        </p>
      )}
      {state.kind === 'ready' && <BookBody book={state.book} />}
    </section>
  );
}

function BookBody({ book }: { book: PriceBook }) {
  // The search's text is an atom so its result is a node (price-book-nodes.ts);
  // the table is virtualised, so it renders every keystroke.
  const query = useValue(priceBookQuery);
  const shown = useValue(priceBookShown);
  const countText = useValue(priceBookCountText);
  const facts = useValue(priceBookFacts);
  if (facts === null) return null;
  return (
    <>
      <p className="note" data-testid="price-book-source">
        Traffic and replays are billed with the price data of <strong>{book.version}</strong> of{' '}
        <code>@pydantic/genai-prices</code>, <strong>data of {book.date}</strong>: each call at the
        price in force on its day. A row of the table above with the same name (imported, added, or
        a default you changed) takes the book&apos;s place. The book ships with the app and is never
        updated over the network.
      </p>
      <p className="note">
        {formatTokens(book.entries.length)} models, {formatTokens(book.rowCount)} price rows (
        {formatTokens(facts.datedModels)} models with a price change over time).{' '}
        {formatTokens(facts.skippedModels)} models left out: {facts.skippedReasons}.
        {facts.leftOutPriceReasons !== '' &&
          ` Prices left out of converted models: ${facts.leftOutPriceReasons}.`}
      </p>
      <div className="row prices-tools">
        <label>
          Search the price book{' '}
          <input
            type="search"
            value={query}
            onChange={(e) => priceBookQuery.set(e.target.value)}
            placeholder="model, alias or provider"
          />
        </label>
        <span className="note" role="status">
          {countText}
        </span>
      </div>
      <BookTable lines={shown} />
    </>
  );
}

function BookTable({ lines }: { lines: readonly BookLine[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_LINE_PX,
    getItemKey: (index) => lines[index]?.id ?? index,
    overscan: 10,
    initialRect: UNMEASURED_VIEWPORT,
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ESTIMATED_LINE_PX,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : UNMEASURED_VIEWPORT)),
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      className="table-wrap price-book-table"
      ref={scrollRef}
      role="region"
      aria-label="Price book rows"
      tabIndex={0}
    >
      <table className="data">
        <caption className="visually-hidden">
          Price book rows, USD per million tokens, each with the days it is in force
        </caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Provider</th>
            <th scope="col">In force</th>
            <th scope="col">Input</th>
            <th scope="col">Output</th>
            <th scope="col">Cache write (5 min)</th>
            <th scope="col">Cache write (1 h)</th>
            <th scope="col">Cache read</th>
            <th scope="col">Long context</th>
            <th scope="col">Tool fees</th>
            <th scope="col">Caching</th>
          </tr>
        </thead>
        {before > 0 && <Spacer px={before} />}
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td colSpan={COLUMNS}>No model of the book matches the search.</td>
            </tr>
          )}
          {items.map((item) => {
            const line = lines[item.index];
            return line === undefined ? null : (
              <BookRow
                key={line.id}
                line={line}
                index={item.index}
                measureRef={virtualizer.measureElement}
              />
            );
          })}
        </tbody>
        {after > 0 && <Spacer px={after} />}
      </table>
    </div>
  );
}

function BookRow(props: {
  line: BookLine;
  index: number;
  measureRef: (element: Element | null) => void;
}) {
  const { line } = props;
  const { row, entry } = line;
  const aliases = entry.names.filter((n) => n !== entry.key);
  return (
    <tr ref={props.measureRef} data-index={props.index} className={line.inForce ? 'in-force' : ''}>
      <th
        scope="row"
        title={aliases.length > 0 ? `Also found as: ${aliases.join(', ')}` : undefined}
      >
        {entry.key}
      </th>
      <td>{entry.providerName}</td>
      <td>
        {formatDates(line.from, line.until)}
        {line.inForce && <span className="badge"> (today)</span>}
      </td>
      <td>{formatBookPrice(row.input)}</td>
      <td>{formatBookPrice(row.output)}</td>
      <td>{formatBookPrice(row.cacheWrite)}</td>
      <td>{formatBookPrice(row.cacheWrite1h)}</td>
      <td>{formatBookPrice(row.cacheRead)}</td>
      <td>{formatTier(row.longContext)}</td>
      <td>{formatFees(row.toolFees)}</td>
      <td>{row.cacheMode ?? 'explicit'}</td>
    </tr>
  );
}

function Spacer({ px }: { px: number }) {
  return (
    <tbody aria-hidden="true">
      <tr style={{ height: px }}>
        <td colSpan={COLUMNS} className="spacer" />
      </tr>
    </tbody>
  );
}
