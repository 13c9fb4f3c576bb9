// @vitest-environment node
/**
 * Token budgeting and admission (seed 003; SPEC §3). Expected admissions are
 * worked by hand from the seed's algorithm: drop whole non-pinned rows,
 * position descending then id ascending (code points), until the total fits.
 */
import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  admitWithinBudget,
  compareCodePoints,
  mostDroppableFirst,
  narrows,
  validateBudgetInput,
  type BudgetRow,
} from '../../src/core/budget.ts';
import { InvalidInputError } from '../../src/core/errors.ts';

const row = (
  contributionId: string,
  position: number,
  tokens: number,
  pinned = false,
): BudgetRow => ({
  contributionId,
  position,
  tokens,
  pinned,
});

// A compiled prompt: stable content first, per-turn blocks last. 8,700 tokens in all.
const PROMPT: readonly BudgetRow[] = [
  row('system', 0, 1200, true),
  row('tools', 1, 800, true),
  row('memory', 2, 900),
  row('history', 3, 3000),
  row('retrieved', 4, 2500),
  row('turn-hint', 5, 300),
];

describe('admitWithinBudget: worked examples', () => {
  it.each<[string, number | null, string[], number, string[]]>([
    [
      'unbounded admits everything',
      null,
      ['system', 'tools', 'memory', 'history', 'retrieved', 'turn-hint'],
      8700,
      [],
    ],
    [
      'a budget that fits exactly admits everything',
      8700,
      ['system', 'tools', 'memory', 'history', 'retrieved', 'turn-hint'],
      8700,
      [],
    ],
    [
      'one token over drops the most volatile row',
      8699,
      ['system', 'tools', 'memory', 'history', 'retrieved'],
      8400,
      ['turn-hint'],
    ],
    // 8700 − 300 = 8400 > 6000; − 2500 = 5900 ≤ 6000.
    [
      'drops rows until it fits, then stops',
      6000,
      ['system', 'tools', 'memory', 'history'],
      5900,
      ['retrieved', 'turn-hint'],
    ],
    // 5900 − 3000 = 2900 ≤ 4000: memory survives although dropping stops well under.
    [
      'drops whole rows, never truncates',
      4000,
      ['system', 'tools', 'memory'],
      2900,
      ['history', 'retrieved', 'turn-hint'],
    ],
    [
      'pinned rows alone fit exactly',
      2000,
      ['system', 'tools'],
      2000,
      ['memory', 'history', 'retrieved', 'turn-hint'],
    ],
  ])('%s (limit %s)', (_label, limit, admitted, total, dropped) => {
    const result = admitWithinBudget(PROMPT, { maxTotalTokens: limit });
    expect(result.admitted.map((r) => r.contributionId)).toEqual(admitted);
    expect(result.report).toEqual({ limit, totalTokens: total, admitted, dropped });
  });

  it('returned rows are the input rows, in input order, while the drop order follows position', () => {
    const shuffled = [PROMPT[3]!, PROMPT[0]!, PROMPT[5]!, PROMPT[1]!, PROMPT[4]!, PROMPT[2]!];
    const { admitted, report } = admitWithinBudget(shuffled, { maxTotalTokens: 5000 });
    expect(admitted).toEqual([PROMPT[0], PROMPT[1], PROMPT[2]]);
    expect(admitted[0]).toBe(PROMPT[0]);
    expect(report.dropped).toEqual(['history', 'turn-hint', 'retrieved']);
    expect(report.totalTokens).toBe(2900);
  });

  it('does not mutate its input and returns a fresh array even when everything fits', () => {
    const rows = PROMPT.slice();
    const { admitted } = admitWithinBudget(rows, { maxTotalTokens: null });
    expect(admitted).not.toBe(rows);
    expect(rows).toEqual(PROMPT);
  });

  it('an empty prompt fits a zero budget', () => {
    expect(admitWithinBudget([], { maxTotalTokens: 0 }).report).toEqual({
      limit: 0,
      totalTokens: 0,
      admitted: [],
      dropped: [],
    });
  });

  it('zero-token rows are dropped only if reached before the total fits', () => {
    const rows = [row('a', 0, 10), row('zero', 5, 0), row('b', 3, 10)];
    // Drop order: zero (pos 5), b (pos 3), a. Dropping zero changes nothing; then b.
    expect(admitWithinBudget(rows, { maxTotalTokens: 10 }).report.dropped).toEqual(['zero', 'b']);
  });

  it('pinned rows are skipped in the drop order, not a stopping point', () => {
    const rows = [row('base', 0, 100), row('pin', 9, 50, true), row('mid', 4, 100)];
    // Drop order: pin (skipped), mid, base. 250 − 100 = 150 ≤ 160.
    expect(admitWithinBudget(rows, { maxTotalTokens: 160 }).report).toEqual({
      limit: 160,
      totalTokens: 150,
      admitted: ['base', 'pin'],
      dropped: ['mid'],
    });
  });
});

