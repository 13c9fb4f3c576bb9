import { useId } from 'react';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import type { ComparisonRow } from './compare-rows.ts';
import type { TrafficComparison } from './use-compare-traffic.ts';

/** A and B side by side, a changed row marked; scrolls inside its card on a narrow screen. */
export function FigureRows({
  columns,
  rows,
  label,
}: {
  columns: readonly DataColumn<ComparisonRow>[];
  rows: readonly ComparisonRow[];
  label: string;
}) {
  return (
    <DataTable
      className="compare-table compare-figures"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowClassName={(row) => (row.changed ? 'changed' : undefined)}
      scroll={{ label }}
    />
  );
}

/**
 * A's and B's replay choices over the traffic stored in this browser, each
 * replayed over every conversation under its own scenario's prices, beside
 * the bill. Nothing without traffic: a shared scenario carries the choice,
 * never the calls.
 */
export function CompareTraffic({
  comparison,
  columns,
}: {
  comparison: TrafficComparison | null;
  columns: readonly DataColumn<ComparisonRow>[];
}) {
  const id = useId();
  if (comparison === null) return null;
  return (
    <section aria-labelledby={`${id}-h`} className="compare-section">
      <h3 id={`${id}-h`}>Your traffic, replayed</h3>
      <p className="note">
        Each scenario&apos;s replay choice (Your traffic tab) over every conversation stored in this
        browser, priced on that scenario&apos;s own price table, against the same calls as billed on
        it.
      </p>
      {comparison.rows.length === 0 ? (
        <p className="note">{comparison.status}</p>
      ) : (
        <FigureRows
          columns={columns}
          rows={comparison.rows}
          label="Your traffic replayed under A and B"
        />
      )}
      {comparison.monthRows.length === 0 ? null : (
        <>
          <h4>Each tab per 30 days of your traffic</h4>
          <p className="note">
            What each tab&apos;s volume line says for A and for B: the tab&apos;s own figure scaled
            to the part of your bill it models (shown on the Overview), at that scenario&apos;s
            volume (typed, else your traffic&apos;s rate) and on its own prices.
          </p>
          <FigureRows
            columns={columns}
            rows={comparison.monthRows}
            label="Each tab per 30 days of your traffic, A and B"
          />
        </>
      )}
    </section>
  );
}
