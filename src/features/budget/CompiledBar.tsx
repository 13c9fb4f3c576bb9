import { memo, useCallback, useMemo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import {
  barSegments,
  COMPILED_BARS,
  drawnBarSegments,
  type Segment,
  type Stretch,
} from './bar-segments.ts';
import { boundedIds } from './IdList.tsx';
import { STATUS_TEXT } from './evaluate.ts';
import type { BudgetView } from './use-budget.ts';

/** What the budget charts' downloaded images name under their titles. */
export function budgetAssumptions(view: BudgetView): string[] {
  return [
    view.limit === null ? 'no budget (unbounded)' : `budget ${formatTokens(view.limit)} tokens`,
    `${view.compiled.length} prompt rows`,
  ];
}

function summaryOf(view: BudgetView, total: number): string {
  const { outcome } = view;
  const head = `The compiled prompt is ${formatTokens(total)} tokens in ${view.compiled.length} rows`;
  if (outcome.kind === 'invalid') return `${head}; no decision until the ids are fixed.`;
  if (outcome.kind === 'pinnedExceeds') {
    return `${head}. The pinned rows (${boundedIds(outcome.error.pinnedIds)}) alone need ${formatTokens(outcome.error.pinnedTokens)} tokens, more than the budget of ${formatTokens(outcome.error.limit)}, so nothing compiles.`;
  }
  const r = outcome.report;
  const kept = `${r.admitted.length} rows (${formatTokens(r.totalTokens)} tokens) are admitted`;
  if (r.limit === null) return `${head}; with no budget all ${kept}.`;
  return (
    `${head}; under the budget of ${formatTokens(r.limit)} tokens ${kept}` +
    (r.dropped.length === 0
      ? ' and nothing is dropped.'
      : ` and ${boundedIds(r.dropped, 'and')} ${r.dropped.length === 1 ? 'is' : 'are'} dropped.`)
  );
}

const ADMITTED: LegendItem = { label: 'Admitted', color: PALETTE.admitted };
const PINNED: LegendItem = { label: '◆ Pinned (never dropped)', color: PALETTE.pinned };
const BLOCKING: LegendItem = { label: '! Pinned, over budget', color: PALETTE.overBudget };
const DROPPED: LegendItem = { label: '✕ Dropped (hatched)', color: PALETTE.dropped, kind: 'hatch' };
const NOT_COMPILED: LegendItem = {
  label: 'Not compiled (dashed)',
  color: INK.muted,
  kind: 'outline',
};
const LEGEND = [ADMITTED, PINNED, DROPPED];
const FAILED_LEGEND = [ADMITTED, PINNED, BLOCKING, DROPPED, NOT_COMPILED];
const CATEGORIES = COMPILED_BARS.map((label) => ({ label, values: [] }));

/** A row's name, fate and place in the drop order. */
function SegmentTooltip({ seg }: { seg: Segment }) {
  return (
    <>
      <strong>
        #{seg.position + 1} {seg.id}
      </strong>
      <br />
      {formatTokens(seg.tokens)} tokens · {STATUS_TEXT[seg.status]}
      {seg.blocking ? ' (over budget)' : ''}
      <br />
      {seg.tier} tier · {seg.dropRank === null ? 'never dropped' : `drop order ${seg.dropRank}`}
    </>
  );
}

const PART_STATUS: Record<string, string> = {
  'seg-admitted': STATUS_TEXT.admitted,
  'seg-pinned': STATUS_TEXT.pinned,
  'seg-dropped': STATUS_TEXT.dropped,
  'seg-notCompiled': STATUS_TEXT.notCompiled,
  'seg-blocking': `${STATUS_TEXT.pinned} (over budget)`,
};

/** A drawn stretch of many rows: which rows, and the rows and tokens of each status in it. */
function StretchTooltip({ stretch }: { stretch: Stretch }) {
  const { first, last } = stretch;
  return (
    <>
      <strong>
        #{first.position + 1} {first.id} to #{last.position + 1} {last.id}
      </strong>
      {stretch.parts.map((p) => (
        <span key={p.className}>
          <br />
          {formatTokens(p.rows)} {p.rows === 1 ? 'row' : 'rows'} · {PART_STATUS[p.className]} ·{' '}
          {formatTokens(p.tokens)} tokens
        </span>
      ))}
    </>
  );
}

/** The bar's data table: one row per segment, in compiled order. */
const BAR_COLUMNS: readonly DataColumn<Segment>[] = [
  { key: 'row', header: 'Row', cell: (s) => s.id, rowHeader: true },
  { key: 'position', header: 'Position', cell: (s) => s.position + 1 },
  { key: 'tokens', header: 'Tokens', cell: (s) => formatTokens(s.tokens) },
  { key: 'start', header: 'From token', cell: (s) => formatTokens(s.start) },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => `${STATUS_TEXT[s.status]}${s.blocking ? ' (over budget)' : ''}`,
  },
];

const BarTable = memo(function BarTable({ segs }: { segs: readonly Segment[] }) {
  return <DataTable columns={BAR_COLUMNS} rows={segs} rowKey={(s) => s.key} />;
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
  // Thousands of rows are drawn in a few hundred stretches; the table and the CSV keep every row.
  const drawn = useMemo(() => drawnBarSegments(segs), [segs]);
  const csvRows = useCallback(
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
      assumptions={budgetAssumptions(view)}
      exportable
      csvRows={csvRows}
      summary={summaryOf(view, total)}
      chart={
        <>
          <BarChart
            orientation="rows"
            rowHeight={51}
            categories={CATEGORIES}
            segments={drawn.shapes}
            valueDomain={[0, Math.max(1, total, view.limit ?? 0)]}
            tickFormat={formatTokensShort}
            references={
              view.limit === null
                ? []
                : [
                    {
                      value: view.limit,
                      color: INK.text,
                      width: 2,
                      label: `Budget ${formatTokens(view.limit)}`,
                    },
                  ]
            }
            segmentTooltip={(key) => {
              const stretch = drawn.stretches?.get(key);
              if (stretch !== undefined) return <StretchTooltip stretch={stretch} />;
              const seg = segs.find((s) => key.slice(1) === s.key);
              return seg ? <SegmentTooltip seg={seg} /> : null;
            }}
          />
          <Legend items={view.fates.kind === 'pinnedExceeds' ? FAILED_LEGEND : LEGEND} />
        </>
      }
      table={<BarTable segs={segs} />}
    />
  );
});