describe('drop order ties: ids ascending in code-point order', () => {
  it.each<[string, string, string]>([
    ['ASCII', 'b', 'a'],
    ['a prefix sorts first', 'ab', 'a'],
    ['upper case before lower case', 'a', 'Z'],
    // UTF-16 order puts the surrogate 0xD83D before 0xFF01; code-point order puts U+FF01 first.
    ['a BMP char above U+E000 before an astral char', '\u{1f600}', '\uff01'],
    ['private use U+E000 before an astral char', '\u{10000}', '\ue000'],
    ['U+FFFF before U+10000', '\u{10000}', '\uffff'],
    ['two astral chars by code point', '\u{1f601}', '\u{1f600}'],
  ])('%s: equal positions drop %j last and %j first', (_label, later, first) => {
    const rows = [row(later, 1, 100), row(first, 1, 100), row('pinned', 0, 50, true)];
    const { report } = admitWithinBudget(rows, { maxTotalTokens: 150 });
    expect(report.dropped).toEqual([first]);
    expect(report.admitted).toEqual([later, 'pinned']);
  });

  it('mostDroppableFirst sorts by position descending, then id', () => {
    const rows = [
      row('x', 1, 1),
      row('\u{1f600}', 2, 1),
      row('\uff01', 2, 1),
      row('a', 2, 1),
      row('y', -4, 1),
    ];
    expect(mostDroppableFirst(rows)).toEqual([3, 2, 1, 0, 4]);
  });

  it('orders positions too far apart to pack into one key the same way', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const rows = [
      row('b', -max, 1),
      row('a', max, 1),
      row('c', max, 1),
      row('d', 0, 1),
      row('a2', -max, 1),
    ];
    expect(mostDroppableFirst(rows)).toEqual([1, 2, 3, 4, 0]);
  });

  it.each<[string, string, number]>([
    ['a', 'a', 0],
    ['', '', 0],
    ['', 'a', -1],
    ['a', '', 1],
    ['abc', 'abd', -1],
    ['\uff01', '\u{1f600}', -1],
    ['\u{1f600}', '\uff01', 1],
    ['\u{1f600}x', '\u{1f600}y', -1],
    ['\ud800', '\ue000', -1], // a lone surrogate is code point U+D800
    ['\ud800a', '\u{10000}', -1], // lone U+D800 then "a" vs the pair for U+10000
    ['\ud800', '\ud800\udc00', -1],
  ])('compareCodePoints(%j, %j) has sign %s', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
  });
});

