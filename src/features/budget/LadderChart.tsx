import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import {
  budgetAssumptions,
  ladderChart,
  ladderFigures,
  ladderMarkers,
  ladderRungs,
  ladderSpans,
  ladderSummary,
  type LadderRung,
} from './chart-nodes.ts';
import { bestSubsetTable, budgetBestPending, ladderMaxBudget } from './best-nodes.ts';
import { boundedIds } from './IdList.tsx';
import type { LadderPoint } from './ladder-series.ts';
import { rowsAnalysis } from './use-budget.ts';

const LEGEND: readonly LegendItem[] = [
  { label: 'Whole-row rule (admitted)', color: PALETTE.admitted, kind: 'line' },
  { label: 'Best subset', color: PALETTE.best, kind: 'dash' },
  { label: 'No waste (admitted = budget)', color: INK.muted, kind: 'dash' },
  { label: 'Headroom wasted at the budget', color: PALETTE.wasted },
  { label: 'Compile fails', color: PALETTE.overBudget },
  { label: 'Dots: where rows drop (✕ names them)', color: PALETTE.dropped, kind: 'dot' },
];

function LadderTooltip({ point }: { point: LadderPoint }) {
  return (
    <>
      <strong>Budget {formatTokens(point.budget)}</strong>
      <br />
      {point.rule === null ? (
        'Compile fails: the pinned rows do not fit.'
      ) : (
        <>
          Whole-row rule admits {formatTokens(point.rule)} (wastes{' '}
          {formatTokens(point.budget - point.rule)})
          <br />
          {point.best === null
            ? 'Best subset: computing…'
            : `Best subset keeps ${formatTokens(point.best)}`}
        </>
      )}
    </>
  );
}

/** A row of the ladder's table: a rung, or the budgets below the pinned rows. */
type LadderTableRow = LadderRung | { readonly pinnedTokens: number };

/** The ladder's data table: one row per rung, then where the compile fails. */
const LadderTable = memo(function LadderTable() {
  const rungs = useValue(ladderRungs);
  const pinned = useValue(rowsAnalysis).ladder?.pinnedTokens ?? 0;
  const rows: LadderTableRow[] = [...rungs];
  if (pinned > 0) rows.push({ pinnedTokens: pinned });
  return (
    <DataTable
      columns={[
        {
          key: 'from',
          header: 'Budget from',
          cell: (s) => ('pinnedTokens' in s ? '0' : formatTokens(s.fromBudget)),
        },
        {
          key: 'to',
          header: 'Budget to',
          cell: (s) =>
            'pinnedTokens' in s
              ? formatTokens(s.pinnedTokens - 1)
              : s.toBudget === null
                ? 'and above'
                : formatTokens(s.toBudget),
        },
        {
          key: 'admits',
          header: 'Rule admits',
          cell: (s) =>
            'pinnedTokens' in s
              ? `compile fails: the pinned rows need ${formatTokens(s.pinnedTokens)} tokens`
              : formatTokens(s.admittedTokens),
          span: (s) => ('pinnedTokens' in s ? 4 : 1),
        },
        {
          key: 'dropped',
          header: 'Newly dropped',
          cell: (s) =>
            'pinnedTokens' in s || s.newlyDropped.length === 0 ? '—' : s.newlyDropped.join(', '),
        },
        {
          key: 'wasted',
          header: 'Most headroom wasted',
          cell: (s) =>
            'pinnedTokens' in s || s.toBudget === null ? '0' : formatTokens(s.wastedTokens),
        },
        {
          key: 'best',
          header: 'Best subset at the top',
          cell: (s) =>
            'pinnedTokens' in s
              ? null
              : s.bestAtTopTokens === null
                ? 'computing…'
                : formatTokens(s.bestAtTopTokens),
        },
      ]}
      rows={rows}
      rowKey={(s) => ('pinnedTokens' in s ? 'pinned' : s.fromBudget)}
    />
  );
});

/**
 * The admission ladder: admitted tokens against the budget, from 0 to the
 * total, with the point where each row drops, the current budget, the
 * headroom wasted by dropping whole rows, and the best subset for comparison.
 */
export const LadderChart = memo(function LadderChart() {
  const { ladder } = useValue(rowsAnalysis);
  const table = useValue(bestSubsetTable);
  const pending = useValue(budgetBestPending);
  const maxBudget = useValue(ladderMaxBudget);
  const { data, series, budgets, corners, regions, csvRows } = useValue(ladderChart);
  const figures = useValue(ladderFigures);
  const markers = useValue(ladderMarkers);
  const spans = useValue(ladderSpans);
  const summary = useValue(ladderSummary);
  const assumptions = useValue(budgetAssumptions);
  return (
    <section className="card" aria-labelledby="budget-ladder-h" aria-busy={pending}>
      <h2 id="budget-ladder-h">Admission ladder</h2>
      <dl className="terms">
        <div className="term">
          <dt>Whole-row rule admits</dt>
          <dd>
            {figures.admittedTokens === null
              ? '—'
              : `${formatTokens(figures.admittedTokens)} tokens`}
          </dd>
        </div>
        <div className="term">
          <dt>Headroom wasted</dt>
          <dd>
            {figures.wastedTokens === null ? '—' : `${formatTokens(figures.wastedTokens)} tokens`}
          </dd>
        </div>
        <div className="term">
          <dt>Best subset keeps{table === null || table.exact ? '' : ' (approximate)'}</dt>
          <dd>
            {figures.bestComputing
              ? 'computing…'
              : figures.bestKeptTokens === null
                ? '—'
                : `${formatTokens(figures.bestKeptTokens)} tokens`}
          </dd>
        </div>
      </dl>
      {figures.bestBeatsRule && (
        <p className="note">
          The best subset keeps the pinned rows plus{' '}
          {boundedIds(figures.bestIds, 'and') || 'no droppable row'}; the rule keeps{' '}
          {boundedIds(figures.ruleIds, 'and')}. The framework drops in a fixed order on purpose: the
          same request always drops the same rows.
        </p>
      )}
      {ladder?.truncated && (
        <p className="note">
          With this many rows the ladder shows its first {ladder.steps.length} rungs only, from the
          full prompt down to {formatTokens(ladder.steps.at(-1)?.fromBudget ?? 0)} tokens.
        </p>
      )}
      {table !== null && !table.exact && (
        <p className="note">
          Approximate: with this many tokens the best subset is searched in units of{' '}
          {formatTokens(table.scale)} tokens (each row rounded up), so it is a lower bound.
        </p>
      )}
      <ChartFrame
        title="Admitted tokens by budget"
        assumptions={assumptions}
        exportable
        csvRows={csvRows}
        summary={summary}
        chart={
          <>
            <LineChart
              height={300}
              x={{ domain: [0, maxBudget], format: formatTokensShort, title: 'Budget (tokens)' }}
              y={{ domain: [0, maxBudget], format: formatTokensShort }}
              series={series}
              regions={regions}
              points={corners}
              markers={markers}
              spans={spans}
              hoverXs={budgets}
              tooltip={(i) => (data[i] ? <LadderTooltip point={data[i]} /> : null)}
            />
            <Legend items={LEGEND} />
          </>
        }
        table={<LadderTable />}
      />
    </section>
  );
});
