/**
 * Thousands of prompt rows, as a user sees them: the decision names how many
 * rows are dropped and the first of them, and "Show all" opens every id in a
 * focusable box; the compiled bar draws a bounded number of stretches whose
 * tokens add up, per status, to the rows'; the error band's table shows its
 * first rows with a button for all of them.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { admitWithinBudget } from '../../../src/core/index.ts';
import BudgetPanel from '../../../src/features/budget/BudgetPanel.tsx';
import { boundedIds, ID_LIST_SHOWN } from '../../../src/features/budget/IdList.tsx';
import {
  barSegments,
  compiledBarSegments,
  drawnBarSegments,
  MAX_ROW_SEGMENTS,
} from '../../../src/features/budget/bar-segments.ts';
import { analyseRows } from '../../../src/features/budget/use-budget.ts';
import { evaluateBudget } from '../../../src/features/budget/evaluate.ts';
import { fatesOf } from '../../../src/features/budget/fates.ts';
import { compileRows } from '../../../src/domain/compiled-rows.ts';
import { DEFAULT_BUDGET, type BudgetEditorRow, type Tier } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

const TIERS: readonly Tier[] = ['stable', 'session', 'perTurn'];

/** `count` rows of varied tokens and tiers, every 25th pinned. */
function manyRows(count: number): BudgetEditorRow[] {
  return Array.from({ length: count }, (_, i) => ({
    contributionId: `row-${String(i + 1).padStart(4, '0')}`,
    section: `s${i % 5}`,
    tier: TIERS[(i * 7) % 3] as Tier,
    tokens: 10 + ((i * 37) % 400),
    text: null,
    pinned: i % 25 === 0,
  }));
}

beforeEach(() => {
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
});

function load(rows: BudgetEditorRow[], maxTotalTokens: number) {
  act(() => useAppStore.getState().setBudget({ rows, maxTotalTokens, unbounded: false }));
}

/** The core's report for the store's rows in compiled order. */
function coreReport() {
  const { rows, charsPerToken, maxTotalTokens } = useAppStore.getState().budget;
  const analysis = analyseRows(compileRows(rows, charsPerToken));
  return admitWithinBudget(analysis.coreRows, { maxTotalTokens }).report;
}

describe('boundedIds', () => {
  it('writes a short list out and cuts a long one to its first ids and a count', () => {
    expect(boundedIds(['a', 'b', 'c'], 'and')).toBe('a, b and c');
    const ids = Array.from({ length: ID_LIST_SHOWN + 7 }, (_, i) => `r${i}`);
    const text = boundedIds(ids);
    expect(text).toContain(`r${ID_LIST_SHOWN - 1}, … and 7 more`);
    expect(text).not.toContain(`r${ID_LIST_SHOWN},`);
  });
});

describe('the decision with thousands of rows', () => {
  it('names the count and the first dropped ids, and Show all opens every id', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    load(manyRows(1_500), 100_000);
    const report = coreReport();
    expect(report.dropped.length).toBeGreaterThan(ID_LIST_SHOWN);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      `Dropped: ${report.dropped.slice(0, ID_LIST_SHOWN).join(', ')}, … and ${(report.dropped.length - ID_LIST_SHOWN).toLocaleString('en-US')} more`,
    );
    expect(status).not.toHaveTextContent(report.dropped.at(-1) as string);

    const count = report.dropped.length.toLocaleString('en-US');
    const show = screen.getByRole('button', { name: `Show all ${count} dropped rows` });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const all = screen.getByRole('region', { name: `All ${count} dropped rows` });
    expect(all).toHaveTextContent(report.dropped.join(', '));
    expect(all).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: `Show the first ${ID_LIST_SHOWN}` })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('lists every row that flips in the error band behind a Show all button', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    load(manyRows(1_500), 150_000);
    act(() => useAppStore.getState().setBudget({ estimatorErrorPct: 35, errorScope: 'all' }));
    const band = screen.getByRole('region', { name: 'Rows that flip: table' });
    const shown = within(band).getAllByRole('row').length - 1;
    const button = screen.getByRole('button', { name: /^Show all [\d,]+ rows that flip$/ });
    const total = Number(button.textContent?.replace(/[^0-9]/g, ''));
    expect(shown).toBeLessThan(total);
    await user.click(button);
    expect(within(band).getAllByRole('row')).toHaveLength(total + 1);
  });
});

