/**
 * LiteLLM spend logs (SPEC §10, §12): `LiteLLM_SpendLogs` rows as a JSON
 * array (or `{ data: [...] }`) or as CSV. `prompt_tokens` includes the cache
 * reads and writes, both subtracted for `inputTokens`; writes are 5-minute;
 * cache counts come from `metadata.usage_object` when present.
 */
import type { CallUsage } from './call-record.ts';
import {
  countField,
  derivedInput,
  isObject,
  shown,
  UnreadableRecord,
  checkedCount,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { parseTraceTime } from './time.ts';

/** The columns whose presence in the first CSV record makes a file a LiteLLM spend log. */
export const SPEND_LOG_CSV_COLUMNS = ['request_id', 'startTime'] as const;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A CSV count: empty is 0, else decimal digits. */
function csvCount(value: unknown, key: string): number {
  if (value === undefined || value === '') return 0;
  if (typeof value === 'string' && /^\d+$/.test(value)) return checkedCount(Number(value), key);
  throw new UnreadableRecord(`${key} is ${shown(value)}, must be a whole number ≥ 0`);
}

function usageObject(metadata: unknown): JsonObject | undefined {
  let parsed = metadata;
  if (typeof metadata === 'string') {
    try {
      parsed = JSON.parse(metadata);
    } catch {
      return undefined;
    }
  }
  if (!isObject(parsed)) return undefined;
  const usage = parsed['usage_object'];
  return isObject(usage) ? usage : undefined;
}

function rowUsage(row: JsonObject, fromCsv: boolean): CallUsage {
  const count = fromCsv
    ? (key: string) => csvCount(row[key], key)
    : (key: string) => countField(row, key);
  const prompt = count('prompt_tokens');
  const outputTokens = count('completion_tokens');
  const usage = usageObject(row['metadata']);
  const cacheReadTokens = countField(
    usage,
    'cache_read_input_tokens',
    'metadata.usage_object.cache_read_input_tokens',
  );
  const cacheWrite5mTokens = countField(
    usage,
    'cache_creation_input_tokens',
    'metadata.usage_object.cache_creation_input_tokens',
  );
  return {
    inputTokens: derivedInput(prompt, cacheReadTokens + cacheWrite5mTokens, 'prompt_tokens'),
    cacheReadTokens,
    cacheWrite5mTokens,
    cacheWrite1hTokens: 0,
    outputTokens,
    reasoningTokens: 0,
  };
}

function readRow(sink: RecordSink, row: JsonObject, fromCsv: boolean): void {
  const callId = nonEmptyString(row['request_id']);
  if (callId === undefined) throw new UnreadableRecord('no call id (request_id)');
  const model = nonEmptyString(row['model']);
  if (model === undefined) throw new UnreadableRecord('no model');
  const usage = rowUsage(row, fromCsv);
  const start = row['startTime'];
  const at = typeof start === 'string' ? parseTraceTime(start) : undefined;
  if (at === undefined) {
    throw new UnreadableRecord(
      start === undefined || start === '' || start === null
        ? 'no time (startTime)'
        : `startTime ${shown(start)} is not a time`,
    );
  }
  sink.store.add({
    conversationId: nonEmptyString(row['session_id']) ?? callId,
    callId,
    at,
    model,
    sidechain: false,
    ...usage,
  });
}

/** Reads the rows of a JSON spend log; `line` is each row's 1-based position. */
export function readSpendLogRows(sink: RecordSink, rows: readonly unknown[]): void {
  rows.forEach((row, index) => {
    if (!isObject(row)) sink.skip(index + 1, 'not an object');
    else readOrSkip(sink, index + 1, () => readRow(sink, row, false));
  });
}

/** Reads CSV spend-log records, given one at a time after the header. */
export class SpendLogCsv {
  constructor(
    private readonly sink: RecordSink,
    private readonly header: readonly string[],
  ) {}

  /** Reads one CSV record starting on `line`. */
  readRecord(fields: readonly string[], line: number): void {
    const row: Record<string, string> = Object.create(null) as Record<string, string>;
    this.header.forEach((column, i) => {
      if (!(column in row)) row[column] = fields[i] ?? '';
    });
    readOrSkip(this.sink, line, () => readRow(this.sink, row, true));
  }
}
