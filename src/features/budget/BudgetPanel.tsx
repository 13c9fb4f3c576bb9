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
import { useBudgetBest } from './use-budget-best.ts';
import './budget.css';
import './budget-charts.css';

/**
 * The prompt-budget explorer (seed 003): the budget and the row editor beside
 * the core's decision, the compiled prompt, the admission ladder, nested
 * budgets and the estimator error band.
 *
 * A budget step renders at once, in one frame: the decision, the charts and
 * the what-ifs always show the same budget. Each card gets only what it
 * shows, read from its own nodes of the derivation graph, so the row
 * editor and the row table skip the steps that change no row's fate, and
 * the charts redraw only their budget marks and the segments that moved.
 * The best subset alone comes from the engine (`useBudgetBest`) and shows a
 * frame or so later; the rule's figures never wait for it.
 */
export default function BudgetPanel() {
  useBudgetBest();
  return (
    <div className="explorer budget-explorer">
      <BudgetControls />
      <RowEditor />
      <div className="results">
        <BudgetSummary />
        <DecisionCard />
        <CompiledBar />
        <RowsTable />
        <LadderChart />
        <ErrorBandCard />
        <SectionBudgets />
        <BudgetVolumeLine />
      </div>
    </div>
  );
}