describe('drawnBarSegments', () => {
  const segmentsFor = (count: number, budget: number) => {
    const analysis = analyseRows(compileRows(manyRows(count), 4));
    const fates = fatesOf(analysis.coreRows, evaluateBudget(analysis.coreRows, budget));
    return barSegments(analysis.compiled, fates, analysis.ranks);
  };

  it('draws a row per segment while the rows are few', () => {
    const segs = segmentsFor(MAX_ROW_SEGMENTS, 20_000);
    expect(drawnBarSegments(segs)).toEqual({ shapes: compiledBarSegments(segs), stretches: null });
  });

  it('draws thousands of rows in a bounded number of stretches that keep every status’s tokens', () => {
    const segs = segmentsFor(3_000, 200_000);
    const { shapes, stretches } = drawnBarSegments(segs);
    expect(shapes.length).toBeLessThanOrEqual(2 * MAX_ROW_SEGMENTS * 4);
    expect(shapes.length).toBeLessThan(segs.length);
    for (const bar of [0, 1]) {
      const rows = compiledBarSegments(segs).filter((s) => s.category === bar);
      const drawn = shapes.filter((s) => s.category === bar);
      // The bar runs from the same start to the same end, without gaps.
      expect(drawn[0]?.start).toBe(rows[0]?.start);
      expect(drawn.at(-1)?.end).toBe(rows.at(-1)?.end);
      for (let i = 1; i < drawn.length; i++) expect(drawn[i]?.start).toBe(drawn[i - 1]?.end);
      // Each status keeps its tokens.
      const byClass = (list: readonly { className?: string; start: number; end: number }[]) => {
        const totals = new Map<string, number>();
        for (const s of list)
          totals.set(s.className ?? '', (totals.get(s.className ?? '') ?? 0) + s.end - s.start);
        return totals;
      };
      expect(byClass(drawn)).toEqual(byClass(rows));
    }
    // Every drawn shape names the rows behind it, and those rows' counts add up.
    const counted = new Map<number, number>();
    for (const s of shapes) {
      const stretch = stretches?.get(s.key);
      expect(stretch).toBeDefined();
      const part = stretch?.parts.find((p) => p.className === s.className);
      expect(part?.tokens).toBe(s.end - s.start);
      counted.set(s.category, (counted.get(s.category) ?? 0) + (part?.rows ?? 0));
    }
    expect(counted.get(0)).toBe(segs.length);
    expect(counted.get(1)).toBe(segs.filter((s) => s.shippedStart !== null).length);
  });
});

describe('the compiled bar with thousands of rows', () => {
  it('names the rows of a stretch and their status and tokens in its tooltip', async () => {
    const user = userEvent.setup();
    render(<BudgetPanel />);
    load(manyRows(1_500), 100_000);
    const bar = screen.getByRole('figure', { name: 'Compiled prompt against the budget' });
    const shapes = bar.querySelectorAll('.chart-seg');
    expect(shapes.length).toBeGreaterThan(0);
    expect(shapes.length).toBeLessThan(1_500);
    await user.hover(shapes[0] as Element);
    const tip = bar.querySelector('.chart-tooltip') as HTMLElement;
    expect(tip).toHaveTextContent(/^#1 row-\d{4} to #\d+ row-\d{4}/);
    expect(tip).toHaveTextContent(/[\d,]+ rows? · (Admitted|Pinned|Dropped) · [\d,]+ tokens/);
  });
});