describe('BudgetExceededError', () => {
  it('is thrown with the seed message when the pinned rows alone exceed the limit', () => {
    let caught: unknown;
    try {
      admitWithinBudget(PROMPT, { maxTotalTokens: 1999 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BudgetExceededError);
    const e = caught as BudgetExceededError;
    expect(e.name).toBe('BudgetExceededError');
    expect(e.message).toBe(
      'pinned contributions (system, tools) need 2000 tokens but the budget is 1999. Pinned content is never dropped and never truncated: raise the budget or unpin something, but the compiler will not ship a prompt missing it.',
    );
    expect(e.pinnedIds).toEqual(['system', 'tools']);
    expect(e.pinnedTokens).toBe(2000);
    expect(e.limit).toBe(1999);
  });

  it('lists the pinned ids in input order, not drop order', () => {
    const rows = [row('z', 9, 10, true), row('free', 3, 10), row('a', 0, 10, true)];
    expect(() => admitWithinBudget(rows, { maxTotalTokens: 19 })).toThrow(
      /^pinned contributions \(z, a\) need 20 tokens but the budget is 19\./,
    );
  });

  it('is not thrown when everything fits, however much is pinned', () => {
    const rows = [row('a', 0, 10, true), row('b', 1, 10, true)];
    expect(admitWithinBudget(rows, { maxTotalTokens: 20 }).report.totalTokens).toBe(20);
  });
});

describe('validation names the bad row, before admission', () => {
  it.each<[string, unknown[], number | null, string]>([
    ['duplicate ids', [row('a', 0, 1), row('a', 1, 2)], 10, 'rows[1] ("a").contributionId'],
    ['negative tokens', [row('a', 0, 1), row('b', 0, -1)], 10, 'rows[1] ("b").tokens'],
    ['fractional tokens', [row('a', 0, 1.5)], 10, 'rows[0] ("a").tokens'],
    ['NaN tokens', [row('a', 0, NaN)], 10, 'rows[0] ("a").tokens'],
    ['infinite tokens', [row('a', 0, Infinity)], 10, 'rows[0] ("a").tokens'],
    ['fractional position', [row('a', 0.5, 1)], 10, 'rows[0] ("a").position'],
    [
      'a non-text id',
      [{ contributionId: 7, position: 0, tokens: 1, pinned: false }],
      10,
      'rows[0].contributionId',
    ],
    [
      'a non-boolean pinned',
      [{ contributionId: 'a', position: 0, tokens: 1, pinned: 'yes' }],
      10,
      'rows[0] ("a").pinned',
    ],
    ['a row that is not an object', [null], 10, 'rows[0]'],
    ['a negative limit', [row('a', 0, 1)], -1, 'maxTotalTokens'],
    ['a limit that is not a number', [row('a', 0, 1)], Number.NaN, 'maxTotalTokens'],
  ])('%s → %s', (_label, rows, limit, field) => {
    let caught: unknown;
    try {
      // Validation runs first: a budget that would otherwise admit everything still rejects.
      admitWithinBudget(rows as BudgetRow[], { maxTotalTokens: limit });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });

  // SPEC §9 (revision 2): the seed types the limit `int | None`, so 2.5 is invalid.
  it.each<[string, BudgetRow[], number, string]>([
    ['a fractional limit', [row('a', 0, 2), row('b', 1, 1)], 2.5, 'maxTotalTokens'],
    ['a limit past 2^53 − 1', [row('a', 0, 2)], 2 ** 53, 'maxTotalTokens'],
    ['tokens past 2^53 − 1', [row('a', 0, 2 ** 53)], 10, 'rows[0] ("a").tokens'],
    ['a position past 2^53 − 1', [row('a', 2 ** 53, 1)], 10, 'rows[0] ("a").position'],
  ])('%s is rejected naming %s', (_label, rows, limit, field) => {
    let caught: unknown;
    try {
      admitWithinBudget(rows, { maxTotalTokens: limit });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });

  it('a limit of -0 is the limit 0', () => {
    expect(admitWithinBudget([row('a', 0, 0)], { maxTotalTokens: -0 }).report.limit).toBe(0);
  });

  it('prints a pinned total past 2^53 with every digit, as Python prints an int', () => {
    const big = 2 ** 53; // (2^53 − 1)·2 + 2 = 2^54, exact in doubles; String() gives 18014398509481984 too, BigInt is what guarantees it
    const rows = [row('p', 0, big - 1, true), row('q', 1, big - 1, true), row('r', 2, 2, true)];
    expect(() => admitWithinBudget(rows, { maxTotalTokens: 5 })).toThrow(
      'need 18014398509481984 tokens but the budget is 5.',
    );
  });

  it('rejects invalid rows even when unbounded', () => {
    expect(() => validateBudgetInput([row('a', 0, -1)], { maxTotalTokens: null })).toThrow(
      InvalidInputError,
    );
  });

  it('rejects invalid rows before the pinned check could throw', () => {
    const rows = [row('p', 0, 100, true), row('p', 1, 1)];
    expect(() => admitWithinBudget(rows, { maxTotalTokens: 1 })).toThrow(InvalidInputError);
  });
});

describe('narrows', () => {
  it.each<[number | null, number | null, boolean]>([
    [null, null, true],
    [100, null, true],
    [null, 100, false],
    [50, 100, true],
    [100, 100, true],
    [101, 100, false],
    [0, 0, true],
  ])('child %s narrows parent %s: %s', (child, parent, expected) => {
    expect(narrows({ maxTotalTokens: child }, { maxTotalTokens: parent })).toBe(expected);
  });
});
