// @vitest-environment node
/**
 * Lines longer than the reader's limit, a JSON text longer than any document
 * read whole, and CR-only line ends: each is reported or read, and the rest
 * of the file is still read.
 */
import { describe, expect, it } from 'vitest';
import {
  createTraceReader,
  lineTooLongReason,
  readTraceFiles,
  type ReaderLimits,
  type TraceReadResult,
} from '../../../src/core/traces/index.ts';

function response(id: string, input: number): string {
  return JSON.stringify({
    timestamp: '2026-04-03T12:00:00.000Z',
    conversation_id: 'c1',
    response: {
      id,
      type: 'message',
      model: 'claude-sonnet-4-5',
      usage: { input_tokens: input, output_tokens: 10 },
    },
  });
}

/** Reads `text` as one file, pushed in pieces of `piece` characters. */
function readInPieces(text: string, piece: number, limits: ReaderLimits): TraceReadResult {
  const reader = createTraceReader(undefined, limits);
  reader.beginFile('a.jsonl');
  for (let at = 0; at < text.length; at += piece) reader.pushText(text.slice(at, at + piece));
  return reader.finish();
}

describe('a line over the reader’s limit', () => {
  const LIMIT = { maxLineChars: 1_000, maxDocumentChars: 1_000 };
  const long = `{"pad":"${'x'.repeat(5_000)}"}`;
  const text = [response('m1', 1), long, response('m2', 2)].join('\n') + '\n';

  it.each([7, 64, 999, 1_000, 1_001, 4_096, text.length])(
    'is reported with its line and length, and the lines after it are read (pieces of %i)',
    (piece) => {
      const result = readInPieces(text, piece, LIMIT);
      expect(result.calls.map((c) => c.callId)).toEqual(['m1', 'm2']);
      expect(result.skipped).toEqual([
        { file: 'a.jsonl', line: 2, reason: lineTooLongReason(long.length, 1_000) },
      ]);
    },
  );

  it('names the length in words a person reads', () => {
    expect(lineTooLongReason(1_073_741_824, 67_108_864)).toBe(
      "the line is 1,073,741,824 characters long, over the reader's limit of 67,108,864: " +
        'it was skipped and the lines after it were read',
    );
  });

  it('as the last line without a line end, is reported too', () => {
    const result = readInPieces(`${response('m1', 1)}\n${long}`, 300, LIMIT);
    expect(result.calls.map((c) => c.callId)).toEqual(['m1']);
    expect(result.skipped).toEqual([
      { file: 'a.jsonl', line: 2, reason: lineTooLongReason(long.length, 1_000) },
    ]);
  });

  it('as a first line longer than any document, ends in one report, and the next file is read', () => {
    const reader = createTraceReader(undefined, LIMIT);
    reader.beginFile('huge.json');
    for (let i = 0; i < 50; i += 1) reader.pushText(`{"a":"${'y'.repeat(500)}",`);
    reader.beginFile('good.jsonl');
    reader.pushText(`${response('m3', 3)}\n`);
    const result = reader.finish();
    expect(result.calls.map((c) => c.callId)).toEqual(['m3']);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]).toMatchObject({ file: 'huge.json', line: 1 });
    expect(result.skipped[0]!.reason).toMatch(/^the line is 25,400 characters long/); // 50 pieces of 6 + 500 + 2;
  });

  it('leaves a line at the limit alone', () => {
    const padded = response('m9', 9);
    const result = readInPieces(`${padded}\n`, 10, { maxLineChars: padded.length });
    expect(result.calls.map((c) => c.callId)).toEqual(['m9']);
    expect(result.skipped).toEqual([]);
  });
});

describe('CR-only line ends', () => {
  const lines = [response('m1', 1), response('m2', 2), response('m3', 3)];

  it.each([1, 2, 5, 80, 10_000])('read as lines, whatever the pieces (%i)', (piece) => {
    const result = readInPieces(lines.join('\r') + '\r', piece, {});
    expect(result.calls.map((c) => c.callId)).toEqual(['m1', 'm2', 'm3']);
    expect(result.skipped).toEqual([]);
  });

  it('read as CRLF files are when the first line ends in CRLF', () => {
    const crlf = readTraceFiles([{ name: 'a.jsonl', text: lines.join('\r\n') }]);
    expect(crlf.calls.map((c) => c.callId)).toEqual(['m1', 'm2', 'm3']);
    expect(crlf.skipped).toEqual([]);
  });

  it('a lone CR at a piece’s end waits for the next piece to say which', () => {
    const text = lines.join('\r\n');
    const cut = lines[0]!.length + 1; // between the \r and the \n
    const reader = createTraceReader();
    reader.beginFile('a.jsonl');
    reader.pushText(text.slice(0, cut));
    reader.pushText(text.slice(cut));
    const result = reader.finish();
    expect(result.calls.map((c) => c.callId)).toEqual(['m1', 'm2', 'm3']);
    expect(result.skipped).toEqual([]);
  });
});
