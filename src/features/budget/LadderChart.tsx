import { memo, useMemo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Legend, type LegendItem } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import { budgetAssumptions } from './CompiledBar.tsx';
import type { BestSubsetTable } from './best-subset.ts';
import { boundedIds } from './IdList.tsx';
import type { AdmissionLadder } from '../../core/index.ts';
import { ladderChartData } from './ladder-chart-data.ts';
import type { LadderPoint } from './ladder-series.ts';
import { bestTotalAt, type BudgetView } from './use-budget.ts';

/** How the current budget compares under the rule and the best subset, in words. */
function headline(view: BudgetView): string {
  const { outcome, bestHere, best } = view;
  const approx = best.exact ? '' : ' (approximate)';
  if (outcome.kind === 'invalid') return 'No ladder until the ids are fixed.';
  if (outcome.kind === 'pinnedExceeds') {
    return `At ${formatTokens(outcome.error.limit)} tokens nothing compiles: the pinned rows need ${formatTokens(outcome.error.pinnedTokens)}.`;
  }
  const r = outcome.report;
  if (r.limit === null) return `Unbounded: all ${formatTokens(r.totalTokens)} tokens are admitted.`;
  const wasted = r.limit - r.totalTokens;
  const bestTokens = Math.max(bestHere?.keptTokens ?? r.totalTokens, r.totalTokens);
  const gain = bestTokens - r.totalTokens;
  return (
    `At the budget of ${formatTokens(r.limit)} tokens the whole-row rule admits ${formatTokens(r.totalTokens)}, leaving ${formatTokens(wasted)} tokens of headroom unused. ` +
    (gain > 0
      ? `The best subset of droppable rows could keep ${formatTokens(bestTokens)}${approx}: ${formatTokens(gain)} more.`
      : `No subset of droppable rows keeps more${approx}: here the rule is as good as it gets.`)
  );
}

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
          Best subset keeps {formatTokens(point.best ?? 0)}
        </>
      )}
    </>
  );
}

/** A row of the ladder's table: a rung, or the budgets below the pinned rows. */
type LadderRow = AdmissionLadder['steps'][number] | { readonly pinnedTokens: number };

/** The ladder's data table: one row per rung, then where the compile fails. */
const LadderTable = memo(function LadderTable({
  ladder,
  best,
}: {
  ladder: AdmissionLadder | null;
  best: BestSubsetTable;
}) {
  const total = ladder?.totalTokens ?? 0;
  const pinned = ladder?.pinnedTokens ?? 0;
  const rungs: LadderRow[] = [...(ladder?.steps ?? [])];
  if (pinned > 0) rungs.push({ pinnedTokens: pinned });
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
            'pinnedTokens' in s || s.toBudget === null
              ? '0'
              : formatTokens(s.toBudget - s.admittedTokens),
        },
        {
          key: 'best',
          header: 'Best subset at the top',
          cell: (s) =>
            'pinnedTokens' in s
              ? null
              : formatTokens(
                  Math.max(
                    bestTotalAt({ ladder, best }, s.toBudget ?? total) ?? 0,
                    s.admittedTokens,
                  ),
                ),
        },
      ]}
      rows={rungs}
      rowKey={(s) => ('pinnedTokens' in s ? 'pinned' : s.fromBudget)}
    />
  );
});

/**
 * The admission ladder: admitted tokens against the budget, from 0 to the
 * total, with the point where each row drops, the current budget, the
 * headroom wasted by dropping whole rows, and the best subset for comparison.
 */
export const LadderChart = memo(function LadderChart({ view }: { view: BudgetView }) {
  const ladder = view.ladder;
  const total = ladder?.totalTokens ?? 0;
  const maxBudget = Math.max(1, total, view.limit ?? 0);
  const { best } = view;
  const { data, series, budgets, corners, regions, tail, csvRows } = useMemo(
    () => ladderChartData({ ladder, best }, maxBudget),
    [ladder, best, maxBudget],
  );
  const limit = view.limit;
  const admitted = view.outcome.kind === 'ok' ? view.outcome.report.totalTokens : null;
  const keptIds = view.bestHere?.ids ?? [];
  const ruleAdmitted = view.outcome.kind === 'ok' ? view.outcome.report.admitted : [];

  return (
    <section className="card" aria-labelledby="budget-ladder-h">
      <h2 id="budget-ladder-h">Admission ladder</h2>
      <dl className="terms">
        <div className="term">
          <dt>Whole-row rule admits</dt>
          <dd>{admitted === null ? '—' : `${formatTokens(admitted)} tokens`}</dd>
        </div>
        <div className="term">
          <dt>Headroom wasted</dt>
          <dd>
            {admitted === null || view.limit === null
              ? '—'
              : `${formatTokens(view.limit - admitted)} tokens`}
          </dd>
        </div>
        <div className="term">
          <dt>Best subset keeps{view.best.exact ? '' : ' (approximate)'}</dt>
          <dd>
            {view.bestHere === null || admitted === null
              ? '—'
              : `${formatTokens(Math.max(view.bestHere.keptTokens, admitted))} tokens`}
          </dd>
        </div>
      </dl>
      {view.bestHere !== null && admitted !== null && view.bestHere.keptTokens > admitted && (
        <p className="note">
          The best subset keeps the pinned rows plus{' '}
          {boundedIds(keptIds, 'and') || 'no droppable row'}; the rule keeps{' '}
          {boundedIds(ruleAdmitted, 'and')}. The framework drops in a fixed order on purpose: the
          same request always drops the same rows.
        </p>
      )}
      {ladder?.truncated && (
        <p className="note">
          With this many rows the ladder shows its first {ladder.steps.length} rungs only, from the
          full prompt down to {formatTokens(ladder.steps.at(-1)?.fromBudget ?? 0)} tokens.
        </p>
      )}
      {!view.best.exact && (
        <p className="note">
          Approximate: with this many tokens the best subset is searched in units of{' '}
          {formatTokens(view.best.scale)} tokens (each row rounded up), so it is a lower bound.
        </p>
      )}
      <ChartFrame
        title="Admitted tokens by budget"
        assumptions={budgetAssumptions(view)}
        exportable
        csvRows={csvRows}
        summary={headline(view) + tail}
        chart={
          <>
            <LineChart
              height={300}
              x={{ domain: [0, maxBudget], format: formatTokensShort, title: 'Budget (tokens)' }}
              y={{ domain: [0, maxBudget], format: formatTokensShort }}
              series={series}
              regions={regions}
              points={corners}
              markers={
                limit === null || limit > maxBudget
                  ? []
                  : [{ x: limit, label: 'Budget', color: INK.text, dash: '4 3' }]
              }
              spans={
                limit !== null && admitted !== null && limit > admitted && limit <= maxBudget
                  ? [
                      {
                        x: limit,
                        y0: admitted,
                        y1: limit,
                        color: PALETTE.wasted,
                        width: 5,
                        className: 'ladder-waste',
                      },
                    ]
                  : []
              }
              hoverXs={budgets}
              tooltip={(i) => (data[i] ? <LadderTooltip point={data[i]} /> : null)}
            />
            <Legend items={LEGEND} />
          </>
        }
        table={<LadderTable ladder={ladder} best={view.best} />}
      />
    </section>
  );
});
