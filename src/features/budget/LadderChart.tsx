import { memo, useMemo } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceDot,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatTokensShort } from '../../ui/format.ts';
import { joinWords } from './DecisionCard.tsx';
import { ladderSeries, type LadderPoint } from './ladder-series.ts';
import { bestTotalAt, type BudgetView } from './use-budget.ts';

const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 } as const;

function LadderTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: LadderPoint }>;
}) {
  const p = payload?.[0]?.payload;
  if (!active || !p) return null;
  return (
    <div className="chart-tooltip">
      <strong>Budget {formatTokens(p.budget)}</strong>
      <br />
      {p.rule === null ? (
        'Compile fails: the pinned rows do not fit.'
      ) : (
        <>
          Whole-row rule admits {formatTokens(p.rule)} (wastes {formatTokens(p.budget - p.rule)})
          <br />
          Best subset keeps {formatTokens(p.best ?? 0)}
        </>
      )}
    </div>
  );
}

/**
 * Labels for the drop points: points closer than 7% of the axis share one
 * label (on the highest of them), so the names do not overlap.
 */
function labelledCorners(
  corners: readonly { budget: number; ids: readonly string[] }[],
  maxBudget: number,
): { budget: number; label: string | null }[] {
  const out: { budget: number; label: string | null; ids: string[] }[] = [];
  let leader: (typeof out)[number] | null = null;
  for (const c of corners) {
    if (leader !== null && leader.budget - c.budget < maxBudget * 0.07) {
      leader.ids.push(...c.ids);
      out.push({ budget: c.budget, label: null, ids: [] });
      continue;
    }
    leader = { budget: c.budget, label: null, ids: [...c.ids] };
    out.push(leader);
  }
  return out.map((c) => ({
    budget: c.budget,
    label: c.ids.length === 0 ? null : `✕ ${c.ids.join(', ')}`,
  }));
}

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

/**
 * The admission ladder: admitted tokens against the budget, from 0 to the
 * total, with the point where each row drops, the current budget, the
 * headroom wasted by dropping whole rows, and the best subset for comparison.
 */
