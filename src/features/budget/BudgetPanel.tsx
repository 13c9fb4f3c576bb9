import { useDeferredValue } from 'react';
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
 */
export default function BudgetPanel() {
  const view = useBudgetView();
  // The decision and the table follow the slider at once; the charts and the
  // what-ifs render the same view at a lower priority, so dragging stays smooth.
  const deferred = useDeferredValue(view);
  return (
    <div className="explorer budget-explorer">
      <BudgetControls totalTokens={view.ladder?.totalTokens ?? 0} />
      <RowEditor />
      <div className="results">
        <DecisionCard view={view} />
        <CompiledBar view={deferred} />
        <RowsTable view={view} />
        <LadderChart view={deferred} />
        <ErrorBandCard view={deferred} />
        <SectionBudgets view={deferred} />
      </div>
    </div>
  );
}
