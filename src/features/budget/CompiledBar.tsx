import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import { COMPILED_BARS, type Segment, type Stretch } from './bar-segments.ts';
import {
  barCsvRows,
  barDomain,
  barDrawn,
  barReferences,
  barSegs,
  barSummary,
  budgetAssumptions,
} from './chart-nodes.ts';
import { STATUS_TEXT } from './evaluate.ts';
import { budgetFates } from './use-budget.ts';

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

/** The rows in compiled order as one stacked bar, above the admitted rows alone, against the budget. */
export const CompiledBar = memo(function CompiledBar() {
  const segs = useValue(barSegs);
  const drawn = useValue(barDrawn);
  const domain = useValue(barDomain);
  const references = useValue(barReferences);
  const summary = useValue(barSummary);
  const assumptions = useValue(budgetAssumptions);
  const fates = useValue(budgetFates);
  return (
    <ChartFrame
      title="Compiled prompt against the budget"
      assumptions={assumptions}
      exportable
      csvRows={barCsvRows}
      summary={summary}
      chart={
        <>
          <BarChart
            orientation="rows"
            rowHeight={51}
            categories={CATEGORIES}
            segments={drawn.shapes}
            valueDomain={domain}
            tickFormat={formatTokensShort}
            references={references}
            segmentTooltip={(key) => {
              const stretch = drawn.stretches?.get(key);
              if (stretch !== undefined) return <StretchTooltip stretch={stretch} />;
              const seg = segs.find((s) => key.slice(1) === s.key);
              return seg ? <SegmentTooltip seg={seg} /> : null;
            }}
          />
          <Legend items={fates.kind === 'pinnedExceeds' ? FAILED_LEGEND : LEGEND} />
        </>
      }
      table={<BarTable segs={segs} />}
    />
  );
});
