import { memo, useMemo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { formatTokens } from '../../ui/format.ts';
import { barSegments, type Segment } from './bar-segments.ts';
import { joinWords } from './DecisionCard.tsx';
import { STATUS_TEXT } from './evaluate.ts';
import { StackedBarSvg } from './StackedBarSvg.tsx';
import type { BudgetView } from './use-budget.ts';

function summaryOf(view: BudgetView, total: number): string {
  const { outcome } = view;
  const head = `The compiled prompt is ${formatTokens(total)} tokens in ${view.compiled.length} rows`;
  if (outcome.kind === 'invalid') return `${head}; no decision until the ids are fixed.`;
  if (outcome.kind === 'pinnedExceeds') {
    return `${head}. The pinned rows (${outcome.error.pinnedIds.join(', ')}) alone need ${formatTokens(outcome.error.pinnedTokens)} tokens, more than the budget of ${formatTokens(outcome.error.limit)}, so nothing compiles.`;
  }
  const r = outcome.report;
  const kept = `${r.admitted.length} rows (${formatTokens(r.totalTokens)} tokens) are admitted`;
  if (r.limit === null) return `${head}; with no budget all ${kept}.`;
  return (
    `${head}; under the budget of ${formatTokens(r.limit)} tokens ${kept}` +
    (r.dropped.length === 0
      ? ' and nothing is dropped.'
      : ` and ${joinWords(r.dropped, 'and')} ${r.dropped.length === 1 ? 'is' : 'are'} dropped.`)
  );
}

const FILLED: readonly LegendItem[] = [
  { label: 'Admitted', color: 'var(--chart-1)' },
  { label: '◆ Pinned (never dropped)', color: 'var(--chart-4)' },
];
const BLOCKING: LegendItem = { label: '! Pinned, over budget', color: 'var(--bad)' };
const DROPPED: LegendItem = { label: '✕ Dropped (hatched)', color: 'var(--surface-2)' };
const NOT_COMPILED: LegendItem = { label: 'Not compiled (dashed)', color: 'var(--surface-2)' };

/**
 * The bar's legend, in the shared HTML legend that downloads read back. The
 * hatched and dashed keys are a second list, which budget-charts.css draws
 * hatched and dashed like the segments.
 */
const BarLegend = memo(function BarLegend({ failed }: { failed: boolean }) {
  return (
    <div className="budget-legends">
      <Legend items={failed ? [...FILLED, BLOCKING] : FILLED} />
      <div className="budget-legend-hatched">
        <Legend items={failed ? [DROPPED, NOT_COMPILED] : [DROPPED]} />
      </div>
    </div>
  );
});

/** The bar's data table: one row per segment, in compiled order. */
const BarTable = memo(function BarTable({ segs }: { segs: readonly Segment[] }) {
  return (
    <table className="data">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Position</th>
          <th scope="col">Tokens</th>
          <th scope="col">From token</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {segs.map((s) => (
          <tr key={s.key}>
            <th scope="row">{s.id}</th>
            <td>{s.position + 1}</td>
            <td>{formatTokens(s.tokens)}</td>
            <td>{formatTokens(s.start)}</td>
            <td>
              {STATUS_TEXT[s.status]}
              {s.blocking ? ' (over budget)' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** The segments, memoised on what they show: the rows and their fates, not the budget. */
function useSegments(view: BudgetView): readonly Segment[] {
  const { compiled, fates, ranks } = view;
  return useMemo(() => barSegments(compiled, fates, ranks), [compiled, fates, ranks]);
}

/** The rows in compiled order as one stacked bar, above the admitted rows alone, against the budget. */
export const CompiledBar = memo(function CompiledBar({ view }: { view: BudgetView }) {
  const segs = useSegments(view);
  const total = useMemo(() => segs.reduce((sum, s) => sum + s.tokens, 0), [segs]);
  const csvRows = useMemo(
    () =>
      segs.map((s) => ({
        position: s.position + 1,
        id: s.id,
        tokens: s.tokens,
        fromToken: s.start,
        status: STATUS_TEXT[s.status],
      })),
    [segs],
  );
  return (
    <ChartFrame
      title="Compiled prompt against the budget"
      exportable
      csvRows={csvRows}
      summary={summaryOf(view, total)}
      chart={
        <>
          <StackedBarSvg segs={segs} limit={view.limit} />
          <BarLegend failed={view.fates.kind === 'pinnedExceeds'} />
        </>
      }
      table={<BarTable segs={segs} />}
    />
  );
});
