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

  constructor(private readonly sink: RecordSink) {}

  /** Reads one line that is valid JSON and an object. */
  readObject(line: number, record: JsonObject): void {
    if (!isAnthropicRecord(record)) {
      this.sink.skip(line, 'not a Messages response (no "type": "message")');
      return;
    }
    readOrSkip(this.sink, line, () => this.read(record));
  }

  private read(record: JsonObject): void {
    const wrapper = record['type'] === 'message' ? undefined : record;
    const response = wrapper === undefined ? record : (record['response'] as JsonObject);
    const usage = response['usage'];
    if (!isObject(usage)) throw new UnreadableRecord('no usage');
    const model = requiredString(response['model'], 'model');
    const callId = requiredString(response['id'], 'call id (id)');
    const counts = anthropicUsage(usage);
    let at = this.lastAt;
    const timestamp = wrapper?.['timestamp'];
    if (timestamp !== undefined && timestamp !== null) {
      at = typeof timestamp === 'string' ? parseTraceTime(timestamp) : undefined;
      if (at === undefined)
        throw new UnreadableRecord(`timestamp ${JSON.stringify(timestamp)} is not a time`);
    }
    if (at === undefined)
      throw new UnreadableRecord('no time, and no earlier record in the file to take it from');
    const conversation = wrapper?.['conversation_id'];
    this.sink.store.add({
      conversationId: typeof conversation === 'string' ? conversation : this.sink.file,
      callId,
      at,
      model,
      sidechain: false,
      ...counts,
    });
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
    const cached = countField(objectOrUndefined(usage[`${promptKey}_details`]), 'cached_tokens');
    const outputTokens = countField(usage, outputKey);
    const reasoningTokens = countField(
      objectOrUndefined(usage[`${outputKey}_details`]),
      'reasoning_tokens',
    );
    const inputTokens = derivedInput(prompt, cached, promptKey);
    const created = record[chat ? 'created' : 'created_at'];
    if (typeof created !== 'number' || !isEpochSeconds(created)) {
      throw new UnreadableRecord(`no time (${chat ? 'created' : 'created_at'})`);
    }
    this.sink.store.add({
      conversationId: this.sink.file,
      callId,
      at: created,
      model,
      sidechain: false,
      inputTokens,
      cacheReadTokens: cached,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      outputTokens,
      reasoningTokens,
    });
  }
}
