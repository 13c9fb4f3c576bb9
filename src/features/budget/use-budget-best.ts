/**
 * The budget panel's one engine query: the best subset of droppable rows,
 * asked of the `budget` lane's worker, which keeps the knapsack it last
 * solved, so a budget step only reads it. Each answer the query shows is put
 * into the graph's bridge atom (`budgetBestAnswer`), from which the ladder's
 * nodes read it; the atom is cleared when the panel goes.
 */
import { useLayoutEffect } from 'react';
import { sameBudgetBest } from '../../domain/budget-best.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useValue } from '../../state/derive.ts';
import { budgetBestAnswer, budgetBestAsk } from './best-nodes.ts';

/** Runs the best-subset query and feeds its answers to the graph. */
export function useBudgetBest(): void {
  const ask = useValue(budgetBestAsk);
  const { value, answered } = useEngineQuery('budget', 'budgetBest', ask?.request ?? null, {
    isEqual: sameBudgetBest,
  });
  // Before paint, so the answer shows in the frame its query renders.
  useLayoutEffect(() => {
    if (ask === null || value === undefined || answered === undefined) return;
    // An answer for other rows is shown until the next (it stays in the
    // atom with its own rows); only one for these rows can be named by them.
    if (answered.tokens !== ask.request.tokens) return;
    budgetBestAnswer.set({ request: answered, rows: ask.rows, answer: value });
  }, [ask, value, answered]);
  useLayoutEffect(() => () => budgetBestAnswer.set(null), []);
}
