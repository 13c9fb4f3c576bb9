/**
 * The lines of one JSONL trace file (SPEC §12): blank lines ignored, the
 * format taken from the first object line of a known shape. Lines read
 * before the format is known are remembered only by what they were (bad
 * JSON, not an object, an object of no known shape), never by their text,
 * and reported once the format says whether to.
 */
import { ClaudeCodeFile } from './claude-code.ts';
import { CodexFile } from './codex.ts';
import { StreamJsonFile } from './stream-json.ts';
import { jsonlFormatOf, type JsonlFormat } from './detect.ts';
import { isObject, type JsonObject } from './fields.ts';
import { AnthropicFile, OpenAiFile } from './messages-jsonl.ts';
import type { RecordSink } from './record-sink.ts';

/** Lines of no known shape read before giving up on a file (the bound of the format search). */
export const MAX_LINES_BEFORE_FORMAT = 10_000;

type Verdict = 'bad JSON' | 'not an object' | 'other object' | 'assistant without sessionId';

interface FormatReader {
  readObject(line: number, record: JsonObject): void;
  /** Called once the file has ended. */
  end?(): void;
}

const BAD_JSON = 'not valid JSON (the line is cut short or garbled)';
const NOT_OBJECT = 'not a JSON object';

/** Reads one JSONL file line by line. */
export class JsonlFile {
  private format: JsonlFormat | undefined;
  private reader: FormatReader | undefined;
  // Kept from the first line on: an assistant line's tool names count even before the format is known.
  private readonly claudeCode: ClaudeCodeFile;
  private pending: Array<{ readonly line: number; readonly verdict: Verdict }> = [];
  private gaveUp = false;
  /** True once a non-blank line has been seen. */
  hadContent = false;

  constructor(private readonly sink: RecordSink) {
    this.claudeCode = new ClaudeCodeFile(sink);
  }

  /** The format found so far. */
  get detected(): JsonlFormat | undefined {
    return this.format;
  }

  /** Ends the file: the format's reader finishes what it holds. */
  end(): void {
    this.reader?.end?.();
  }

  /** Reads one line (its `\n` removed; a trailing `\r` is dropped here). */
  readLine(line: number, raw: string): void {
    let text = raw;
    if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1);
    const first = text.charCodeAt(0);
    // `{` starts nearly every line: skip the blank test for it.
    if (first !== 123 && text.trim() === '') return;
    this.hadContent = true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.readValue(line, undefined, 'bad JSON');
      return;
    }
    if (isObject(value)) this.readValue(line, value, undefined);
    else this.readValue(line, undefined, 'not an object');
  }

  /** Reads one parsed record (a whole-text document that is a single object is line 1). */
  readValue(
    line: number,
    record: JsonObject | undefined,
    problem: 'bad JSON' | 'not an object' | undefined,
  ): void {
    if (this.reader !== undefined) {
      if (record === undefined)
        this.sink.skip(line, problem === 'bad JSON' ? BAD_JSON : NOT_OBJECT);
      else this.reader.readObject(line, record);
      return;
    }
    if (this.gaveUp) return;
    this.hadContent = true;
    const format = record === undefined ? undefined : jsonlFormatOf(record);
    if (format === undefined) {
      if (record !== undefined && record['type'] === 'assistant')
        this.claudeCode.noteToolUses(record);
      // A Claude Code summary line comes before any line that tells the format.
      if (record !== undefined && record['type'] === 'summary') this.claudeCode.noteSummary(record);
      const verdict: Verdict =
        problem ??
        (record !== undefined && record['type'] === 'assistant'
          ? 'assistant without sessionId'
          : 'other object');
      this.pending.push({ line, verdict });
      if (this.pending.length > MAX_LINES_BEFORE_FORMAT) {
        this.gaveUp = true;
        this.pending = [];
      }
      return;
    }
    this.format = format;
    this.reader = this.readerFor(format);
    for (const { line: earlier, verdict } of this.pending) this.reportEarlier(earlier, verdict);
    this.pending = [];
    this.reader.readObject(line, record!);
  }

  private readerFor(format: JsonlFormat): FormatReader {
    switch (format) {
      case 'claude-code':
        return this.claudeCode;
      case 'anthropic':
        return new AnthropicFile(this.sink);
      case 'openai':
        return new OpenAiFile(this.sink);
      case 'codex':
        return new CodexFile(this.sink);
      case 'stream-json':
        return new StreamJsonFile(this.sink, this.claudeCode);
    }
  }

  private reportEarlier(line: number, verdict: Verdict): void {
    if (verdict === 'bad JSON') this.sink.skip(line, BAD_JSON);
    else if (verdict === 'not an object') this.sink.skip(line, NOT_OBJECT);
    else if (
      this.format === 'claude-code' ||
      this.format === 'codex' ||
      this.format === 'stream-json'
    ) {
      // Lines of other shapes are skipped without complaint in these formats.
      if (this.format === 'stream-json' && verdict === 'assistant without sessionId')
        this.sink.skip(line, 'no session_id: the event does not say which session it belongs to');
      if (this.format !== 'claude-code') return;
      if (verdict === 'assistant without sessionId')
        this.sink.skip(line, 'no sessionId: the line does not say which session it belongs to');
    } else if (this.format === 'anthropic') {
      this.sink.skip(line, 'not a Messages response (no "type": "message")');
    } else {
      this.sink.skip(
        line,
        'not a Chat Completions or Responses object (no "object": "chat.completion" or "response")',
      );
    }
  }
}
