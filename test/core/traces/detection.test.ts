// @vitest-environment node
/**
 * Recognising a file by its content (SPEC §12 "§10 reading files"), never by
 * its name: small inline texts, one rule each.
 */
import { describe, expect, it } from 'vitest';
import { readTraceFiles, type TraceFormat } from '../../../src/core/traces/index.ts';

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'message',
  role: 'assistant',
  model: 'claude-haiku-4-5',
  usage: { input_tokens: 10, output_tokens: 2 },
  ...extra,
});
const wrapped = (id: string) => ({
  timestamp: '2026-03-01T00:00:00Z',
  conversation_id: 'c',
  response: message(id),
});
const jsonl = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
const claudeLine = {
  type: 'assistant',
  sessionId: 's',
  timestamp: '2026-03-01T00:00:00Z',
  message: { id: 'm', model: 'claude-haiku-4-5', usage: { input_tokens: 1, output_tokens: 1 } },
};

const CASES: Array<[string, string, TraceFormat | undefined, number, number[]]> = [
  // [what, text, format, calls, skipped lines]
  [
    'a pretty-printed single response is a one-line JSONL file',
    JSON.stringify(wrapped('a'), null, 2),
    'anthropic',
    1,
    [],
  ],
  ['an empty array holds no records', '[]', undefined, 0, []],
  ['an object whose data is an empty array holds no records', '{"data": []}', undefined, 0, []],
  ['an array of unknown objects is not a trace', '[{"x": 1}]', undefined, 0, [0]],
  ['a JSON scalar is not a trace', '42', undefined, 0, [0]],
  ['CSV without request_id and startTime is not a trace', 'a,b\n1,2\n', undefined, 0, [0]],
  [
    'a header-only spend-log CSV holds no records',
    'request_id,startTime,model\n',
    'litellm-csv',
    0,
    [],
  ],
  [
    'a leading list line in JSONL is reported, the rest read',
    `[1, 2]\n${jsonl(wrapped('a'), wrapped('b'))}`,
    'anthropic',
    2,
    [1],
  ],
  [
    'lines before the first known line are reported in an Anthropic file',
    jsonl({ hello: 'world' }, wrapped('a')),
    'anthropic',
    1,
    [1],
  ],
  [
    'but not in a Claude Code file, except an assistant line without a session',
    jsonl({ type: 'summary' }, { type: 'assistant', message: {} }, claudeLine),
    'claude-code',
    1,
    [2],
  ],
  [
    'a file of unknown lines is reported once, at line 0',
    'hello\nworld\n{"a": 1}\n',
    undefined,
    0,
    [0],
  ],
  [
    'U+2028 inside a string is not a line break; CRLF is dropped',
    `${JSON.stringify(message('a', { content: [{ type: 'text', text: 'x\u2028y' }] }))}\r\n`,
    'anthropic',
    1,
    [], // a file with no dated wrapper is read undated (SPEC §13.1)
  ],
];

describe('format detection', () => {
  it.each(CASES)('%s', (_what, text, format, calls, skippedLines) => {
    const result = readTraceFiles([{ name: 'f', text }]);
    expect(result.files[0]?.format).toBe(format);
    expect(result.calls).toHaveLength(calls);
    expect(result.skipped.map((s) => s.line)).toEqual(skippedLines);
  });

  it('the same text gives the same result whatever the file is called', () => {
    const text = jsonl(wrapped('a'));
    const a = readTraceFiles([{ name: 'trace.csv', text }]);
    const b = readTraceFiles([{ name: 'notes.txt', text }]);
    expect(a.files[0]?.format).toBe(b.files[0]?.format);
    expect(a.calls.map((c) => c.callId)).toEqual(b.calls.map((c) => c.callId));
  });
});
