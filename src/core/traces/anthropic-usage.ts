/**
 * Anthropic's `usage` object (SPEC §10), shared by Claude Code transcripts
 * and Messages responses: `input_tokens` is already uncached; cache writes
 * are split by `cache_creation` into 5-minute and 1-hour, and without it all
 * of `cache_creation_input_tokens` is 5-minute.
 */
import type { CallUsage } from './call-record.ts';
import { countField, isObject, type JsonObject } from './fields.ts';

/** The counts of an Anthropic `usage` object; throws `UnreadableRecord` on a bad count. */
export function anthropicUsage(usage: JsonObject): CallUsage {
  const inputTokens = countField(usage, 'input_tokens');
  const cacheReadTokens = countField(usage, 'cache_read_input_tokens');
  const split = usage['cache_creation'];
  let cacheWrite5mTokens: number;
  let cacheWrite1hTokens: number;
  if (isObject(split)) {
    cacheWrite5mTokens = countField(split, 'ephemeral_5m_input_tokens');
    cacheWrite1hTokens = countField(split, 'ephemeral_1h_input_tokens');
  } else {
    cacheWrite5mTokens = countField(usage, 'cache_creation_input_tokens');
    cacheWrite1hTokens = 0;
  }
  const outputTokens = countField(usage, 'output_tokens');
  return {
    inputTokens,
    cacheReadTokens,
    cacheWrite5mTokens,
    cacheWrite1hTokens,
    outputTokens,
    reasoningTokens: 0,
  };
}
