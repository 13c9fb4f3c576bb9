// @vitest-environment node
/**
 * Row fates (what the row table and the bar's segments show) and the bar's
 * segments: the same fates whatever the budget while no row changes fate, and fates that
 * agree with the core's decision.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetRowsArb } from '../../helpers/budget-rows.ts';
import { barSegments } from '../../../src/features/budget/bar-segments.ts';
import { compileRows, toBudgetRows } from '../../../src/domain/compiled-rows.ts';
import { evaluateBudget } from '../../../src/features/budget/evaluate.ts';
import { fatesOf, sameFates } from '../../../src/features/budget/fates.ts';
import { dropCorners, labelledCorners } from '../../../src/features/budget/ladder-series.ts';
import { analyseRows } from '../../../src/features/budget/use-budget.ts';
import { TYPICAL_PROMPT_ROWS } from '../../../src/model/budget.ts';

const compiled = compileRows(TYPICAL_PROMPT_ROWS, 4);
const rows = toBudgetRows(compiled);

const rowsArb = budgetRowsArb(2_000, 8);

describe('fates', () => {
  it.each([
    [9_000, 9_050, true], // the same rows dropped
    [8_600, 8_599, false], // retrieved-docs drops
    [3_000, 2_000, true], // nothing compiles either way
    [3_599, 3_600, false],
  ])('budgets %i and %i give the same fates: %s', (a, b, same) => {
    const fatesA = fatesOf(rows, evaluateBudget(rows, a));
    const fatesB = fatesOf(rows, evaluateBudget(rows, b));
    expect(sameFates(fatesA, fatesB)).toBe(same);
  });

  it('tells unbounded from a budget that fits everything', () => {
    const unbounded = fatesOf(rows, evaluateBudget(rows, null));
    expect(sameFates(unbounded, fatesOf(rows, evaluateBudget(rows, 50_000)))).toBe(false);
  });

  it('agrees with the decision it was made from, for any rows and budget', () => {
    fc.assert(
      fc.property(rowsArb, fc.option(fc.integer({ min: 0, max: 16_000 })), (list, limit) => {
        const outcome = evaluateBudget(list, limit);
        const fates = fatesOf(list, outcome);
        expect(fates.kind).toBe(outcome.kind);
        if (outcome.kind !== 'invalid') expect(fates.status).toEqual(outcome.status);
        if (outcome.kind === 'ok') {
          expect(fates.unbounded).toBe(limit === null);
          expect(fates.anyDropped).toBe(outcome.report.dropped.length > 0);
        }
      }),
      { seed: 3, numRuns: 300 },
    );
  });
});

describe('barSegments', () => {
  it('packs the shipped rows together and leaves the dropped ones out', () => {
    const fates = fatesOf(rows, evaluateBudget(rows, 10_000));
    const segs = barSegments(compiled, fates, analyseRows(compiled).ranks);
    expect(segs.map((s) => [s.id, s.start, s.shippedStart, s.status, s.dropRank])).toEqual([
      ['system', 0, 0, 'pinned', null],
      ['tools', 1_200, 1_200, 'pinned', null],
      ['persona', 3_600, 3_600, 'admitted', 5],
      ['memory', 4_200, 4_200, 'admitted', 4],
      ['retrieved-docs', 5_100, 5_100, 'admitted', 3],
      ['history', 8_600, null, 'dropped', 2],
      ['turn-hint', 13_600, null, 'dropped', 1],
    ]);
  });

  it('ships nothing and marks the pinned rows as blocking when nothing compiles', () => {
    const fates = fatesOf(rows, evaluateBudget(rows, 1_000));
    const segs = barSegments(compiled, fates, new Map());
    expect(segs.every((s) => s.shippedStart === null)).toBe(true);
    expect(segs.filter((s) => s.blocking).map((s) => s.id)).toEqual(['system', 'tools']);
  });
});

describe('ladder drop points', () => {
  it('lists where each row drops, and shares a label between close points', () => {
    const analysis = analyseRows(compiled);
    const corners = dropCorners(analysis);
    expect(corners).toEqual([
      { budget: 13_900, ids: ['turn-hint'] },
      { budget: 13_600, ids: ['history'] },
      { budget: 8_600, ids: ['retrieved-docs'] },
      { budget: 5_100, ids: ['memory'] },
      { budget: 4_200, ids: ['persona'] },
    ]);
    expect(labelledCorners(corners, 13_900)).toEqual([
      { budget: 13_900, label: '✕ turn-hint, history' },
      { budget: 13_600, label: null },
      { budget: 8_600, label: '✕ retrieved-docs' },
      { budget: 5_100, label: '✕ memory, persona' },
      { budget: 4_200, label: null },
    ]);
  });
});
