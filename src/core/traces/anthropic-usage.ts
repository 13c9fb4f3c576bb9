/**
 * Anthropic's `usage` object (SPEC §10, §13.2, §13.4), shared by Claude Code
 * transcripts and stream-json, Messages responses and SSE streams:
 * `input_tokens` is already uncached; cache writes are split by
 * `cache_creation` into 5-minute and 1-hour, and without it all of
 * `cache_creation_input_tokens` is 5-minute. `server_tool_use` counts the
 * server-tool requests; `iterations` lists the passes of the response, and
 * every pass that is not a `message` one is a call of its own.
 */
import type { CallUsage } from './call-record.ts';
import type { PassDraft, RecordUsage } from './call-draft.ts';
import { countField, isObject, UnreadableRecord, type JsonObject } from './fields.ts';

/** The token counts of one usage object or pass (SPEC §10's Anthropic mapping). */
function anthropicCounts(usage: JsonObject): Omit<CallUsage, 'reasoningTokens'> {
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
  return { inputTokens, cacheReadTokens, cacheWrite5mTokens, cacheWrite1hTokens, outputTokens };
}

/**
 * `usage.server_tool_use.<name>_requests` as `{ <name>: count }`, counts
 * above 0 only (SPEC §13.4); throws on a bad count.
 */
export function serverToolRequests(usage: JsonObject): Record<string, number> {
  const requests: Record<string, number> = {};
  const tools = usage['server_tool_use'];
  if (!isObject(tools)) return requests;
  for (const key of Object.keys(tools)) {
    if (!key.endsWith('_requests') || key === '_requests') continue;
    const n = countField(tools, key, `server_tool_use.${key}`);
    if (n > 0) requests[key.slice(0, -'_requests'.length)] = n;
  }
  return requests;
}

/**
 * The passes of `usage.iterations` other than `message` ones (SPEC §13.2),
 * and where the parent stands among them (the first `message` element, -1
 * when there is none). A pass with a bad count throws, its reason prefixed
 * `iterations[k]: `.
 */
function passesOf(
  usage: JsonObject,
  parentModel: string,
): Pick<RecordUsage, 'passes' | 'parentSlot'> {
  const iterations = usage['iterations'];
  if (!Array.isArray(iterations)) return {};
  const passes: PassDraft[] = [];
  let parentSlot = -1;
  iterations.forEach((element: unknown, index) => {
    if (!isObject(element) || typeof element['type'] !== 'string') return;
    const type = element['type'];
    if (type === 'message') {
      if (parentSlot < 0) parentSlot = index;
      return;
    }
    let counts;
    try {
      counts = anthropicCounts(element);
    } catch (error) {
      if (error instanceof UnreadableRecord)
        throw new UnreadableRecord(`iterations[${index}]: ${error.message}`);
      throw error;
    }
    const model = element['model'];
    passes.push({
      index,
      kind: type,
      model: typeof model === 'string' && model !== '' ? model : parentModel,
      ...counts,
      reasoningTokens: 0,
    });
  });
  return passes.length === 0 ? {} : { passes, parentSlot };
}

/**
 * The counts of an Anthropic `usage` object, with its server-tool requests
 * and passes (`parentModel` names a pass without a model of its own) and
 * `output_tokens_details.thinking_tokens` as `reasoningTokens`; throws
 * `UnreadableRecord` on a bad count.
 */
export function anthropicUsage(usage: JsonObject, parentModel = ''): RecordUsage {
  const counts = anthropicCounts(usage);
  const details = usage['output_tokens_details'];
  const reasoningTokens = isObject(details)
    ? countField(details, 'thinking_tokens', 'output_tokens_details.thinking_tokens')
    : 0;
  const toolRequests = serverToolRequests(usage);
  return {
    ...counts,
    reasoningTokens,
    ...(Object.keys(toolRequests).length === 0 ? {} : { toolRequests }),
    ...passesOf(usage, parentModel),
  };
}
