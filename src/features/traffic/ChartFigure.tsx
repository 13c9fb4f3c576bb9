import { useId, useState, type ReactNode } from 'react';

/**
 * A chart with its name, a one-line summary for screen readers and a toggle
 * that shows its data as a table (the chart's text equivalent).
 */
export function ChartFigure(props: {
  title: string;
  /** What the chart shows, in a sentence: the image's accessible name. */
  summary: string;
  children: ReactNode;
  table: () => ReactNode;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <figure className="traffic-chart" aria-labelledby={`${id}-t`}>
      <div className="chart-head">
        <h3 id={`${id}-t`}>{props.title}</h3>
        <button
          type="button"
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide data table' : 'Show data table'}
        </button>
      </div>
      <div role="img" aria-label={props.summary} className="traffic-chart-image">
        {props.children}
      </div>
      {/* Focusable: a long table scrolls inside its box, and the keyboard must reach it. */}
      <div
        id={`${id}-table`}
        hidden={!showTable}
        className="table-wrap"
        tabIndex={showTable ? 0 : undefined}
        role={showTable ? 'region' : undefined}
        aria-label={showTable ? `${props.title}: data table` : undefined}
      >
        {showTable ? props.table() : null}
      </div>
    </figure>
  );
}
