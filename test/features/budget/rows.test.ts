// @vitest-environment node
/**
 * Compiled order, id checks, row editing and the estimator error band.
 */
import { describe, expect, it } from 'vitest';
import {
  compileRows,
  idCandidateProblem,
  idProblem,
  toBudgetRows,
} from '../../../src/domain/compiled-rows.ts';
import { errorBand } from '../../../src/features/budget/error-band.ts';
import {
  addRow,
  duplicateRow,
  moveRow,
  moveRowTo,
  moveTarget,
  removeRow,
  uniqueId,
} from '../../../src/features/budget/row-ops.ts';
import { TYPICAL_PROMPT_ROWS, type BudgetEditorRow } from '../../../src/model/budget.ts';

const row = (id: string, tier: BudgetEditorRow['tier'], tokens = 100): BudgetEditorRow => ({
  contributionId: id,
  section: id,
  tier,
  tokens,
  text: null,
  pinned: false,
});

const ids = (rows: readonly BudgetEditorRow[]) => rows.map((r) => r.contributionId);

describe('compileRows', () => {
  it('sorts by tier, keeping list order within a tier', () => {
    const rows = [
      row('hint', 'perTurn'),
      row('a', 'session'),
      row('sys', 'stable'),
      row('b', 'session'),
    ];
    const compiled = compileRows(rows, 4);
    expect(compiled.map((c) => [c.row.contributionId, c.position, c.listIndex])).toEqual([
      ['sys', 0, 2],
      ['a', 1, 1],
      ['b', 2, 3],
      ['hint', 3, 0],
    ]);
    expect(toBudgetRows(compiled).map((r) => r.position)).toEqual([0, 1, 2, 3]);
  });

  it('estimates tokens from pasted text with the core estimator', () => {
    const rows = [{ ...row('doc', 'session'), text: 'abcdefghij😀' }];
    expect(compileRows(rows, 4)[0]?.tokens).toBe(3); // 11 code points / 4
    expect(compileRows(rows, 1)[0]?.tokens).toBe(11);
  });
});

describe('ids', () => {
  it.each<[string, BudgetEditorRow[], string | null]>([
    ['unique ids', [row('a', 'stable'), row('b', 'stable')], null],
    [
      'a duplicate',
      [row('a', 'stable'), row('a', 'session')],
      'Ids must be unique: "a" is used by 2 rows. Rename one.',
    ],
    ['an empty id', [row('', 'stable')], 'Every row needs an id: one row has an empty id.'],
  ])('%s', (_, rows, problem) => {
    expect(idProblem(rows)).toBe(problem);
  });

  it('refuses a candidate id another row has, or an empty one', () => {
    const rows = [row('a', 'stable'), row('b', 'stable')];
    expect(idCandidateProblem(rows, 0, 'b')).toMatch(/already used/);
    expect(idCandidateProblem(rows, 0, ' ')).toMatch(/needs an id/);
    expect(idCandidateProblem(rows, 0, 'a')).toBeNull();
    expect(idCandidateProblem(rows, 0, 'c')).toBeNull();
  });
});

describe('row editing', () => {
  const rows = [
    row('sys', 'stable'),
    row('a', 'session'),
    row('b', 'session'),
    row('hint', 'perTurn'),
  ];

  it('adds rows with fresh ids', () => {
    expect(uniqueId(rows, 'row')).toBe('row');
    const twice = addRow(addRow(rows));
    expect(ids(twice).slice(-2)).toEqual(['row', 'row-2']);
  });

  it('duplicates right after the original and removes by list index', () => {
    expect(ids(duplicateRow(rows, 1))).toEqual(['sys', 'a', 'a-copy', 'b', 'hint']);
    expect(ids(duplicateRow(duplicateRow(rows, 1), 1))).toEqual([
      'sys',
      'a',
      'a-copy-2',
      'a-copy',
      'b',
      'hint',
    ]);
    expect(ids(removeRow(rows, 0))).toEqual(['a', 'b', 'hint']);
  });

  it('moves within a tier only', () => {
    expect(ids(moveRow(rows, 2, -1))).toEqual(['sys', 'b', 'a', 'hint']);
    expect(moveTarget(rows, 1, -1)).toBeNull(); // a is first in the session tier
    expect(moveTarget(rows, 2, 1)).toBeNull(); // b is last in it
    expect(ids(moveRow(rows, 1, -1))).toEqual(ids(rows));
  });

  it('drags onto a row of the same tier, and refuses other tiers', () => {
    const more = [...rows, row('c', 'session')];
    expect(ids(moveRowTo(more, 4, 1) ?? [])).toEqual(['sys', 'c', 'a', 'b', 'hint']);
    expect(ids(moveRowTo(more, 1, 4) ?? [])).toEqual(['sys', 'b', 'c', 'a', 'hint']);
    expect(moveRowTo(more, 0, 1)).toBeNull();
  });
});

describe('errorBand', () => {
  it('finds the row that flips when the typical prompt runs 20% heavier', () => {
    const band = errorBand(compileRows(TYPICAL_PROMPT_ROWS, 4), 10_000, 20, 'all');
    expect(band.flips).toEqual([
      { id: 'retrieved-docs', low: 'admitted', nominal: 'admitted', high: 'dropped' },
    ]);
    expect(band.high.rows.find((r) => r.contributionId === 'history')?.tokens).toBe(6_000);
    expect(band.affectedRows).toBe(7);
  });

  it('scales only estimated rows when asked', () => {
    const rows = [
      ...TYPICAL_PROMPT_ROWS.slice(0, 2),
      { ...row('doc', 'session'), text: 'x'.repeat(4_000) },
    ];
    const band = errorBand(compileRows(rows, 4), 3_600, 50, 'estimated');
    expect(band.affectedRows).toBe(1);
    expect(band.low.rows.map((r) => r.tokens)).toEqual([1_200, 2_400, 500]);
    expect(band.flips).toEqual([]);
  });

  it('reports a compile that fails at the high end', () => {
    const band = errorBand(compileRows(TYPICAL_PROMPT_ROWS, 4), 4_000, 20, 'all');
    expect(band.high.outcome.kind).toBe('pinnedExceeds');
    expect(band.flips.map((f) => f.id)).toContain('persona');
  });
});
