import { useDeferredValue } from 'react';
import { BudgetControls } from './BudgetControls.tsx';
import { BudgetSummary } from './BudgetSummary.tsx';
import { BudgetVolumeLine } from './BudgetVolumeLine.tsx';
import { CompiledBar } from './CompiledBar.tsx';
import { DecisionCard } from './DecisionCard.tsx';
import { ErrorBandCard } from './ErrorBandCard.tsx';
import { LadderChart } from './LadderChart.tsx';
import { RowEditor } from './RowEditor.tsx';
import { RowsTable } from './RowsTable.tsx';
import { SectionBudgets } from './SectionBudgets.tsx';
import { useAppStore } from '../../state/store.ts';
import { budgetViewFor } from './use-budget.ts';
import './budget.css';
import './budget-charts.css';

/** Above this many rows the row-sized cards render a step in the background. */
const LARGE_ROW_COUNT = 1_000;

/**
 * The prompt-budget explorer (seed 003): the budget and the row editor beside
 * the core's decision, the compiled prompt, the admission ladder, nested
 * budgets and the estimator error band.
 *
 * A budget step renders at once, in one frame: the decision, the charts and
 * the what-ifs always show the same budget. Each card gets only what it
 * shows, so the row editor and the row table skip the steps that change no
 * row's fate, and the charts redraw only their budget marks and the segments
 * that moved.
 *
 * With more than `LARGE_ROW_COUNT` rows every result's work grows with the
 * rows (one admission of them all, the error band's three more, the bar's
 * segments): the results are then derived from a deferred copy of the
 * budget inputs, in a background render that a newer step interrupts, so
 * the controls paint with the step and the results follow.
 */
export default function BudgetPanel() {
  const budget = useAppStore((s) => s.budget);
  const deferredBudget = useDeferredValue(budget);
  const large = budget.rows.length > LARGE_ROW_COUNT;
  const shown = large ? deferredBudget : budget;
  const heavy = budgetViewFor(shown);
  return (
    <div className="explorer budget-explorer">
      <BudgetControls totalTokens={heavy.ladder?.totalTokens ?? 0} />
      <RowEditor />
      <div className="results" aria-busy={shown !== budget}>
        <BudgetSummary outcome={heavy.outcome} />
        <DecisionCard view={heavy} />
        <CompiledBar view={heavy} />
        <RowsTable
          compiled={heavy.compiled}
          ranks={heavy.ranks}
          ladder={heavy.ladder}
          fates={heavy.fates}
        />
        <LadderChart view={heavy} />
        <ErrorBandCard compiled={heavy.compiled} problem={heavy.problem} limit={heavy.limit} />
        <SectionBudgets compiled={heavy.compiled} coreRows={heavy.coreRows} limit={heavy.limit} />
        <BudgetVolumeLine outcome={heavy.outcome} />
      </div>
    </div>
  );
}
