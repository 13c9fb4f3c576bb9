// @vitest-environment node
/**
 * The RFC 4180 CSV splitter behind LiteLLM's CSV spend logs: quoted fields
 * with commas, line breaks and doubled quotes, CRLF or LF, each record with
 * the line it starts on, whatever the chunking.
 */
import { describe, expect, it } from 'vitest';
import { CsvSplitter } from '../../../src/core/traces/csv.ts';
import { createTraceReader, MAX_LINES_BEFORE_FORMAT } from '../../../src/core/traces/index.ts';

function split(text: string, chunk = text.length || 1): Array<[number, string[]]> {
  const records: Array<[number, string[]]> = [];
  const splitter = new CsvSplitter((fields, line) => records.push([line, [...fields]]));
  for (let i = 0; i < text.length; i += chunk) splitter.push(text.slice(i, i + chunk));
  splitter.end();
  return records;
}

const CASES: Array<[string, string, Array<[number, string[]]>]> = [
  [
    'plain LF',
    'a,b\n1,2\n',
    [
      [1, ['a', 'b']],
      [2, ['1', '2']],
    ],
  ],
  [
    'CRLF, no final break',
    'a,b\r\n1,2',
    [
      [1, ['a', 'b']],
      [2, ['1', '2']],
    ],
  ],
  ['empty fields', ',,\n', [[1, ['', '', '']]]],
  ['a quoted comma', '"x,y",z\n', [[1, ['x,y', 'z']]]],
  ['a doubled quote', '"say ""hi""",2\n', [[1, ['say "hi"', '2']]]],
  [
    'a quoted line break moves the next record down',
    '"one\ntwo",3\nnext,4\n',
    [
      [1, ['one\ntwo', '3']],
      [3, ['next', '4']],
    ],
  ],
  ['a quoted CRLF is kept', '"a\r\nb"\r\n', [[1, ['a\r\nb']]]],
  [
    'blank lines hold no record but count',
    'a\n\n\nb\n',
    [
      [1, ['a']],
      [4, ['b']],
    ],
  ],
  ['a quote inside an unquoted field is text', 'a"b,c\n', [[1, ['a"b', 'c']]]],
];

describe('CsvSplitter', () => {
  it.each(CASES)('%s', (_what, text, records) => {
    expect(split(text)).toEqual(records);
    expect(split(text, 1)).toEqual(records);
    expect(split(text, 3)).toEqual(records);
  });
});

describe('bounds', () => {
  it(`gives up looking for the format after ${MAX_LINES_BEFORE_FORMAT} lines of no known shape`, () => {
    const reader = createTraceReader();
    reader.beginFile('long-preamble.jsonl');
    reader.pushText('{"note": "x"}\n'.repeat(MAX_LINES_BEFORE_FORMAT + 1));
    reader.pushText(
      `${JSON.stringify({
        timestamp: '2026-03-01T00:00:00Z',
        response: { id: 'a', type: 'message', model: 'm', usage: {} },
      })}\n`,
    );
    const result = reader.finish();
    expect(result.calls).toEqual([]);
    expect(result.skipped.map((s) => s.line)).toEqual([0]);
  });

  it('bills on finish when given a price table', () => {
    const reader = createTraceReader({ m: { provider: 'x', input: 1, output: 2 } });
    reader.beginFile('a.jsonl');
    reader.pushText(
      JSON.stringify({
        timestamp: '2026-03-01T00:00:00Z',
        response: {
          id: 'a',
          type: 'message',
          model: 'm',
          usage: { input_tokens: 1000, output_tokens: 500 },
        },
      }),
    );
    expect(reader.finish().billed?.totals.totalUsd).toBeCloseTo((1000 * 1 + 500 * 2) / 1e6, 12);
  });
});
