import { describe, expect, it } from 'vitest';
import { readsAsFormula, toCsv } from '../../src/format/csv.ts';

describe('toCsv', () => {
  it('writes one column per key, in order of first appearance', () => {
    expect(
      toCsv([
        { a: 1, b: 'x' },
        { b: 'y', c: true },
      ]),
    ).toBe('a,b,c\r\n1,x,\r\n,y,true\r\n');
  });

  it.each([
    ['a comma', 'a,b', '"a,b"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a new line', 'a\nb', '"a\nb"'],
    ['a formula', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a leading plus', '+1', "'+1"],
    ['a leading space', ' x', '" x"'],
  ])('escapes %s', (_name, value, cell) => {
    expect(toCsv([{ v: value }])).toBe(`v\r\n${cell}\r\n`);
  });

  it('keeps negative numbers as numbers and blanks non-finite ones', () => {
    expect(toCsv([{ usd: -0.5, bad: Number.NaN, none: null }])).toBe('usd,bad,none\r\n-0.5,,\r\n');
  });

  it('gives just a newline for no rows', () => {
    expect(toCsv([])).toBe('\r\n');
  });
});

describe('readsAsFormula', () => {
  it.each([
    ['=1+1'],
    ['+1'],
    ['-1'],
    ['@SUM(A1)'],
    ['\t=1'],
    ['\r=1'],
    ['  =1'],
    ['\u3000=1'],
    ['\u00a0=1'],
    ['\u200b=1'],
    ['\ufeff+1'],
    ['\u202e=1'],
    ['\uff1d1+1'],
    ['\uff0b1'],
    ['\uff0d1'],
    ['\uff20SUM(A1)'],
    ['\u3000\uff1dHYPERLINK("x")'],
    [' \t x'],
  ])('neutralises %j', (text) => {
    expect(readsAsFormula(text)).toBe(true);
    expect(toCsv([{ v: text }]).split('\r\n')[1]).toMatch(/^"?'/);
  });

  it.each([['claude-sonnet-4-5'], ['a=b'], ['1-2'], [''], ['   '], ['\u3000x'], ['名前=1']])(
    'leaves %j as it is',
    (text) => {
      expect(readsAsFormula(text)).toBe(false);
    },
  );
});
