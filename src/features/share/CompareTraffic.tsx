import { useId } from 'react';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import type { ComparisonRow } from './compare-rows.ts';
import type { TrafficComparison } from './use-compare-traffic.ts';

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
        <DataTable
          className="compare-table compare-figures"
          columns={columns}
          rows={comparison.rows}
          rowKey={(row) => row.id}
          rowClassName={(row) => (row.changed ? 'changed' : undefined)}
          scroll={{ label: 'Your traffic replayed under A and B' }}
        />
      )}
    </section>
  );
}
