/**
 * The admission-ladder chart's data, as a pure function of the ladder, the
 * budgets it is drawn at and the engine's best totals: the lines, the drop points, the compile-fails region, the
 * sentence about where rows drop, and the CSV rows.
 */
import type { Dot, LineSeries, Region } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { formatTokens } from '../../ui/format.ts';
import type { AdmissionLadder } from '../../core/index.ts';
import {
  dropCorners,
  labelledCorners,
  ladderLines,
  ladderSeries,
  type LadderPoint,
} from './ladder-series.ts';

/**
 * The series, drop points and sentences that depend on the rows (and on the
 * axis length, which only follows the budget above the rows' total).
 */
export function ladderChartData(
  ladder: AdmissionLadder | null,
  budgets: readonly number[],
  maxBudget: number,
  bestAt: ReadonlyMap<number, number | null> | null,
) {
  {
    const data: LadderPoint[] = ladderSeries(ladder, budgets, bestAt);
    const corners0 = dropCorners({ ladder });
    const pinned = ladder?.pinnedTokens ?? 0;
    const tail =
      (corners0.length > 0
        ? ` Rows drop as the budget falls: ${corners0.map((c) => `${c.ids.join(' and ')} below ${formatTokens(c.budget)}`).join(', ')}.`
        : '') + (pinned > 0 ? ` Below ${formatTokens(pinned)} tokens the compile fails.` : '');
    const lines = ladderLines(data);
    const series: LineSeries[] = [
      {
        id: 'no-waste',
        points: [
          { x: 0, y: 0 },
          { x: maxBudget, y: maxBudget },
        ],
        color: INK.muted,
        width: 1,
        dash: '2 4',
      },
      { id: 'best', points: lines.best, color: PALETTE.best, curve: 'step', dash: '6 4' },
      { id: 'rule', points: lines.rule, color: PALETTE.admitted, curve: 'step', width: 2.5 },
    ];
    // Past 40 drop points the dots would merge into a line.
    const corners: Dot[] = (corners0.length <= 40 ? labelledCorners(corners0, maxBudget) : []).map(
      (c) => ({
        x: c.budget,
        y: c.budget,
        r: 3,
        color: PALETTE.dropped,
        label: c.label,
        prefer: c.budget > maxBudget * 0.35 ? 'left' : 'right',
      }),
    );
    return {
      data,
      series,
      budgets: lines.budgets,
      corners,
      regions: (pinned > 0
        ? [
            {
              from: 0,
              to: Math.min(pinned, maxBudget),
              color: PALETTE.overBudget,
              label: 'compile fails',
            },
          ]
        : []) as Region[],
      tail,
      csvRows: data.map((p) => ({
        budgetTokens: p.budget,
        ruleAdmittedTokens: p.rule ?? '',
        bestSubsetTokens: p.best ?? '',
      })),
    };
  }
}
