/**
 * Codex CLI rollouts (SPEC §13.5): `~/.codex/sessions/…/rollout-*.jsonl`.
 * A call is an `event_msg` `token_count` line whose `info` is not null and
 * whose cumulative `total_token_usage` differs from the previous call's
 * (Codex writes each one twice); its counts are `info.last_token_usage`,
 * where `input_tokens` includes the cached tokens and `output_tokens` the
 * reasoning. The model is that of the latest `turn_context`; the session,
 * project and branch those of `session_meta`. `web_search_call` items are
 * server-tool requests of the next call.
 */
import { countField, isObject, UnreadableRecord, type JsonObject } from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { parseTraceTime } from './time.ts';

/** The line types of a rollout. */
const CODEX_LINE_TYPES: ReadonlySet<string> = new Set([
  'session_meta',
  'turn_context',
  'event_msg',
  'response_item',
  'compacted',
]);

/** True when a JSONL line's object is a Codex rollout line (SPEC §13.5). */
export function isCodexRecord(record: JsonObject): boolean {
  return (
    typeof record['type'] === 'string' &&
    CODEX_LINE_TYPES.has(record['type']) &&
    isObject(record['payload']) &&
    typeof record['timestamp'] === 'string'
  );
}

// The five cumulative counts of a `token_count` event, in the order they are compared.
const TOTAL_KEYS = [
  'input_tokens',
  'cached_input_tokens',
  'output_tokens',
  'reasoning_output_tokens',
  'total_tokens',
] as const;

type Totals = readonly number[];

function readTotals(usage: JsonObject, label: string): Totals {
  return TOTAL_KEYS.map((key) => countField(usage, key, `${label}.${key}`));
}

/** The reading state of one rollout file. */
export class CodexFile {
  private sessionId: string | undefined;
  private project: string | null = null;
  private gitBranch: string | null = null;
  private sessionModel: string | undefined;
  private turnModel: string | undefined;
  private previousTotals: Totals | undefined;
  // web_search_call items since the last call: requests of the next one.
  private pendingSearches = 0;
  private sawSessionMeta = false;

  constructor(private readonly sink: RecordSink) {}

  /** Reads one line that is valid JSON and an object. */
  readObject(line: number, record: JsonObject): void {
    const payload = record['payload'];
    if (!isObject(payload)) return;
    switch (record['type']) {
      case 'session_meta':
        this.readSessionMeta(payload);
        return;
      case 'turn_context':
        if (typeof payload['model'] === 'string') this.turnModel = payload['model'];
        return;
      case 'response_item':
        if (payload['type'] === 'web_search_call') this.pendingSearches += 1;
        return;
      case 'event_msg':
        if (payload['type'] === 'token_count' && payload['info'] !== null)
          readOrSkip(this.sink, line, () => this.readTokenCount(record, payload));
        else if (payload['type'] === 'user_message' && typeof payload['message'] === 'string')
          this.sink.note?.(this.sessionId ?? this.sink.file, 'firstPrompt', payload['message']);
        return;
      default:
      // Other lines (compacted, unknown types) carry no call.
    }
  }

  private readSessionMeta(payload: JsonObject): void {
    if (this.sawSessionMeta) return;
    this.sawSessionMeta = true;
    if (typeof payload['id'] === 'string') this.sessionId = payload['id'];
    if (typeof payload['cwd'] === 'string') this.project = payload['cwd'];
    const git = payload['git'];
    if (isObject(git) && typeof git['branch'] === 'string') this.gitBranch = git['branch'];
    if (typeof payload['model'] === 'string') this.sessionModel = payload['model'];
  }

  private readTokenCount(record: JsonObject, payload: JsonObject): void {
    const info = payload['info'];
    if (!isObject(info)) throw new UnreadableRecord('no usage (payload.info)');
    const total = info['total_token_usage'];
    if (!isObject(total)) throw new UnreadableRecord('no total_token_usage');
    const totals = readTotals(total, 'total_token_usage');
    const previous = this.previousTotals;
    // Codex writes each token_count twice: unchanged totals are not a new call.
    if (previous !== undefined && totals.every((n, i) => n === previous[i])) return;
    const last = info['last_token_usage'];
    if (!isObject(last)) throw new UnreadableRecord('no last_token_usage');
    const [input, cached, output, reasoning] = readTotals(last, 'last_token_usage') as [
      number,
      number,
      number,
      number,
      number,
    ];
    const timestamp = record['timestamp'];
    if (typeof timestamp !== 'string') throw new UnreadableRecord('no time (timestamp)');
    const at = parseTraceTime(timestamp);
    if (at === undefined)
      throw new UnreadableRecord(`unreadable time ${JSON.stringify(timestamp)} (timestamp)`);
    const model = this.turnModel ?? this.sessionModel;
    if (model === undefined) throw new UnreadableRecord('no model (no turn_context before it)');
    if (cached > input) {
      throw new UnreadableRecord(
        `cached tokens exceed the prompt (cached_input_tokens ${cached} > input_tokens ${input})`,
      );
    }
    const searches = this.pendingSearches;
    this.pendingSearches = 0;
    this.previousTotals = totals;
    this.sink.store.add({
      conversationId: this.sessionId ?? this.sink.file,
      callId: `tc-${totals[4]}`,
      at,
      model,
      sidechain: false,
      project: this.project,
      gitBranch: this.gitBranch,
      inputTokens: input - cached,
      cacheReadTokens: cached,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      outputTokens: output,
      reasoningTokens: reasoning,
      ...(searches > 0 ? { toolRequests: { web_search: searches } } : {}),
    });
  }
}
