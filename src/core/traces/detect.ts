/**
 * Recognising a trace file's format from its content (SPEC §12 "§10 reading
 * files"), never from its name: a whole-text JSON document (OTLP/JSON,
 * LiteLLM or Langfuse arrays), a LiteLLM CSV by its first record's columns,
 * else JSONL in the format of its first object line of a known shape.
 */
import type { TraceFormat } from './call-record.ts';
import { isObject, type JsonObject } from './fields.ts';
import { SPEND_LOG_CSV_COLUMNS } from './litellm-spend.ts';
import { isCodexRecord } from './codex.ts';
import { isGeminiSession } from './gemini-cli.ts';
import { isAnthropicRecord, isOpenAiRecord } from './messages-jsonl.ts';
import { isStreamJsonRecord } from './stream-json.ts';

/** The JSONL formats, one record a line. */
export type JsonlFormat = Extract<
  TraceFormat,
  'claude-code' | 'anthropic' | 'openai' | 'codex' | 'stream-json'
>;

/** The JSONL format a line's object belongs to, in SPEC §12's and §13.5's order, or `undefined`. */
export function jsonlFormatOf(record: JsonObject): JsonlFormat | undefined {
  if (typeof record['sessionId'] === 'string' && typeof record['type'] === 'string')
    return 'claude-code';
  if (isAnthropicRecord(record)) return 'anthropic';
  if (isOpenAiRecord(record)) return 'openai';
  if (isCodexRecord(record)) return 'codex';
  if (isStreamJsonRecord(record)) return 'stream-json';
  return undefined;
}

/** What a whole-text JSON document is. */
export type DocumentShape =
  | { readonly kind: 'otlp'; readonly document: JsonObject }
  | { readonly kind: 'litellm-json' | 'langfuse'; readonly records: readonly unknown[] }
  | { readonly kind: 'gemini-cli'; readonly session: JsonObject }
  | { readonly kind: 'empty' }
  | { readonly kind: 'one-line'; readonly record: JsonObject }
  | { readonly kind: 'unknown' };

/** Classifies a parsed whole-text JSON value (SPEC §12; a Gemini CLI session, §13.5). */
export function documentShapeOf(value: unknown): DocumentShape {
  if (isObject(value) && Array.isArray(value['resourceSpans']))
    return { kind: 'otlp', document: value };
  const records = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value['data'])
      ? value['data']
      : undefined;
  if (records !== undefined) {
    if (records.length === 0) return { kind: 'empty' };
    const first = records.find(isObject);
    if (first !== undefined && 'request_id' in first) return { kind: 'litellm-json', records };
    if (first !== undefined && 'traceId' in first && 'type' in first)
      return { kind: 'langfuse', records };
  }
  if (isGeminiSession(value)) return { kind: 'gemini-cli', session: value };
  if (isObject(value)) return { kind: 'one-line', record: value };
  return { kind: 'unknown' };
}

/** True when a parsed value could be a whole-text document rather than a JSONL line. */
export function couldBeDocument(value: unknown): boolean {
  return (
    Array.isArray(value) ||
    (isObject(value) && (Array.isArray(value['resourceSpans']) || Array.isArray(value['data']))) ||
    isGeminiSession(value)
  );
}

/** True when a CSV header names the columns of a LiteLLM spend log. */
export function isSpendLogHeader(columns: readonly string[]): boolean {
  return SPEND_LOG_CSV_COLUMNS.every((column) => columns.includes(column));
}
