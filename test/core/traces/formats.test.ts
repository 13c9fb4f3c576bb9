// @vitest-environment node
/**
 * Each format of SPEC §10 read from a hand-made fixture: which calls come
 * out (in time order), which records are skipped (file and line), and the
 * counts each format's mapping gives. Expected counts are worked out by hand
 * from the fixture's fields.
 */
import { describe, expect, it } from 'vitest';
import {
  readTraceFiles,
  type TraceCall,
  type TraceFormat,
} from '../../../src/core/traces/index.ts';
import { fixture, MAIN_TRANSCRIPT, SESSION, SUBAGENT_TRANSCRIPT } from './fixtures.ts';

type Counts = Pick<
  TraceCall,
  | 'inputTokens'
  | 'cacheReadTokens'
  | 'cacheWrite5mTokens'
  | 'cacheWrite1hTokens'
  | 'outputTokens'
  | 'reasoningTokens'
>;

const counts = (
  inputTokens: number,
  cacheReadTokens: number,
  cacheWrite5mTokens: number,
  cacheWrite1hTokens: number,
  outputTokens: number,
  reasoningTokens = 0,
): Counts => ({
  inputTokens,
  cacheReadTokens,
  cacheWrite5mTokens,
  cacheWrite1hTokens,
  outputTokens,
  reasoningTokens,
});

interface FormatCase {
  readonly file: string;
  readonly format: TraceFormat | undefined;
  /** `conversationId/callId` in time order, with its counts. */
  readonly calls: ReadonlyArray<readonly [string, Counts]>;
  readonly skippedLines: readonly number[];
}

const CASES: FormatCase[] = [
  {
    file: MAIN_TRANSCRIPT,
    format: 'claude-code',
    calls: [
      // Three lines each: the usage is the line with the largest output_tokens.
      [`${SESSION}/msg_Areq_A`, counts(3, 0, 0, 12_000, 180)],
      [`${SESSION}/msg_Breq_B`, counts(1, 12_000, 0, 600, 95)],
      [`${SESSION}/msg_Creq_C`, counts(420, 0, 0, 0, 15)],
      // No cache_creation split: every write is 5-minute.
      [`${SESSION}/msg_Dreq_D`, counts(2, 12_600, 300, 0, 333)],
    ],
    skippedLines: [],
  },
  {
    file: 'claude-code/messy.jsonl',
    format: 'claude-code',
    calls: [
      ['99999999-8888-4777-8666-555555555555/msg_M1req_M1', counts(10, 0, 2000, 0, 5)],
      ['99999999-8888-4777-8666-555555555555/msg_M8req_M8', counts(0, 0, 0, 0, 0)],
      // No requestId: the call id is message.id alone.
      ['99999999-8888-4777-8666-555555555555/msg_M9', counts(1, 2100, 50, 0, 9)],
    ],
    // cut short, a list, −3, 1.5, "12", "yesterday", no usage, no sessionId.
    skippedLines: [3, 5, 6, 7, 8, 9, 10, 11],
  },
  {
    file: 'anthropic-messages.jsonl',
    format: 'anthropic',
    calls: [
      ['support-1/msg_1', counts(500, 0, 4000, 0, 200)],
      // A bare line: the previous record's time, the file's name as conversation.
      ['anthropic-messages.jsonl/msg_2', counts(20, 4000, 300, 0, 100)],
      // 13:30 at +01:30 is 12:00 UTC, the same time as msg_1: file order breaks the tie.
      ['support-2/msg_4', counts(1000, 0, 0, 0, 50)],
      // "2026-04-03 12:01:00": a space for T, no offset (UTC).
      ['support-1/msg_5', counts(2, 4300, 0, 2000, 400)],
    ],
    skippedLines: [4, 5],
  },
  {
    file: 'openai-chat.jsonl',
    format: 'openai',
    calls: [
      ['openai-chat.jsonl/chatcmpl-1', counts(3000, 0, 0, 0, 120)],
      ['openai-chat.jsonl/chatcmpl-2', counts(3100 - 2944, 2944, 0, 0, 80)],
      ['openai-chat.jsonl/chatcmpl-3', counts(1500 - 1024, 1024, 0, 0, 900, 640)],
    ],
    // cached above the prompt, a count written as a string, a last line cut short.
    skippedLines: [4, 5, 7],
  },
  {
    file: 'openai-responses.jsonl',
    format: 'openai',
    calls: [
      ['openai-responses.jsonl/resp_1', counts(8000 - 6000, 6000, 0, 0, 1200, 1000)],
      ['openai-responses.jsonl/resp_2', counts(100, 0, 0, 0, 10)],
    ],
    skippedLines: [3],
  },
  {
    file: 'otlp-genai.json',
    format: 'otlp',
    calls: [
      ['agent-7/s1', counts(6000 - 5000, 0, 5000, 0, 300)],
      ['0000111122223333444455556666777f/s6', counts(2000, 0, 0, 0, 100)],
      ['agent-7/s4', counts(6100 - 5000 - 1000, 5000, 1000, 0, 120)],
    ],
    // The fifth span in document order reads 200 from the cache of a 100-token input.
    skippedLines: [5],
  },
  {
    file: 'litellm-spend.json',
    format: 'litellm-json',
    calls: [
      ['team-chat/ll-1', counts(9030 - 9000, 0, 9000, 0, 200)],
      ['team-chat/ll-2', counts(9500 - 9000 - 480, 9000, 480, 0, 150)],
      // Empty session_id: the request id is the conversation; metadata that is not JSON: no cache counts.
      ['ll-3/ll-3', counts(700, 0, 0, 0, 30)],
    ],
    skippedLines: [4, 5],
  },
  {
    file: 'litellm-spend.csv',
    format: 'litellm-csv',
    calls: [
      ['s-1/c-1', counts(4400 - 4300, 0, 4300, 0, 20)],
      ['s-1/c-2', counts(4500 - 4300 - 150, 4300, 150, 0, 25)],
      // An empty count is 0.
      ['c-3/c-3', counts(0, 0, 0, 0, 40)],
    ],
    // c-2 spans lines 3–5, so c-4 (−1) starts on line 7 and c-5 (no time) on 8.
    skippedLines: [7, 8],
  },
  {
    file: 'langfuse-observations.json',
    format: 'langfuse',
    calls: [
      ['t-1/o-1', counts(5, 0, 0, 8000, 300)],
      // cache_read_input_tokens wins over input_cached_tokens; cache_creation_input_tokens is 5-minute.
      ['t-1/o-2', counts(3, 8000, 500, 0, 120)],
    ],
    skippedLines: [5, 6],
  },
  { file: 'empty.jsonl', format: undefined, calls: [], skippedLines: [] },
  { file: 'blank.jsonl', format: undefined, calls: [], skippedLines: [] },
  { file: 'binary.bin', format: undefined, calls: [], skippedLines: [0] },
];

