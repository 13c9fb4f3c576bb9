/**
 * Anthropic SSE streams (SPEC §13.5): the `event:` / `data:` lines the
 * Messages API streams, one or more responses to a file. A call is a
 * `message_start` up to its `message_stop` (or the next `message_start`, or
 * the end); its usage is `message_start`'s with every non-null key of each
 * later `message_delta.usage` laid over it. Undated.
 */
import { anthropicUsage } from './anthropic-usage.ts';
import {
  countField,
  isObject,
  requiredString,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';

/** True when a line starts an SSE stream (SPEC §13.5: `event:` or `data:`). */
export function isSseLine(line: string): boolean {
  return line.startsWith('event:') || line.startsWith('data:');
}

/** A stream being read: its `message_start` and the usage so far. */
interface OpenStream {
  readonly line: number;
  readonly id: unknown;
  readonly model: unknown;
  readonly startUsage: JsonObject;
  usage: Record<string, unknown>;
  // True once a message_delta gave a cache_creation object of its own.
  deltaSplit: boolean;
}

/** The reading state of one SSE file, fed line by line. */
export class SseFile {
  private eventName: string | undefined;
  private data: string[] = [];
  private dataLine = 0;
  private stream: OpenStream | undefined;

  constructor(private readonly sink: RecordSink) {}

  /** Reads one line (its `\n` removed; a trailing `\r` is dropped here). */
  readLine(line: number, raw: string): void {
    const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (text.trim() === '') {
      this.dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') {
      if (this.data.length === 0) this.dataLine = line;
      this.data.push(value);
    }
  }

  /** Ends the file: the last event, and the stream still open. */
  end(): void {
    this.dispatch();
    this.close();
  }

  private dispatch(): void {
    const name = this.eventName;
    const data = this.data;
    const line = this.dataLine;
    this.eventName = undefined;
    this.data = [];
    if (data.length === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data.join('\n'));
    } catch {
      this.sink.skip(line, 'bad JSON (the data line is cut short or garbled)');
      return;
    }
    if (!isObject(payload)) {
      this.sink.skip(line, 'not a JSON object');
      return;
    }
    const type = name ?? payload['type'];
    if (type === 'message_start') this.start(line, payload);
    else if (type === 'message_delta') this.delta(line, payload);
    else if (type === 'message_stop') this.close();
    // ping, content_block_*, error and unknown events carry no usage.
  }

  private start(line: number, payload: JsonObject): void {
    this.close();
    const message = payload['message'];
    const usage = isObject(message) ? message['usage'] : undefined;
    if (!isObject(message) || !isObject(usage)) {
      this.sink.skip(line, 'message_start without a message and its usage');
      return;
    }
    if (typeof message['id'] !== 'string' || typeof message['model'] !== 'string') {
      this.sink.skip(
        line,
        `message_start without ${typeof message['id'] !== 'string' ? 'an id' : 'a model'}`,
      );
      return;
    }
    this.stream = {
      line,
      id: message['id'],
      model: message['model'],
      startUsage: usage,
      usage: { ...usage },
      deltaSplit: false,
    };
  }

  private delta(line: number, payload: JsonObject): void {
    const stream = this.stream;
    if (stream === undefined) {
      this.sink.skip(line, 'message_delta without message_start');
      return;
    }
    const usage = payload['usage'];
    if (!isObject(usage)) return;
    for (const key of Object.keys(usage)) {
      const value = usage[key];
      if (value === null || value === undefined) continue;
      stream.usage[key] = value;
      if (key === 'cache_creation' && isObject(value)) stream.deltaSplit = true;
    }
  }

  // Ends the open stream: its call, or its report when the final counts are unreadable.
  private close(): void {
    const stream = this.stream;
    if (stream === undefined) return;
    this.stream = undefined;
    readOrSkip(this.sink, stream.line, () => {
      const model = requiredString(stream.model, 'model');
      const callId = requiredString(stream.id, 'call id (message.id)');
      this.sink.store.add({
        conversationId: this.sink.file,
        callId,
        at: null,
        model,
        sidechain: false,
        ...anthropicUsage(finalUsage(stream), model),
      });
    });
  }
}

/**
 * The stream's final usage with its 5-minute / 1-hour split (SPEC §13.5):
 * `message_start`'s `cache_creation` when its sum equals the final
 * `cache_creation_input_tokens`, else the 1-hour part capped at the final
 * count and the rest 5-minute; a delta's own `cache_creation` wins.
 */
function finalUsage(stream: OpenStream): JsonObject {
  const usage = stream.usage;
  const split = stream.startUsage['cache_creation'];
  if (stream.deltaSplit || !isObject(split)) return usage;
  const start5m = countField(
    split,
    'ephemeral_5m_input_tokens',
    'cache_creation.ephemeral_5m_input_tokens',
  );
  const start1h = countField(
    split,
    'ephemeral_1h_input_tokens',
    'cache_creation.ephemeral_1h_input_tokens',
  );
  const total = countField(usage, 'cache_creation_input_tokens');
  if (start5m + start1h === total) return usage;
  const oneHour = Math.min(start1h, total);
  if (!Number.isSafeInteger(total))
    throw new UnreadableRecord('cache_creation_input_tokens is not a count');
  return {
    ...usage,
    cache_creation: {
      ephemeral_5m_input_tokens: total - oneHour,
      ephemeral_1h_input_tokens: oneHour,
    },
  };
}
