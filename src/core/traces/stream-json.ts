/**
 * Claude Code stream-json output (`claude -p --output-format stream-json`,
 * SPEC §13.5): `assistant` events grouped by `message.id` as transcript
 * lines are (the usage of the event with the largest `output_tokens`),
 * undated; tool results from `user` events; and, from the session's last
 * `result` event, one reconciling call per model of `modelUsage` for what
 * the `assistant` events do not show (side calls on a small model), plus
 * the session's `total_cost_usd`, reported beside the bill.
 */
import { anthropicUsage } from './anthropic-usage.ts';
import { ClaudeCodeFile } from './claude-code.ts';
import type { CallDraft } from './call-draft.ts';
import type { StoredCall } from './call-store.ts';
import {
  countField,
  isObject,
  requiredString,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { compareCodePoints } from '../budget.ts';

const STREAM_EVENT_TYPES: ReadonlySet<string> = new Set(['system', 'assistant', 'user', 'result']);

/** True when a JSONL line's object is a stream-json event (SPEC §13.5). */
export function isStreamJsonRecord(record: JsonObject): boolean {
  return (
    typeof record['type'] === 'string' &&
    STREAM_EVENT_TYPES.has(record['type']) &&
    typeof record['session_id'] === 'string'
  );
}

/** A session's last `result` event. */
interface SessionResult {
  readonly line: number;
  readonly record: JsonObject;
}

// The counts a reconciling call compares, as modelUsage names them.
const MODEL_USAGE_KEYS = [
  'inputTokens',
  'outputTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
  'webSearchRequests',
] as const;

type Sums = [input: number, output: number, read: number, write: number, webSearch: number];

/** The reading state of one stream-json file. */
export class StreamJsonFile extends ClaudeCodeFile {
  protected override readonly sessionKey = 'session_id';
  private readonly projects = new Map<string, string>();
  private readonly results = new Map<string, SessionResult>();
  // The calls each session's events touched in this file, each once.
  private readonly sessionCalls = new Map<string, Set<StoredCall>>();

  constructor(sink: RecordSink, learnt?: ClaudeCodeFile) {
    super(sink, learnt?.knownToolNames);
  }

  /** Reads one line that is valid JSON and an object. */
  override readObject(line: number, record: JsonObject): void {
    const type = record['type'];
    const session = record['session_id'];
    if (type === 'system') {
      if (typeof session === 'string' && typeof record['cwd'] === 'string') {
        if (!this.projects.has(session)) this.projects.set(session, record['cwd']);
      }
    } else if (type === 'result') {
      if (typeof session === 'string') this.results.set(session, { line, record });
    } else if (type === 'assistant') {
      this.noteToolUses(record);
      readOrSkip(this.sink, line, () => {
        const call = this.readAssistant(record);
        const conversationId = this.sink.store.conversationOf(call);
        let calls = this.sessionCalls.get(conversationId);
        if (calls === undefined) this.sessionCalls.set(conversationId, (calls = new Set()));
        calls.add(call);
      });
    } else if (type === 'user') {
      this.readToolResults(record);
      this.noteFirstPrompt(record);
    }
  }

  protected override draftOf(record: JsonObject): CallDraft {
    const sessionId = record['session_id'];
    if (typeof sessionId !== 'string')
      throw new UnreadableRecord(
        'no session_id: the event does not say which session it belongs to',
      );
    const message = record['message'];
    const usage = isObject(message) ? message['usage'] : undefined;
    if (!isObject(message) || !isObject(usage))
      throw new UnreadableRecord('no token counts (message.usage)');
    const model = requiredString(message['model'], 'model (message.model)');
    const id = requiredString(message['id'], 'call id (message.id)');
    const sidechain = typeof record['parent_tool_use_id'] === 'string';
    return {
      conversationId: sessionId,
      callId: id,
      at: null,
      model,
      sidechain,
      project: this.projects.get(sessionId) ?? null,
      ...anthropicUsage(usage, model),
    };
  }

  /** Ends the file: each session's reported cost and reconciling calls (SPEC §13.5). */
  end(): void {
    for (const [session, { line, record }] of this.results) {
      const cost = record['total_cost_usd'];
      if (typeof cost === 'number' && Number.isFinite(cost))
        this.sink.store.reportCost(session, cost);
      const byModel = record['modelUsage'];
      if (!isObject(byModel)) continue;
      for (const model of Object.keys(byModel).sort(compareCodePoints)) {
        readOrSkip(this.sink, line, () => this.reconcile(session, model, byModel[model]));
      }
    }
  }

  private reconcile(session: string, model: string, entry: unknown): void {
    if (!isObject(entry))
      throw new UnreadableRecord(`modelUsage ${JSON.stringify(model)} is not an object`);
    const reported = MODEL_USAGE_KEYS.map((key) =>
      countField(entry, key, `modelUsage[${JSON.stringify(model)}].${key}`),
    ) as Sums;
    const have: Sums = [0, 0, 0, 0, 0];
    const store = this.sink.store;
    for (const call of this.sessionCalls.get(session) ?? []) {
      if (store.modelOf(call) === model) {
        const u = store.usageOf(call);
        have[0] += u.inputTokens;
        have[1] += u.outputTokens;
        have[2] += u.cacheReadTokens;
        have[3] += u.cacheWrite5mTokens + u.cacheWrite1hTokens;
        have[4] += store.toolRequestsOf(call)['web_search'] ?? 0;
      }
      for (const pass of store.passesOf(call)) {
        if (pass.model !== model) continue;
        have[0] += pass.inputTokens;
        have[1] += pass.outputTokens;
        have[2] += pass.cacheReadTokens;
        have[3] += pass.cacheWrite5mTokens + pass.cacheWrite1hTokens;
      }
    }
    const rest = reported.map((n, i) => Math.max(0, n - have[i]!)) as Sums;
    if (rest.every((n) => n === 0)) return;
    this.sink.store.add({
      conversationId: session,
      callId: `modelUsage/${model}`,
      at: null,
      model,
      sidechain: false,
      kind: 'reconciling',
      project: this.projects.get(session) ?? null,
      inputTokens: rest[0],
      outputTokens: rest[1],
      cacheReadTokens: rest[2],
      // modelUsage has no split; Claude Code's own costUSD prices them at the 5-minute rate.
      cacheWrite5mTokens: rest[3],
      cacheWrite1hTokens: 0,
      reasoningTokens: 0,
      ...(rest[4] > 0 ? { toolRequests: { web_search: rest[4] } } : {}),
    });
  }
}