export const LadderChart = memo(function LadderChart({ view }: { view: BudgetView }) {
  const ladder = view.ladder;
  const total = ladder?.totalTokens ?? 0;
  const maxBudget = Math.max(1, total, view.limit ?? 0);
  const { ladder: rungs, best } = view;
  // The series depends on the rows (ladder and best subset), not on the budget.
  const data = useMemo(
    () => ladderSeries({ ladder: rungs, best }, maxBudget),
    [rungs, best, maxBudget],
  );
  const admitted = view.outcome.kind === 'ok' ? view.outcome.report.totalTokens : null;
  // Each rung below the top starts where the rung above ended: its rows drop below that budget.
  const corners = (ladder?.steps ?? []).slice(1).map((step) => ({
    budget: (step.toBudget ?? 0) + 1,
    ids: step.newlyDropped,
  }));
  const keptIds = view.bestHere?.ids ?? [];
  const ruleAdmitted = view.outcome.kind === 'ok' ? view.outcome.report.admitted : [];
  const pinned = ladder?.pinnedTokens ?? 0;

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
          {joinWords(keptIds, 'and') || 'no droppable row'}; the rule keeps{' '}
          {joinWords(ruleAdmitted, 'and')}. The framework drops in a fixed order on purpose: the
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
        exportable
        csvRows={data.map((p) => ({
          budgetTokens: p.budget,
          ruleAdmittedTokens: p.rule ?? '',
          bestSubsetTokens: p.best ?? '',
        }))}
        summary={
          headline(view) +
          (corners.length > 0
            ? ` Rows drop as the budget falls: ${corners.map((c) => `${c.ids.join(' and ')} below ${formatTokens(c.budget)}`).join(', ')}.`
            : '') +
          (pinned > 0 ? ` Below ${formatTokens(pinned)} tokens the compile fails.` : '')
        }
        chart={
          <>
            <ComposedChart
              responsive
              style={{ width: '100%', height: 300 }}
              data={data}
              margin={{ top: 16, right: 20, bottom: 18, left: 8 }}
              accessibilityLayer={false}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="budget"
                type="number"
                domain={[0, maxBudget]}
                tickFormatter={formatTokensShort}
                tick={AXIS_TICK}
                label={{
                  value: 'Budget (tokens)',
                  position: 'insideBottom',
                  offset: -10,
                  fill: 'var(--muted)',
                  fontSize: 12,
                }}
              />
              <YAxis
                domain={[0, maxBudget]}
                tickFormatter={formatTokensShort}
                tick={AXIS_TICK}
                width={56}
              />
              <Tooltip content={<LadderTooltip />} isAnimationActive={false} />
              {pinned > 0 && (
                <ReferenceArea
                  x1={0}
                  x2={pinned}
                  className="ladder-fails"
                  fill="var(--bad)"
                  fillOpacity={0.12}
                  label={{
                    value: 'compile fails',
                    position: 'center',
                    fill: 'var(--bad)',
                    fontSize: 12,
                  }}
                />
              )}
              <ReferenceLine
                segment={[
                  { x: 0, y: 0 },
                  { x: maxBudget, y: maxBudget },
                ]}
                stroke="var(--muted)"
                strokeDasharray="2 4"
              />
              <Line
                type="stepAfter"
                dataKey="best"
                name="Best subset"
                stroke="var(--chart-3)"
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
              <Line
                type="stepAfter"
                dataKey="rule"
                name="Whole-row rule"
                stroke="var(--chart-1)"
                strokeWidth={2.5}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
              {corners.length <= 40 &&
                labelledCorners(corners, maxBudget).map((c) => (
                  <ReferenceDot
                    key={c.budget}
                    x={c.budget}
                    y={c.budget}
                    r={3}
                    fill="var(--chart-2)"
                    stroke="none"
                    label={
                      c.label === null
                        ? false
                        : {
                            value: c.label,
                            position: c.budget > maxBudget * 0.35 ? 'left' : 'right',
                            fill: 'var(--muted)',
                            fontSize: 11,
                          }
                    }
                  />
                ))}
              {view.limit !== null && view.limit <= maxBudget && (
                <ReferenceLine
                  x={view.limit}
                  stroke="var(--text)"
                  strokeDasharray="4 3"
                  label={{
                    value: 'Budget',
                    position: 'insideTopRight',
                    fill: 'var(--text)',
                    fontSize: 12,
                  }}
                />
              )}
              {view.limit !== null && admitted !== null && view.limit > admitted && (
                <ReferenceLine
                  segment={[
                    { x: view.limit, y: admitted },
                    { x: view.limit, y: view.limit },
                  ]}
                  stroke="var(--bad)"
                  strokeWidth={5}
                />
              )}
            </ComposedChart>
            <ul className="budget-legend">
              <li>
                <span className="budget-key key-rule" /> Whole-row rule (admitted)
              </li>
              <li>
                <span className="budget-key key-best" /> Best subset
              </li>
              <li>
                <span className="budget-key key-diag" /> No waste (admitted = budget)
              </li>
              <li>
                <span className="budget-key key-waste" /> Headroom wasted at the budget
              </li>
              <li>
                <span className="budget-swatch key-fails" /> Compile fails
              </li>
              <li>● ✕ where rows drop</li>
            </ul>
          </>
        }
        table={
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Budget from</th>
                <th scope="col">Budget to</th>
                <th scope="col">Rule admits</th>
                <th scope="col">Newly dropped</th>
                <th scope="col">Most headroom wasted</th>
                <th scope="col">Best subset at the top</th>
              </tr>
            </thead>
            <tbody>
              {(ladder?.steps ?? []).map((s) => (
                <tr key={s.fromBudget}>
                  <td>{formatTokens(s.fromBudget)}</td>
                  <td>{s.toBudget === null ? 'and above' : formatTokens(s.toBudget)}</td>
                  <td>{formatTokens(s.admittedTokens)}</td>
                  <td>{s.newlyDropped.length === 0 ? '—' : s.newlyDropped.join(', ')}</td>
                  <td>{s.toBudget === null ? '0' : formatTokens(s.toBudget - s.admittedTokens)}</td>
                  <td>
                    {formatTokens(
                      Math.max(bestTotalAt(view, s.toBudget ?? total) ?? 0, s.admittedTokens),
                    )}
                  </td>
                </tr>
              ))}
              {pinned > 0 && (
                <tr>
                  <td>0</td>
                  <td>{formatTokens(pinned - 1)}</td>
                  <td colSpan={4}>
                    compile fails: the pinned rows need {formatTokens(pinned)} tokens
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        }
      />
    </section>
  );
});
