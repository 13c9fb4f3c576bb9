// @vitest-environment node
/**
 * SPEC §13's rules that the shared vectors cover thinly: every format read
 * twice adds nothing, in any chunking; iteration passes in their order; the
 * dated-row choice against a brute-force reading of §13.6 (a); the family
 * and cache-mode name rules; the replay clock of undated calls and the TTL
 * of automatic rows. Fixtures are written here from the SPEC's field lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultCacheMode,
  priceFamily,
  rowInForce,
  type PriceRow,
  type PricingTable,
} from '../../../src/core/index.ts';
import {
  billTrace,
  createTraceReader,
  readTraceFiles,
  replayTrace,
  type TraceInputFile,
} from '../../../src/core/traces/index.ts';

const jsonl = (...lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

const usage = (input: number, output: number, extra: Record<string, unknown> = {}) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  ...extra,
});

const CODEX = jsonl(
  {
    timestamp: '2026-11-03T09:00:00.000Z',
    type: 'session_meta',
    payload: { id: 'sess-1', cwd: '/w/api', git: { branch: 'main' } },
  },
  { timestamp: '2026-11-03T09:00:01.000Z', type: 'turn_context', payload: { model: 'gpt-5' } },
  {
    timestamp: '2026-11-03T09:00:02.000Z',
    type: 'response_item',
    payload: { type: 'web_search_call', status: 'completed' },
  },
  ...[1, 2].flatMap((n) => {
    const info = {
      total_token_usage: {
        input_tokens: 1000 * n,
        cached_input_tokens: 400 * (n - 1),
        output_tokens: 50 * n,
        reasoning_output_tokens: 10 * n,
        total_tokens: 1050 * n,
      },
      last_token_usage: {
        input_tokens: 1000,
        cached_input_tokens: n === 1 ? 0 : 400,
        output_tokens: 50,
        reasoning_output_tokens: 10,
        total_tokens: 1050,
      },
    };
    const line = {
      timestamp: `2026-11-03T09:0${n}:10.000Z`,
      type: 'event_msg',
      payload: { type: 'token_count', info },
    };
    return [line, line];
  }),
);

const STREAM_JSON = jsonl(
  { type: 'system', subtype: 'init', cwd: '/w/cli', session_id: 's-2' },
  {
    type: 'assistant',
    session_id: 's-2',
    parent_tool_use_id: null,
    message: { id: 'm1', model: 'claude-sonnet-4-5', usage: usage(10, 5) },
  },
  {
    type: 'assistant',
    session_id: 's-2',
    parent_tool_use_id: null,
    message: { id: 'm1', model: 'claude-sonnet-4-5', usage: usage(10, 40) },
  },
  {
    type: 'result',
    session_id: 's-2',
    total_cost_usd: 0.5,
    modelUsage: {
      'claude-sonnet-4-5': { inputTokens: 10, outputTokens: 40 },
      'claude-haiku-4-5': { inputTokens: 300, outputTokens: 20 },
    },
  },
);

const SSE = [
  'event: message_start',
  `data: ${JSON.stringify({ type: 'message_start', message: { id: 'sse-1', model: 'claude-haiku-4-5', usage: usage(7, 1) } })}`,
  '',
  'event: message_delta',
  `data: ${JSON.stringify({ type: 'message_delta', usage: { output_tokens: 30 } })}`,
  '',
  'event: message_stop',
  'data: {"type":"message_stop"}',
  '',
].join('\n');

const GEMINI = JSON.stringify({
  sessionId: 'g-1',
  projectHash: 'abc',
  messages: [
    { id: 'u1', type: 'user', timestamp: '2026-11-03T10:00:00Z' },
    {
      id: 'g1',
      type: 'gemini',
      model: 'gemini-2.5-pro',
      timestamp: '2026-11-03T10:00:05Z',
      tokens: { input: 100, cached: 40, output: 10, thoughts: 5, tool: 3 },
    },
  ],
});

const ANTHROPIC_UNDATED = jsonl(
  { type: 'message', id: 'a1', model: 'claude-opus-4-6', usage: usage(3, 4) },
  { type: 'message', id: 'a2', model: 'claude-opus-4-6', usage: usage(5, 6) },
);

const OPENAI = jsonl({
  object: 'response',
  id: 'resp-1',
  model: 'gpt-5',
  created_at: 1_793_000_000,
  usage: {
    input_tokens: 100,
    input_tokens_details: { cached_tokens: 20, cache_write_tokens: 30 },
    output_tokens: 9,
  },
  output: [{ type: 'web_search_call' }, { type: 'web_search_call' }, { type: 'message' }],
});

const FORMATS: ReadonlyArray<readonly [string, string]> = [
  ['rollout.jsonl', CODEX],
  ['run.stream.jsonl', STREAM_JSON],
  ['body.sse', SSE],
  ['session.json', GEMINI],
  ['cassette.jsonl', ANTHROPIC_UNDATED],
  ['responses.jsonl', OPENAI],
];

describe('every revision-3 format', () => {
  it.each(FORMATS)('%s read twice, under another name and source, adds nothing', (name, text) => {
    const once = readTraceFiles([{ name, text }]);
    expect(once.calls.length).toBeGreaterThan(0);
    expect(once.skipped).toEqual([]);
    const twice = readTraceFiles([
      { name, text, source: 'laptop' },
      { name: `copy/${name}`, text, source: 'backup' },
    ]);
    // Conversations named after the file differ between the two copies; the others are one call each.
    const namedByFile = once.calls.some((c) => c.conversationId === name);
    if (namedByFile) expect(twice.calls).toHaveLength(2 * once.calls.length);
    else {
      expect(twice.calls.map((c) => c.callId)).toEqual(once.calls.map((c) => c.callId));
      expect(new Set(twice.calls.map((c) => c.source))).toEqual(new Set(['laptop']));
    }
  });

  it.each(FORMATS)('%s gives the same calls in any chunking', (name, text) => {
    const whole = readTraceFiles([{ name, text }]);
    fc.assert(
      fc.property(fc.array(fc.nat(text.length), { maxLength: 6 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const reader = createTraceReader();
        reader.beginFile(name);
        let from = 0;
        for (const at of [...points, text.length]) {
          reader.pushText(text.slice(from, at));
          from = at;
        }
        const chunked = reader.finish();
        expect(chunked.calls).toEqual(whole.calls);
        expect(chunked.files[0]!.format).toBe(whole.files[0]!.format);
      }),
      { numRuns: 40, seed: 13 },
    );
  });

  it('reads the counts each mapping gives, worked out by hand', () => {
    const { calls, reported } = readTraceFiles(FORMATS.map(([name, text]) => ({ name, text })));
    const byId = new Map(calls.map((c) => [c.callId, c]));
    // Codex: input 1000 with 400 cached inside it; the search belongs to the first call.
    expect(byId.get('tc-2100')).toMatchObject({ inputTokens: 600, cacheReadTokens: 400 });
    expect(byId.get('tc-1050')).toMatchObject({
      project: '/w/api',
      gitBranch: 'main',
      toolRequests: { web_search: 1 },
      reasoningTokens: 10,
    });
    expect(byId.get('tc-2100')!.toolRequests).toEqual({});
    // stream-json: the largest output wins; haiku shows only in modelUsage; sonnet has no remainder.
    expect(byId.get('m1')).toMatchObject({ outputTokens: 40, at: null, project: '/w/cli' });
    expect(byId.get('modelUsage/claude-haiku-4-5')).toMatchObject({
      kind: 'reconciling',
      inputTokens: 300,
      outputTokens: 20,
    });
    expect(byId.has('modelUsage/claude-sonnet-4-5')).toBe(false);
    expect(reported.totalCostUsd).toBe(0.5);
    // SSE: message_delta's output count laid over message_start's.
    expect(byId.get('sse-1')).toMatchObject({ inputTokens: 7, outputTokens: 30, at: null });
    // Gemini: 100 − 40 cached + 3 tool; 10 + 5 thoughts.
    expect(byId.get('g1')).toMatchObject({
      inputTokens: 63,
      cacheReadTokens: 40,
      outputTokens: 15,
      reasoningTokens: 5,
      project: 'abc',
    });
    // OpenAI Responses: 100 − 20 cached − 30 written.
    expect(byId.get('resp-1')).toMatchObject({
      inputTokens: 50,
      cacheReadTokens: 20,
      cacheWrite5mTokens: 30,
      toolRequests: { web_search: 2 },
    });
    // Undated calls come after every dated one, in input order.
    const firstUndated = calls.findIndex((c) => c.at === null);
    expect(calls.slice(firstUndated).every((c) => c.at === null)).toBe(true);
    expect(calls.filter((c) => c.at === null).map((c) => c.callId)).toEqual([
      'm1',
      'modelUsage/claude-haiku-4-5',
      'sse-1',
      'a1',
      'a2',
    ]);
  });
});

describe('iteration passes (SPEC §13.2)', () => {
  const response = (iterations: unknown[]) =>
    jsonl({
      type: 'message',
      id: 'r',
      model: 'claude-opus-4-6',
      usage: usage(10, 20, { iterations }),
    });
  const pass = (type: string, input: number, model?: string) => ({
    type,
    input_tokens: input,
    output_tokens: 1,
    ...(model === undefined ? {} : { model }),
  });

  it.each([
    [
      [pass('compaction', 1), pass('message', 10)],
      ['r/iterations/0', 'r'],
    ],
    [
      [pass('message', 10), pass('advisor_message', 2, 'claude-haiku-4-5')],
      ['r', 'r/iterations/1'],
    ],
    [
      [pass('compaction', 1), pass('compaction', 2)],
      ['r', 'r/iterations/0', 'r/iterations/1'],
    ],
    [
      [pass('compaction', 1), 'junk', { input_tokens: 3 }, pass('message', 10)],
      ['r/iterations/0', 'r'],
    ],
  ])('%j gives the calls %j', (iterations, ids) => {
    const { calls } = readTraceFiles([{ name: 'a.jsonl', text: response(iterations) }]);
    expect(calls.map((c) => c.callId)).toEqual(ids);
    const parent = calls.find((c) => c.callId === 'r')!;
    expect(parent).toMatchObject({ kind: 'call', inputTokens: 10, outputTokens: 20 });
    for (const c of calls.filter((c) => c !== parent)) {
      expect(c.kind).not.toBe('call');
      expect(c.toolResults).toEqual([]);
      expect(c.toolRequests).toEqual({});
    }
  });

  it('takes an advisor pass model of its own, else the parent’s', () => {
    const { calls } = readTraceFiles([
      {
        name: 'a.jsonl',
        text: response([pass('advisor_message', 2, 'claude-haiku-4-5'), pass('compaction', 3, '')]),
      },
    ]);
    expect(calls.map((c) => c.model)).toEqual([
      'claude-opus-4-6',
      'claude-haiku-4-5',
      'claude-opus-4-6',
    ]);
  });

  it('makes the whole record unreadable for a bad count in a pass, naming the pass', () => {
    const { calls, skipped } = readTraceFiles([
      {
        name: 'a.jsonl',
        text: response([pass('message', 10), { type: 'compaction', input_tokens: -1 }]),
      },
    ]);
    expect(calls).toEqual([]);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.reason.startsWith('iterations[1]: ')).toBe(true);
  });
});

describe('dated rows (SPEC §13.6 a)', () => {
  const dates = ['2026-01-01', '2026-06-01', '2026-06-15', '2027-01-01'];
  // The rule read literally: the latest effectiveFrom on or before the day, first on ties,
  // an undated row earliest; none on or before: the earliest row; no day: the latest row.
  function reference(rows: readonly PriceRow[], day: string | null): PriceRow {
    const key = (r: PriceRow) => r.effectiveFrom ?? '';
    const eligible = rows.filter((r) => day === null || key(r) <= day);
    if (eligible.length === 0) {
      return rows.reduce((best, r) => (key(r) < key(best) ? r : best));
    }
    return eligible.reduce((best, r) => (key(r) > key(best) ? r : best));
  }

  it('picks the row in force on any day', () => {
    const rowArb = fc.record({
      input: fc.integer({ min: 1, max: 9 }),
      effectiveFrom: fc.option(fc.constantFrom(...dates), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 5 }),
        fc.option(fc.constantFrom('2025-12-31', ...dates, '2026-06-10', '2028-01-01'), {
          nil: null,
        }),
        (specs, day) => {
          const rows: PriceRow[] = specs.map((s, i) => ({
            provider: 'anthropic',
            input: s.input,
            output: i,
            ...(s.effectiveFrom === undefined ? {} : { effectiveFrom: s.effectiveFrom }),
          }));
          expect(rowInForce(rows, day)).toBe(reference(rows, day));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('bills each call by its UTC day and keys byModel by the table key', () => {
    const pricing: PricingTable = {
      'gpt-5': [
        { provider: 'openai', input: 1, output: 0, effectiveFrom: '2026-11-04' },
        { provider: 'openai', input: 2, output: 0 },
      ],
    };
    const line = (id: string, created: number) => ({
      object: 'chat.completion',
      id,
      model: 'gpt-5-2025-08-07',
      created,
      usage: { prompt_tokens: 1_000_000, completion_tokens: 0 },
    });
    const text = jsonl(
      line('a', Date.parse('2026-11-03T23:59:59Z') / 1000),
      line('b', Date.parse('2026-11-04T00:00:00Z') / 1000),
    );
    const { calls } = readTraceFiles([{ name: 'c.jsonl', text }]);
    const billed = billTrace(calls, pricing);
    expect(billed.totals.totalUsd).toBe(3);
    expect([...billed.byModel.keys()]).toEqual(['gpt-5']);
    expect(billed.byDay.get('2026-11-03')!.totalUsd).toBe(2);
    expect(billed.byDay.get('2026-11-04')!.totalUsd).toBe(1);
  });
});

describe('families and cache modes (SPEC §13.4, §13.6 b)', () => {
  it.each([
    ['claude-x', undefined, 'anthropic', 'explicit'],
    ['bedrock/anthropic.claude-3', 'bedrock', 'other', 'explicit'],
    ['gpt-5', undefined, 'openai', 'automatic'],
    ['openrouter/o3-mini', undefined, 'openai', 'automatic'],
    ['codex-mini', undefined, 'openai', 'automatic'],
    ['chatgpt-4o', undefined, 'openai', 'automatic'],
    ['omni', undefined, 'other', 'automatic'],
    ['gpt-5', 'azure', 'other', 'automatic'],
    ['anything', 'openai', 'openai', 'automatic'],
    ['anything', 'anthropic', 'anthropic', 'explicit'],
  ] as const)('%s (provider %s): family %s, cache %s', (name, provider, family, mode) => {
    expect(priceFamily(name, provider)).toBe(family);
    expect(defaultCacheMode(name, provider)).toBe(mode);
  });

  it('charges a family’s fees, and counts a kind no row prices as unpriced', () => {
    const pricing: PricingTable = { 'gpt-5': { provider: 'openai', input: 0, output: 0 } };
    const text = jsonl({
      object: 'response',
      id: 'r',
      model: 'gpt-5',
      created_at: 1_793_000_000,
      usage: { input_tokens: 1, output_tokens: 1 },
      output: [
        { type: 'web_search_call' },
        { type: 'file_search_call' },
        { type: 'code_interpreter_call' },
      ],
    });
    const { calls } = readTraceFiles([{ name: 'r.jsonl', text }]);
    const billed = billTrace(calls, pricing);
    expect(billed.byKind.toolFeesUsd).toBeCloseTo((10 + 2.5) / 1000, 15);
    expect([...billed.unpricedToolRequests]).toEqual([['code_interpreter', 1]]);
    expect([...billed.toolRequests].sort()).toEqual([
      ['code_interpreter', 1],
      ['file_search', 1],
      ['web_search', 1],
    ]);
  });
});

describe('replaying undated calls and automatic rows (SPEC §13.1, §13.6 b)', () => {
  const row = (cacheMode: 'explicit' | 'automatic', ttl?: number): PriceRow => ({
    provider: 'x',
    input: 1,
    output: 0,
    cacheWrite: 2,
    cacheWrite1h: 4,
    cacheRead: 0.5,
    cacheMode,
    ...(ttl === undefined ? {} : { automaticCacheTtlSeconds: ttl }),
  });
  const files = (gapSeconds: number): TraceInputFile[] => [
    {
      name: 'c.jsonl',
      text: jsonl(
        ...[0, 1].map((i) => ({
          object: 'chat.completion',
          id: `c${i}`,
          model: 'm',
          created: 1_793_000_000 + i * gapSeconds,
          usage: { prompt_tokens: 1000 * (i + 1), completion_tokens: 0 },
        })),
      ),
    },
  ];

  it.each([
    // [gap, mode, own TTL, chosen TTL, cached on the second call]
    [600, 'explicit', undefined, 3600, 1000],
    [600, 'automatic', undefined, 3600, 0],
    [600, 'automatic', 3600, 300, 1000],
    [200, 'automatic', undefined, 3600, 1000],
  ] as const)(
    'a %i s gap on an %s row (own TTL %s, chosen %i) reads %i',
    (gap, mode, own, chosen, cached) => {
      const { calls } = readTraceFiles(files(gap));
      const replay = replayTrace(
        calls,
        { m: row(mode, own) },
        { kind: 'whatIf', ttlSeconds: chosen },
      );
      expect(replay.calls[1]!.cachedTokens).toBe(cached);
      // Writes: at the 1-hour rate only on an explicit row at 3,600 s.
      const writeRate = mode === 'explicit' && chosen === 3600 ? 4 : 2;
      expect(replay.calls[0]!.costUsd).toBeCloseTo((1000 * writeRate) / 1e6, 15);
    },
  );

  it('puts an undated call 0 s after the previous call of its conversation', () => {
    const { calls } = readTraceFiles([{ name: 'cassette.jsonl', text: ANTHROPIC_UNDATED }]);
    const replay = replayTrace(
      calls,
      { 'claude-opus-4-6': row('explicit') },
      {
        kind: 'whatIf',
        ttlSeconds: 300,
      },
    );
    expect(replay.calls.map((c) => c.replayAt)).toEqual([0, 0]);
    expect(replay.calls[1]!.cachedTokens).toBe(3);
  });
});
