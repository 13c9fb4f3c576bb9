import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { budgetSummary } from './row-nodes.ts';

/**
 * The decision in one line that stays in view while the rows are edited:
 * sticky at the top of the results on a wide screen, a bar at the foot of
 * the screen on a phone (the gate's pattern). One line whatever the
 * figures, so an update moves nothing.
 */
export const BudgetSummary = memo(function BudgetSummary() {
  const { tone, lead, rest } = useValue(budgetSummary);
  return (
    <section className={`results-summary ${tone}`} aria-label="Budget summary">
      <strong>{lead}</strong>
      {rest !== '' && <span className="summary-versus">{rest}</span>}
    </section>
  );
});
