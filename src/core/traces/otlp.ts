/**
 * OpenTelemetry GenAI spans in OTLP/JSON (SPEC §10, §12):
 * `resourceSpans[].scopeSpans[].spans[]`, attributes as
 * `{ key, value: { stringValue | intValue | doubleValue } }`. Spans of the
 * operations `chat`, `text_completion` and `generate_content` are calls;
 * `execute_tool …` spans with `gen_ai.tool.call.result` are tool results,
 * given to the first call of the same conversation that starts after them.
 * A span's `line` is its position among all spans, in document order.
 */
import type { CallUsage } from './call-record.ts';
import {
  checkedCount,
  derivedInput,
  isObject,
  shown,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { estimateTokens } from '../estimator.ts';
import { isEpochSeconds } from './time.ts';

const CALL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

type Attributes = ReadonlyMap<string, JsonObject>;

function attributesOf(span: JsonObject): Attributes {
  const map = new Map<string, JsonObject>();
  const list = span['attributes'];
  if (!Array.isArray(list)) return map;
  for (const attribute of list) {
    if (!isObject(attribute) || typeof attribute['key'] !== 'string') continue;
    const value = attribute['value'];
    if (isObject(value) && !map.has(attribute['key'])) map.set(attribute['key'], value);
  }
  return map;
}

function stringAttribute(attributes: Attributes, key: string): string | undefined {
  const value = attributes.get(key)?.['stringValue'];
  return typeof value === 'string' ? value : undefined;
}

/** A count attribute: `intValue` (a number or a string of digits) or a whole `doubleValue`; absent is 0. */
function countAttribute(attributes: Attributes, key: string): number {
  const value = attributes.get(key);
  if (value === undefined) return 0;
  if ('intValue' in value) {
    const n = value['intValue'];
    if (typeof n === 'number') return checkedCount(n, key);
    if (typeof n === 'string' && /^\d+$/.test(n)) return checkedCount(Number(n), key);
    throw new UnreadableRecord(`${key} is ${shown(n)}, must be a whole number ≥ 0`);
  }
  if ('doubleValue' in value) {
    const n = value['doubleValue'];
    if (typeof n === 'number' && !Number.isInteger(n)) {
      throw new UnreadableRecord(`${key} is ${n}, must be a whole number ≥ 0`);
    }
    if (typeof n === 'number') return checkedCount(n, key);
    throw new UnreadableRecord(`${key} is ${shown(n)}, must be a whole number ≥ 0`);
  }
  const other = Object.values(value)[0];
  if (other === undefined || other === null) return 0;
  throw new UnreadableRecord(`${key} is ${shown(other)}, must be a whole number ≥ 0`);
}

/** `startTimeUnixNano` (digits or a number) in seconds, or `undefined`. */
function startSeconds(span: JsonObject): number | undefined {
  const nanos = span['startTimeUnixNano'];
  let seconds: number | undefined;
  if (typeof nanos === 'string' && /^\d+$/.test(nanos)) seconds = Number(nanos) / 1e9;
  else if (typeof nanos === 'number' && nanos >= 0) seconds = nanos / 1e9;
  return seconds !== undefined && isEpochSeconds(seconds) ? seconds : undefined;
}

function spanUsage(attributes: Attributes): CallUsage {
  const input = countAttribute(attributes, 'gen_ai.usage.input_tokens');
  const cacheReadTokens = countAttribute(attributes, 'gen_ai.usage.cache_read.input_tokens');
  const cacheWrite5mTokens = countAttribute(attributes, 'gen_ai.usage.cache_creation.input_tokens');
  const outputTokens = countAttribute(attributes, 'gen_ai.usage.output_tokens');
  return {
    inputTokens: derivedInput(
      input,
      cacheReadTokens + cacheWrite5mTokens,
      'gen_ai.usage.input_tokens',
    ),
    cacheReadTokens,
    cacheWrite5mTokens,
    cacheWrite1hTokens: 0,
    outputTokens,
    reasoningTokens: 0,
  };
}

function readCallSpan(sink: RecordSink, span: JsonObject, attributes: Attributes): void {
  const traceId = span['traceId'];
  const conversationId = stringAttribute(attributes, 'gen_ai.conversation.id') ?? traceId;
  if (typeof conversationId !== 'string')
    throw new UnreadableRecord('no gen_ai.conversation.id or traceId');
  const callId = span['spanId'];
  if (typeof callId !== 'string') throw new UnreadableRecord('no call id (spanId)');
  const model =
    stringAttribute(attributes, 'gen_ai.response.model') ??
    stringAttribute(attributes, 'gen_ai.request.model');
  if (model === undefined)
    throw new UnreadableRecord('no model (gen_ai.response.model or gen_ai.request.model)');
  const usage = spanUsage(attributes);
  const at = startSeconds(span);
  if (at === undefined) throw new UnreadableRecord('no time (startTimeUnixNano)');
  sink.store.add({ conversationId, callId, at, model, sidechain: false, ...usage });
}

function readToolSpan(sink: RecordSink, span: JsonObject, attributes: Attributes): void {
  const output = stringAttribute(attributes, 'gen_ai.tool.call.result');
  const conversationId = stringAttribute(attributes, 'gen_ai.conversation.id') ?? span['traceId'];
  const at = startSeconds(span);
  const toolUseId = stringAttribute(attributes, 'gen_ai.tool.call.id') ?? span['spanId'];
  if (output === undefined || typeof conversationId !== 'string' || at === undefined) return;
  if (typeof toolUseId !== 'string') return;
  const name = stringAttribute(attributes, 'gen_ai.tool.name');
  const tokens = estimateTokens(output);
  sink.store.attachLater(
    conversationId,
    at,
    name === undefined ? { toolUseId, tokens } : { toolUseId, name, tokens },
  );
}

/** Reads an OTLP/JSON document (an object with a `resourceSpans` list). */
export function readOtlpDocument(sink: RecordSink, document: JsonObject): void {
  let position = 0;
  for (const resource of document['resourceSpans'] as unknown[]) {
    if (!isObject(resource) || !Array.isArray(resource['scopeSpans'])) continue;
    for (const scope of resource['scopeSpans']) {
      if (!isObject(scope) || !Array.isArray(scope['spans'])) continue;
      for (const span of scope['spans']) {
        position += 1;
        if (!isObject(span)) {
          sink.skip(position, 'not an object');
          continue;
        }
        const attributes = attributesOf(span);
        const operation = stringAttribute(attributes, 'gen_ai.operation.name');
        if (operation !== undefined && CALL_OPERATIONS.has(operation)) {
          readOrSkip(sink, position, () => readCallSpan(sink, span, attributes));
        } else if (
          (typeof span['name'] === 'string' && span['name'].startsWith('execute_tool')) ||
          operation === 'execute_tool'
        ) {
          readToolSpan(sink, span, attributes);
        }
      }
    }
  }
}
