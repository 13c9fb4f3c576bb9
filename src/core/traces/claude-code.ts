/**
 * Claude Code transcripts (SPEC §10, §12 "§10 per format"):
 * `~/.claude/projects/<project>/<session>.jsonl` and its subagents'
 * `<session>/subagents/*.jsonl`. One call is written as several `assistant`
 * lines (one per content block) sharing `message.id` and `requestId`; its
 * time, model and `sidechain` are those of its first line, its usage that of
 * the line with the largest `output_tokens`. Tool results are `user` lines'
 * `tool_result` blocks, attached to the next call of the same session whose
 * first line comes later in the same file.
 */
import type { ToolResult } from './call-record.ts';
import type { CallDraft } from './call-draft.ts';
import type { StoredCall } from './call-store.ts';
import { anthropicUsage } from './anthropic-usage.ts';
import { isObject, requiredString, UnreadableRecord, type JsonObject } from './fields.ts';
import { readOrSkip, type RecordSink } from './record-sink.ts';
import { parseTraceTime } from './time.ts';
import { estimateTokens } from '../estimator.ts';

/** The text of a `tool_result` block: its `content` string, or its `text` blocks joined. */
function toolResultText(block: JsonObject): string {
  const content = block['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string')
      text += part['text'];
  }
  return text;
}

/** The reading state of one Claude Code file. */
export class ClaudeCodeFile {
  protected readonly toolNames = new Map<string, string>();
  private readonly pendingResults = new Map<string, ToolResult[]>();
  private readonly callsStartedHere = new Set<StoredCall>();
  /** The key of a line's session: `sessionId` in transcripts, `session_id` in stream-json. */
  protected readonly sessionKey: string = 'sessionId';
  // A summary line names no session: it is noted for the file's first session.
  private fileSession: string | undefined;
  private pendingSummary: string | undefined;

  constructor(
    protected readonly sink: RecordSink,
    toolNames?: ReadonlyMap<string, string>,
  ) {
    if (toolNames !== undefined) for (const [id, name] of toolNames) this.toolNames.set(id, name);
  }

  /** The tool names learnt so far (for a reader that takes the file over). */
  get knownToolNames(): ReadonlyMap<string, string> {
    return this.toolNames;
  }

  /** Reads one line that is valid JSON and an object. */
  readObject(line: number, record: JsonObject): void {
    const type = record['type'];
    const session = record['sessionId'];
    if (typeof session === 'string') this.learnSession(session);
    if (type === 'assistant') {
      this.noteToolUses(record);
      readOrSkip(this.sink, line, () => this.readAssistant(record));
    } else if (type === 'user') {
      this.readToolResults(record);
      this.noteFirstPrompt(record);
    } else if (type === 'summary') {
      this.noteSummary(record);
    }
    // Every other line type (progress, system, …) carries no call.
  }

  /** Notes the first prompt a person typed: a main-agent `user` line of text, not a tool result or meta line. */
  protected noteFirstPrompt(record: JsonObject): void {
    const sessionId = record[this.sessionKey];
    const message = record['message'];
    if (typeof sessionId !== 'string' || !isObject(message)) return;
    // A subagent's prompt is the main agent's words, not the person's.
    if (record['isMeta'] === true || record['isSidechain'] === true) return;
    if (typeof record['parent_tool_use_id'] === 'string') return;
    const content = message['content'];
    let text = '';
    if (typeof content === 'string') text = content;
    else if (Array.isArray(content)) {
      for (const block of content) {
        if (!isObject(block)) continue;
        if (block['type'] === 'tool_result') return;
        if (block['type'] === 'text' && typeof block['text'] === 'string')
          text += `${block['text']} `;
      }
    }
    // Slash commands and their output are written as tagged user lines.
    if (/^\s*<(command|local-command)-/.test(text)) return;
    this.sink.note?.(sessionId, 'firstPrompt', text);
  }

