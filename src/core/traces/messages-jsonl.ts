/**
 * One-response-per-line JSONL files (SPEC §10, §12): Anthropic Messages
 * responses, bare or wrapped as `{ timestamp, conversation_id, response }`,
 * and OpenAI Chat Completions / Responses objects. Every line that is not a
 * record of the file's format is reported.
 */
import { anthropicUsage } from './anthropic-usage.ts';
import {
  countField,
  derivedInput,
  isObject,
  objectOrUndefined,
  requiredString,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import type { CallDraft } from './call-draft.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { isEpochSeconds, parseTraceTime } from './time.ts';

/** True when `record` is a Messages response or a wrapper around one. */
export function isAnthropicRecord(record: JsonObject): boolean {
  if (record['type'] === 'message') return true;
  const response = record['response'];
  return isObject(response) && response['type'] === 'message';
}

/** True when `record` is an OpenAI Chat Completions or Responses object. */
export function isOpenAiRecord(record: JsonObject): boolean {
  return record['object'] === 'chat.completion' || record['object'] === 'response';
}

/** The reading state of one Anthropic Messages JSONL file. */
export class AnthropicFile {
  // The time of the previous record read from this file, for lines without one.
  private lastAt: number | undefined;
  // True once a line is a wrapper with a timestamp: the file is dated (SPEC §13.1).
  private dated = false;
  // Readable records without a time, read before the file was known to be dated.
  private undated: Array<{ readonly line: number; readonly draft: CallDraft }> = [];

  constructor(private readonly sink: RecordSink) {}

  /** Reads one line that is valid JSON and an object. */
  readObject(line: number, record: JsonObject): void {
    if (!isAnthropicRecord(record)) {
      this.sink.skip(line, 'not a Messages response (no "type": "message")');
      return;
    }
    readOrSkip(this.sink, line, () => this.read(line, record));
  }

  /**
   * Ends the file: in a file where no line is a wrapper with a timestamp,
   * every record is undated and read as such (SPEC §13.1).
   */
  end(): void {
    for (const { draft } of this.undated) this.sink.store.add(draft);
    this.undated = [];
  }

  private read(line: number, record: JsonObject): void {
    const wrapper = record['type'] === 'message' ? undefined : record;
    const response = wrapper === undefined ? record : (record['response'] as JsonObject);
    const timestamp = wrapper?.['timestamp'];
    const hasTime = timestamp !== undefined && timestamp !== null;
    if (hasTime && !this.dated) {
      this.dated = true;
      // A bare line before the first record with a time has none to take (revision 2's rule).
      for (const held of this.undated) {
        this.sink.skip(held.line, 'no time, and no earlier record in the file to take it from');
      }
      this.undated = [];
    }
    const usage = response['usage'];
    if (!isObject(usage)) throw new UnreadableRecord('no usage');
    const model = requiredString(response['model'], 'model');
    const callId = requiredString(response['id'], 'call id (id)');
    const counts = anthropicUsage(usage, model);
    let at = this.lastAt;
    if (hasTime) {
      at = typeof timestamp === 'string' ? parseTraceTime(timestamp) : undefined;
      if (at === undefined)
        throw new UnreadableRecord(`timestamp ${JSON.stringify(timestamp)} is not a time`);
    }
    const conversation = wrapper?.['conversation_id'];
    const draft: CallDraft = {
      conversationId: typeof conversation === 'string' ? conversation : this.sink.file,
      callId,
      at: at ?? null,
      model,
      sidechain: false,
      ...counts,
    };
    if (at === undefined) {
      if (this.dated)
        throw new UnreadableRecord('no time, and no earlier record in the file to take it from');
      this.undated.push({ line, draft });
      return;
    }
    this.sink.store.add(draft);
    this.lastAt = at;
  }
}

/** The reading state of one OpenAI JSONL file. */
export class OpenAiFile {
  constructor(private readonly sink: RecordSink) {}

  /** Reads one line that is valid JSON and an object. */
  readObject(line: number, record: JsonObject): void {
    if (!isOpenAiRecord(record)) {
      this.sink.skip(
        line,
        'not a Chat Completions or Responses object (no "object": "chat.completion" or "response")',
      );
      return;
    }
    readOrSkip(this.sink, line, () => this.read(record));
  }

  private read(record: JsonObject): void {
    const chat = record['object'] === 'chat.completion';
    const usage = record['usage'];
    if (!isObject(usage)) throw new UnreadableRecord('no usage');
    const model = requiredString(record['model'], 'model');
    const callId = requiredString(record['id'], 'call id (id)');
    const [promptKey, outputKey] = chat
      ? ['prompt_tokens', 'completion_tokens']
      : ['input_tokens', 'output_tokens'];
    const prompt = countField(usage, promptKey);
    const promptDetails = objectOrUndefined(usage[`${promptKey}_details`]);
    const cached = countField(promptDetails, 'cached_tokens');
    // Written cache tokens are inside the prompt count too (SPEC §13.3).
    const written = countField(promptDetails, 'cache_write_tokens');
    const outputTokens = countField(usage, outputKey);
    const reasoningTokens = countField(
      objectOrUndefined(usage[`${outputKey}_details`]),
      'reasoning_tokens',
    );
    if (written > 0 && cached + written > prompt) {
      throw new UnreadableRecord(
        `cache tokens exceed the prompt (${cached} cached + ${written} written > ${promptKey} ${prompt})`,
      );
    }
    const inputTokens = derivedInput(prompt, cached + written, promptKey);
    const created = record[chat ? 'created' : 'created_at'];
    if (typeof created !== 'number' || !isEpochSeconds(created)) {
      throw new UnreadableRecord(`no time (${chat ? 'created' : 'created_at'})`);
    }
    const toolRequests = chat ? undefined : responsesToolRequests(record['output']);
    this.sink.store.add({
      conversationId: this.sink.file,
      callId,
      at: created,
      model,
      sidechain: false,
      inputTokens,
      cacheReadTokens: cached,
      cacheWrite5mTokens: written,
      cacheWrite1hTokens: 0,
      outputTokens,
      reasoningTokens,
      ...(toolRequests === undefined ? {} : { toolRequests }),
    });
  }
}

// Server-side tool items of a Responses object's `output`, one request each (SPEC §13.4).
const RESPONSES_TOOL_ITEMS: Readonly<Record<string, string>> = {
  web_search_call: 'web_search',
  file_search_call: 'file_search',
  code_interpreter_call: 'code_interpreter',
};

/** The server-tool requests of a Responses `output` array, or `undefined` when none. */
function responsesToolRequests(output: unknown): Record<string, number> | undefined {
  if (!Array.isArray(output)) return undefined;
  let requests: Record<string, number> | undefined;
  for (const item of output) {
    if (!isObject(item) || typeof item['type'] !== 'string') continue;
    const kind = Object.prototype.hasOwnProperty.call(RESPONSES_TOOL_ITEMS, item['type'])
      ? RESPONSES_TOOL_ITEMS[item['type']]
      : undefined;
    if (kind === undefined) continue;
    requests ??= {};
    requests[kind] = (requests[kind] ?? 0) + 1;
  }
  return requests;
}
