/**
 * Langfuse observations (SPEC §10, §12): a JSON export, an array of
 * observations or `{ data: [...] }`. Observations of type `GENERATION` are
 * calls; `usageDetails.input` is uncached; the cache read is
 * `cache_read_input_tokens`, else `input_cached_tokens`; writes are
 * `input_cache_creation_5m` / `_1h`, else `cache_creation_input_tokens` as
 * 5-minute.
 */
import type { CallUsage } from './call-record.ts';
import {
  countField,
  isGiven,
  isObject,
  requiredString,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { parseTraceTime } from './time.ts';

function generationUsage(details: JsonObject): CallUsage {
  const inputTokens = countField(details, 'input');
  const cacheReadTokens = isGiven(details, 'cache_read_input_tokens')
    ? countField(details, 'cache_read_input_tokens')
    : countField(details, 'input_cached_tokens');
  const split =
    isGiven(details, 'input_cache_creation_5m') || isGiven(details, 'input_cache_creation_1h');
  const cacheWrite5mTokens = split
    ? countField(details, 'input_cache_creation_5m')
    : countField(details, 'cache_creation_input_tokens');
  const cacheWrite1hTokens = split ? countField(details, 'input_cache_creation_1h') : 0;
  const outputTokens = countField(details, 'output');
  return {
    inputTokens,
    cacheReadTokens,
    cacheWrite5mTokens,
    cacheWrite1hTokens,
    outputTokens,
    reasoningTokens: 0,
  };
}

function readGeneration(sink: RecordSink, observation: JsonObject): void {
  const conversationId = requiredString(observation['traceId'], 'traceId');
  const callId = requiredString(observation['id'], 'call id (id)');
  const model = requiredString(observation['model'], 'model');
  const details = observation['usageDetails'];
  if (!isObject(details)) throw new UnreadableRecord('no usageDetails');
  const usage = generationUsage(details);
  const start = observation['startTime'];
  if (typeof start !== 'string') throw new UnreadableRecord('no time (startTime)');
  const at = parseTraceTime(start);
  if (at === undefined)
    throw new UnreadableRecord(`startTime ${JSON.stringify(start)} is not a time`);
  sink.store.add({ conversationId, callId, at, model, sidechain: false, ...usage });
}

/** Reads a Langfuse export's observations; `line` is each one's 1-based position. */
export function readLangfuseObservations(sink: RecordSink, observations: readonly unknown[]): void {
  observations.forEach((observation, index) => {
    if (!isObject(observation)) sink.skip(index + 1, 'not an object');
    else if (observation['type'] === 'GENERATION') {
      readOrSkip(sink, index + 1, () => readGeneration(sink, observation));
    }
  });
}
