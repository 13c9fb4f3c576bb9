/** Property-test budget rows: ids r0, r1, … in position order, any tokens, pinned or not. */
import fc from 'fast-check';
import type { BudgetRow } from '../../src/core/index.ts';

export function budgetRowsArb(maxTokens: number, maxLength: number): fc.Arbitrary<BudgetRow[]> {
  return fc
    .array(fc.record({ tokens: fc.integer({ min: 0, max: maxTokens }), pinned: fc.boolean() }), {
      maxLength,
    })
    .map((rows): BudgetRow[] =>
      rows.map((r, i) => ({
        contributionId: `r${i}`,
        position: i,
        tokens: r.tokens,
        pinned: r.pinned,
      })),
    );
}
