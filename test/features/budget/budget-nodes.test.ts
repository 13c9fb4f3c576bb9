// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as compiledRowsModule from '../../../src/domain/compiled-rows.ts';
import * as barSegmentsModule from '../../../src/features/budget/bar-segments.ts';
import {
  barDrawn,
  barSegs,
  ladderChart,
  ladderRungs,
} from '../../../src/features/budget/chart-nodes.ts';
import { rowsByTier, rowsTableInputs } from '../../../src/features/budget/row-nodes.ts';
import {
  budgetFates,
  budgetOutcome,
  rowsAnalysis,
  rowsCompiled,
} from '../../../src/features/budget/use-budget.ts';
import {
  errorBand,
  errorBandRows,
  flipLinesShown,
} from '../../../src/features/budget/what-if-nodes.ts';
import { DEFAULT_BUDGET } from '../../../src/model/budget.ts';
import { useAppStore } from '../../../src/state/store.ts';

// Count the compiles and the segment builds the nodes run, without changing them.
vi.mock('../../../src/domain/compiled-rows.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof compiledRowsModule>();
  return { ...actual, compileRows: vi.fn(actual.compileRows) };
});
vi.mock('../../../src/features/budget/bar-segments.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof barSegmentsModule>();
  return { ...actual, barSegments: vi.fn(actual.barSegments) };
});

const setBudget = (tokens: number) =>
  useAppStore.getState().setBudget({ maxTotalTokens: tokens, unbounded: false });

/** Reads every node the budget tab shows on a budget step. */
function readAll() {
  return {
    compiled: rowsCompiled.get(),
    analysis: rowsAnalysis.get(),
    byTier: rowsByTier.get(),
    outcome: budgetOutcome.get(),
    fates: budgetFates.get(),
    tableInputs: rowsTableInputs.get(),
    segs: barSegs.get(),
    drawn: barDrawn.get(),
    ladder: ladderChart.get(),
    rungs: ladderRungs.get(),
    bandRows: errorBandRows.get(),
    band: errorBand.get(),
    flips: flipLinesShown.first.get(),
  };
}

beforeEach(() => {
  useAppStore.getState().resetToDefaults();
  useAppStore.getState().setBudget(DEFAULT_BUDGET);
  setBudget(10_000);
  readAll();
  vi.clearAllMocks();
});

describe('the budget’s nodes', () => {
  it('a budget step that changes no fate keeps the fates, the table’s inputs and the bar', () => {
    const before = readAll();
    setBudget(10_050);
    const after = readAll();
    expect(after.outcome).not.toBe(before.outcome);
    expect(after.fates).toBe(before.fates);
    expect(after.tableInputs).toBe(before.tableInputs);
    expect(after.segs).toBe(before.segs);
    expect(after.drawn).toBe(before.drawn);
    expect(barSegmentsModule.barSegments).not.toHaveBeenCalled();
    // What depends on the rows alone is not touched by any budget step.
    expect(compiledRowsModule.compileRows).not.toHaveBeenCalled();
    for (const key of ['compiled', 'analysis', 'byTier', 'ladder', 'rungs', 'bandRows'] as const)
      expect(after[key], key).toBe(before[key]);
  });

  it('a budget step that drops a row gives new fates, table inputs and segments', () => {
    const before = readAll();
    setBudget(8_000);
    const after = readAll();
    expect(after.fates).not.toBe(before.fates);
    expect(after.fates.status.get('retrieved-docs')).toBe('dropped');
    expect(after.tableInputs).not.toBe(before.tableInputs);
    expect(after.tableInputs.fates).toBe(after.fates);
    expect(after.tableInputs.compiled).toBe(before.compiled);
    expect(after.segs).not.toBe(before.segs);
    expect(after.segs.find((s) => s.id === 'retrieved-docs')?.status).toBe('dropped');
    expect(barSegmentsModule.barSegments).toHaveBeenCalledTimes(1);
    expect(compiledRowsModule.compileRows).not.toHaveBeenCalled();
  });

  it('compiles the rows once per edit of the rows, for the editor and the results alike', () => {
    const before = readAll();
    const rows = useAppStore.getState().budget.rows;
    useAppStore.getState().setBudget({
      rows: rows.map((r, i) => (i === 0 ? { ...r, tokens: r.tokens + 1 } : r)),
    });
    const after = readAll();
    expect(compiledRowsModule.compileRows).toHaveBeenCalledTimes(1);
    expect(after.compiled).not.toBe(before.compiled);
    expect(after.analysis.compiled).toBe(after.compiled);
    expect(Object.values(after.byTier).flat()).toHaveLength(after.compiled.length);
  });
});