  /** Notes a `summary` line's text for the file's session (read or still to come). */
  noteSummary(record: JsonObject): void {
    const summary = record['summary'];
    if (typeof summary !== 'string' || this.pendingSummary !== undefined) return;
    this.pendingSummary = summary;
    if (this.fileSession !== undefined) this.sink.note?.(this.fileSession, 'summary', summary);
  }

  private learnSession(sessionId: string): void {
    if (this.fileSession !== undefined) return;
    this.fileSession = sessionId;
    if (this.pendingSummary !== undefined)
      this.sink.note?.(sessionId, 'summary', this.pendingSummary);
  }

  /** Learns tool names from an assistant line that is valid JSON, readable or not. */
  noteToolUses(record: JsonObject): void {
    const message = record['message'];
    if (!isObject(message)) return;
    const content = message['content'];
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block) || block['type'] !== 'tool_use') continue;
      const id = block['id'];
      const name = block['name'];
      if (typeof id === 'string' && typeof name === 'string' && !this.toolNames.has(id)) {
        this.toolNames.set(id, name);
      }
    }
  }

  /** The call an `assistant` line gives (SPEC §10, §12); throws `UnreadableRecord`. */
  protected draftOf(record: JsonObject): CallDraft {
    const sessionId = record['sessionId'];
    if (typeof sessionId !== 'string')
      throw new UnreadableRecord('no sessionId: the line does not say which session it belongs to');
    const message = record['message'];
    const usage = isObject(message) ? message['usage'] : undefined;
    if (!isObject(message) || !isObject(usage))
      throw new UnreadableRecord('no token counts (message.usage)');
    const model = requiredString(message['model'], 'model (message.model)');
    const id = requiredString(message['id'], 'call id (message.id)');
    const requestId = record['requestId'];
    const counts = anthropicUsage(usage, model);
    const timestamp = record['timestamp'];
    if (typeof timestamp !== 'string') throw new UnreadableRecord('no time (timestamp)');
    const at = parseTraceTime(timestamp);
    if (at === undefined)
      throw new UnreadableRecord(`timestamp ${JSON.stringify(timestamp)} is not a time`);
    return {
      conversationId: sessionId,
      callId: typeof requestId === 'string' ? id + requestId : id,
      at,
      model,
      sidechain: record['isSidechain'] === true,
      project: typeof record['cwd'] === 'string' ? record['cwd'] : null,
      gitBranch: typeof record['gitBranch'] === 'string' ? record['gitBranch'] : null,
      ...counts,
    };
  }

  /** Reads one `assistant` line into its call; returns the call held. */
  protected readAssistant(record: JsonObject): StoredCall {
    const draft = this.draftOf(record);
    const sessionId = draft.conversationId;
    const { call } = this.sink.store.addStreamedLine(draft);
    if (!this.callsStartedHere.has(call)) {
      this.callsStartedHere.add(call);
      const waiting = this.pendingResults.get(sessionId);
      if (waiting !== undefined) {
        for (const result of waiting) this.sink.store.attach(call, result);
        this.pendingResults.delete(sessionId);
      }
    }
    return call;
  }

  /** Reads the `tool_result` blocks of a `user` line. */
  protected readToolResults(record: JsonObject): void {
    const sessionId = record[this.sessionKey];
    const message = record['message'];
    if (typeof sessionId !== 'string' || !isObject(message)) return;
    const content = message['content'];
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block) || block['type'] !== 'tool_result') continue;
      const toolUseId = block['tool_use_id'];
      if (typeof toolUseId !== 'string') continue;
      const name = this.toolNames.get(toolUseId);
      const tokens = estimateTokens(toolResultText(block));
      const result: ToolResult =
        name === undefined ? { toolUseId, tokens } : { toolUseId, name, tokens };
      const waiting = this.pendingResults.get(sessionId);
      if (waiting === undefined) this.pendingResults.set(sessionId, [result]);
      else waiting.push(result);
    }
  }
}