describe('reading each format (SPEC §10)', () => {
  it.each(CASES)('$file', ({ file, format, calls, skippedLines }) => {
    const result = readTraceFiles([fixture(file)]);
    expect(result.files).toEqual([expect.objectContaining({ name: file, format })]);
    expect(
      result.calls.map((call) => [
        `${call.conversationId}/${call.callId}`,
        counts(
          call.inputTokens,
          call.cacheReadTokens,
          call.cacheWrite5mTokens,
          call.cacheWrite1hTokens,
          call.outputTokens,
          call.reasoningTokens,
        ),
      ]),
    ).toEqual(calls);
    expect(result.skipped.map((s) => [s.file, s.line])).toEqual(
      skippedLines.map((line) => [file, line]),
    );
    for (const s of result.skipped) expect(s.reason).not.toBe('');
  });
});

describe('Claude Code details', () => {
  it('takes time, model and sidechain from a call’s first line', () => {
    const [first] = readTraceFiles([fixture(MAIN_TRANSCRIPT)]).calls;
    // The first line of msg_A is at 10:00:01.000; its usage is that of the third line.
    expect(first).toMatchObject({
      at: Date.UTC(2026, 3, 1, 10, 0, 1) / 1000,
      model: 'claude-opus-4-6',
      sidechain: false,
    });
  });

  it('attaches tool results to the next call of the session, named from the earlier tool_use', () => {
    const calls = readTraceFiles([fixture(MAIN_TRANSCRIPT)]).calls;
    expect(calls.map((call) => call.toolResults)).toEqual([
      [],
      // 400 characters → 100 tokens.
      [{ toolUseId: 'toolu_A1', name: 'Read', tokens: 100 }],
      [
        // "PASS 3" + " FAIL 1" = 13 characters → 4; 33 code points (the emoji is one) → 9.
        { toolUseId: 'toolu_B1', name: 'Bash', tokens: 4 },
        { toolUseId: 'toolu_B2', name: 'Grep', tokens: 9 },
      ],
      [],
    ]);
  });

  it('reads a subagent file as sidechain calls of the same session, in time order with the main file', () => {
    const calls = readTraceFiles([fixture(MAIN_TRANSCRIPT), fixture(SUBAGENT_TRANSCRIPT)]).calls;
    expect(calls.map((call) => [call.callId, call.sidechain])).toEqual([
      ['msg_Areq_A', false],
      ['msg_S1req_S1', true],
      ['msg_S2req_S2', true],
      ['msg_Breq_B', false],
      ['msg_Creq_C', false],
      ['msg_Dreq_D', false],
    ]);
    expect(new Set(calls.map((call) => call.conversationId))).toEqual(new Set([SESSION]));
    // "src/cart.ts\nsrc/checkout.ts\n" is 28 characters → 7 tokens.
    expect(calls[2]!.toolResults).toEqual([{ toolUseId: 'toolu_S1', name: 'Glob', tokens: 7 }]);
  });

  it('gives the reason in plain words, naming the field and its value', () => {
    const skipped = readTraceFiles([fixture('claude-code/messy.jsonl')]).skipped;
    expect(skipped.find((s) => s.line === 6)?.reason).toBe(
      'output_tokens is -3, must be a whole number ≥ 0',
    );
    expect(skipped.find((s) => s.line === 11)?.reason).toMatch(/^no sessionId/);
  });
});

describe('several files', () => {
  it('reads every format in one go, dropping nothing and reporting the unreadable file once', () => {
    const names = [
      MAIN_TRANSCRIPT,
      'anthropic-messages.jsonl',
      'binary.bin',
      'otlp-genai.json',
      'litellm-spend.csv',
    ];
    const one = names.map((name) => readTraceFiles([fixture(name)]));
    const all = readTraceFiles(names.map(fixture));
    expect(all.calls.length).toBe(one.reduce((n, r) => n + r.calls.length, 0));
    expect(all.skipped).toEqual(one.flatMap((r) => r.skipped));
    expect(all.skipped.filter((s) => s.line === 0)).toEqual([
      expect.objectContaining({ file: 'binary.bin' }),
    ]);
    const times = all.calls.map((call) => call.at);
    expect(times).toEqual([...times].sort((a, b) => a! - b!));
  });

  it('reads a file given twice once, tool results included', () => {
    const once = readTraceFiles([fixture(MAIN_TRANSCRIPT)]);
    const twice = readTraceFiles([fixture(MAIN_TRANSCRIPT), fixture(MAIN_TRANSCRIPT)]);
    expect(twice.calls).toEqual(once.calls);
  });
});
