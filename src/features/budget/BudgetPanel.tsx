import { BudgetControls } from './BudgetControls.tsx';
import { CompiledBar } from './CompiledBar.tsx';
import { DecisionCard } from './DecisionCard.tsx';
import { ErrorBandCard } from './ErrorBandCard.tsx';
import { LadderChart } from './LadderChart.tsx';
import { RowEditor } from './RowEditor.tsx';
import { RowsTable } from './RowsTable.tsx';
import { SectionBudgets } from './SectionBudgets.tsx';
import { useBudgetView } from './use-budget.ts';
import './budget.css';
import './budget-charts.css';

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
 */
export default function BudgetPanel() {
  const view = useBudgetView();
  return (
    <div className="explorer budget-explorer">
      <BudgetControls totalTokens={view.ladder?.totalTokens ?? 0} />
      <RowEditor />
      <div className="results">
        <DecisionCard view={view} />
        <CompiledBar view={view} />
        <RowsTable
          compiled={view.compiled}
          ranks={view.ranks}
          ladder={view.ladder}
          fates={view.fates}
        />
        <LadderChart view={view} />
        <ErrorBandCard compiled={view.compiled} problem={view.problem} limit={view.limit} />
        <SectionBudgets compiled={view.compiled} coreRows={view.coreRows} limit={view.limit} />
      </div>
    </div>
  );
}
