/**
 * Gemini CLI sessions (SPEC §13.5): `~/.gemini/tmp/<project>/chats/*.json`,
 * one JSON object with a `sessionId` and its `messages`. A call is a
 * message of type `gemini` with a `tokens` key: `input` includes `cached`
 * (as Gemini's `promptTokenCount` does), `tool` is tool-use prompt billed as
 * input and `thoughts` is billed as output.
 */
import {
  countField,
  derivedInput,
  isObject,
  requiredString,
  UnreadableRecord,
  type JsonObject,
} from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { parseTraceTime } from './time.ts';

/** True when a whole-text JSON value is a Gemini CLI session (SPEC §13.5). */
export function isGeminiSession(value: unknown): value is JsonObject {
  return (
    isObject(value) &&
    typeof value['sessionId'] === 'string' &&
    Array.isArray(value['messages']) &&
    !('type' in value)
  );
}

/** Notes a user message's text (a string, or parts with `text`) as the session's first prompt. */
function notePrompt(sink: RecordSink, conversationId: string, content: unknown): void {
  if (sink.note === undefined) return;
  let text = '';
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content))
    for (const part of content)
      if (isObject(part) && typeof part['text'] === 'string') text += `${part['text']} `;
  sink.note(conversationId, 'firstPrompt', text);
}

/** Reads the calls of a Gemini CLI session; `line` is a message's 1-based position. */
export function readGeminiSession(sink: RecordSink, session: JsonObject): void {
  const conversationId = session['sessionId'] as string;
  const project = typeof session['projectHash'] === 'string' ? session['projectHash'] : null;
  (session['messages'] as unknown[]).forEach((message, index) => {
    const line = index + 1;
    if (!isObject(message)) {
      sink.skip(line, 'not an object');
      return;
    }
    if (message['type'] === 'user') notePrompt(sink, conversationId, message['content']);
    if (message['type'] !== 'gemini' || !('tokens' in message)) return;
    readOrSkip(sink, line, () => {
      const tokens = message['tokens'];
      if (!isObject(tokens)) throw new UnreadableRecord('no token counts (tokens)');
      const callId = requiredString(message['id'], 'call id (id)');
      const model = requiredString(message['model'], 'model');
      const input = countField(tokens, 'input', 'tokens.input');
      const cached = countField(tokens, 'cached', 'tokens.cached');
      const output = countField(tokens, 'output', 'tokens.output');
      const thoughts = countField(tokens, 'thoughts', 'tokens.thoughts');
      const tool = countField(tokens, 'tool', 'tokens.tool');
      const inputTokens = derivedInput(input, cached, 'tokens.input') + tool;
      const timestamp = message['timestamp'];
      if (typeof timestamp !== 'string') throw new UnreadableRecord('no time (timestamp)');
      const at = parseTraceTime(timestamp);
      if (at === undefined)
        throw new UnreadableRecord(`unreadable time ${JSON.stringify(timestamp)} (timestamp)`);
      sink.store.add({
        conversationId,
        callId,
        at,
        model,
        sidechain: false,
        project,
        inputTokens,
        cacheReadTokens: cached,
        cacheWrite5mTokens: 0,
        cacheWrite1hTokens: 0,
        outputTokens: output + thoughts,
        reasoningTokens: thoughts,
      });
    });
  });
}
