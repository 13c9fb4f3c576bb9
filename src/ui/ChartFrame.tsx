import { useId, useState, type ReactNode } from 'react';

/**
 * A chart with a title, a one-sentence summary (always visible, the text
 * equivalent for screen readers), and a data table a user can switch to.
 */
export function ChartFrame(props: {
  title: string;
  summary: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <figure className="chart-card" aria-labelledby={`${id}-t`}>
      <div className="chart-head">
        <h3 id={`${id}-t`}>{props.title}</h3>
        <div className="chart-actions">
          {props.actions}
          <button
            type="button"
            className="link-button"
            aria-pressed={showTable}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Show chart' : 'Show data table'}
          </button>
        </div>
      </div>
      <figcaption className="chart-summary">{props.summary}</figcaption>
      {showTable ? (
        <div className="table-wrap">{props.table}</div>
      ) : (
        <div aria-hidden="true">{props.chart}</div>
      )}
    </figure>
  );
}
