/**
 * Reading one trace file from text pushed in chunks (SPEC §12 "§10 reading
 * files"). JSONL and CSV are read as they arrive, a line or a record at a
 * time, so a 200 MB transcript is never held whole; a JSON document (OTLP,
 * LiteLLM or Langfuse export) is buffered until its end, up to
 * `MAX_DOCUMENT_CHARS`.
 */
import { CsvSplitter, firstCsvRecord } from './csv.ts';
import { couldBeDocument, documentShapeOf, isSpendLogHeader } from './detect.ts';
import type { TraceFormat } from './call-record.ts';
import { isObject } from './fields.ts';
import { JsonlFile } from './jsonl-file.ts';
import { LineEnds } from './line-ends.ts';
import { isSseLine, SseFile } from './anthropic-sse.ts';
import { readGeminiSession } from './gemini-cli.ts';
import { readLangfuseObservations } from './langfuse.ts';
import { readSpendLogRows, SpendLogCsv } from './litellm-spend.ts';
import { readOtlpDocument } from './otlp.ts';
import type { RecordSink } from './record-sink.ts';

/** The largest JSON document read whole: 64 Mi characters (a larger one is read as JSONL, if it is that). */
export const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

/**
 * The longest line read: 64 Mi characters. A longer line is reported with
 * its length and skipped, and the lines after it are still read (a string
 * cannot grow past about 512 Mi characters in a browser, and a line that
 * large is no usage record).
 */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** Limits of the reader, lowered only by tests. */
export interface ReaderLimits {
  readonly maxLineChars?: number;
  readonly maxDocumentChars?: number;
}

/** Why a line over the reader's limit is not read, in plain words. */
export function lineTooLongReason(chars: number, limit: number): string {
  return (
    `the line is ${chars.toLocaleString('en-US')} characters long, over the reader's limit of ` +
    `${limit.toLocaleString('en-US')}: it was skipped and the lines after it were read`
  );
}

// The first CSV record is looked for in at most this much text.
const MAX_HEADER_CHARS = 1024 * 1024;

/** Why a file was not read at all, in plain words. */
export const UNKNOWN_FORMAT_REASON =
  'not a usage trace this explorer can read: expected a Claude Code transcript or stream-json output, ' +
  'a Codex CLI rollout, a Gemini CLI session, Anthropic Messages responses (JSONL or an SSE stream), ' +
  'OpenAI Chat Completions / Responses (JSONL), OpenTelemetry GenAI spans (OTLP/JSON), LiteLLM spend logs ' +
  '(JSON or CSV) or a Langfuse observations export';

type Mode = 'start' | 'first-line' | 'csv-header' | 'csv' | 'document' | 'jsonl' | 'sse';

/** The reading state of one file. */
export class FileReader {
  private mode: Mode = 'start';
  private atStart = true;
  // Text held until the format is decided (start, first-line, csv-header) or the document ends.
  private held: string[] = [];
  private heldChars = 0;
  private tail = '';
  private lineCount = 0;
  private readonly jsonl: JsonlFile;
  private sse: SseFile | undefined;
  private csv: CsvSplitter | undefined;
  private documentTooLarge = false;
  private documentFormat: TraceFormat | undefined;
  private empty = true;
  private readonly lineEnds = new LineEnds();
  // Characters of an over-long line being passed over, or -1 when none is.
  private skippingChars = -1;
  private readonly maxLineChars: number;
  private readonly maxDocumentChars: number;

  constructor(
    private readonly sink: RecordSink,
    limits: ReaderLimits = {},
  ) {
    this.jsonl = new JsonlFile(sink);
    this.maxLineChars = limits.maxLineChars ?? MAX_LINE_CHARS;
    this.maxDocumentChars = limits.maxDocumentChars ?? MAX_DOCUMENT_CHARS;
  }

  /** The format recognised, once known. */
  get format(): TraceFormat | undefined {
    return this.documentFormat ?? this.jsonl.detected;
  }

  /** Reads the next chunk of the file's text. */
  push(chunk: string): void {
    let text = chunk;
    if (this.atStart) {
      if (text === '') return;
      this.atStart = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    text = this.lineEnds.normalise(text);
    if (text === '') return;
    switch (this.mode) {
      case 'jsonl':
      case 'sse':
        this.pushLines(text);
        return;
      case 'csv':
        this.csv!.push(text);
        return;
      case 'document':
        this.hold(text);
        if (this.heldChars > this.maxDocumentChars) {
          this.documentTooLarge = true;
          this.switchToJsonl();
        }
        return;
      case 'first-line':
        this.hold(text);
        // A first line longer than any document read whole: too long for either reading.
        if (!text.includes('\n') && this.heldChars > this.maxDocumentChars) {
          this.documentTooLarge = true;
          this.switchToJsonl();
          return;
        }
        if (text.includes('\n')) this.decide(false);
        return;
      default:
        this.hold(text);
        // Look again only when this chunk can settle it: no rejoining the text for every chunk of a long first line.
        if (this.mode === 'start' ? /\S/.test(text) : text.includes('\n')) this.decide(false);
    }
  }

  /** Ends the file: reads what is held and reports a file of no known format. */
  end(): void {
    if (this.lineEnds.takePending()) this.push('\r');
    if (this.mode === 'start' || this.mode === 'first-line' || this.mode === 'csv-header')
      this.decide(true);
    if (this.mode === 'start') return;
    if (this.mode === 'document') {
      const text = this.takeHeld();
      let value: unknown;
      let parsed = true;
      try {
        value = JSON.parse(text);
      } catch {
        parsed = false;
      }
      if (parsed) this.readDocument(value);
      else {
        this.mode = 'jsonl';
        this.pushLines(text);
      }
    }
    if (this.mode === 'csv') {
      this.csv!.end();
      return;
    }
    this.endLongLine();
    if (this.mode === 'sse') {
      if (this.tail !== '') this.sse!.readLine(++this.lineCount, this.tail);
      this.tail = '';
      this.sse!.end();
      return;
    }
    if (this.mode === 'jsonl') {
      if (this.tail !== '') this.jsonl.readLine(++this.lineCount, this.tail);
      this.tail = '';
      this.jsonl.end();
      if (this.jsonl.detected === undefined && this.jsonl.hadContent) {
        this.sink.skip(
          0,
          this.documentTooLarge
            ? `${UNKNOWN_FORMAT_REASON} (a JSON document larger than ${this.maxDocumentChars / 1024 / 1024} Mi characters is not read)`
            : UNKNOWN_FORMAT_REASON,
        );
      }
    }
  }

  private hold(text: string): void {
    this.held.push(text);
    this.heldChars += text.length;
  }

  private takeHeld(): string {
    const text = this.held.join('');
    this.held = [];
    this.heldChars = 0;
    return text;
  }

  // Decides the mode from the text held so far; `atEnd` when no more text will come.
  private decide(atEnd: boolean): void {
    if (this.mode === 'start') {
      const text = this.takeHeld();
      const first = text.search(/\S/);
      if (first < 0) {
        if (!atEnd) this.hold(text);
        return;
      }
      this.empty = false;
      this.mode = text[first] === '{' || text[first] === '[' ? 'first-line' : 'csv-header';
      this.hold(text);
    }
    if (this.mode === 'first-line') {
      const text = this.takeHeld();
      const first = text.search(/\S/);
      const newline = text.indexOf('\n', first);
      if (newline < 0 && !atEnd) {
        this.hold(text);
        return;
      }
      if (newline < 0) {
        this.mode = 'document';
        this.hold(text);
        return;
      }
      let value: unknown;
      let parsed = true;
      try {
        value = JSON.parse(text.slice(first, newline));
      } catch {
        parsed = false;
      }
      // A first line that is a complete object of its own makes the file JSONL (a document would span the text).
      this.mode = !parsed || couldBeDocument(value) ? 'document' : 'jsonl';
      if (this.mode === 'document') this.hold(text);
      else this.pushLines(text);
      return;
    }
    if (this.mode === 'csv-header') {
      const text = this.takeHeld();
      // An SSE stream is told by its first non-blank line (SPEC §13.5), before LiteLLM CSV.
      const lineStart = text.lastIndexOf('\n', text.search(/\S/)) + 1;
      const firstLine = text.slice(lineStart, lineStart + 6);
      if (firstLine.length < 6 && !atEnd && !text.slice(lineStart).includes('\n')) {
        this.hold(text);
        return;
      }
      if (isSseLine(firstLine)) {
        this.mode = 'sse';
        this.documentFormat = 'anthropic-sse';
        this.sse = new SseFile(this.sink);
        this.pushLines(text);
        return;
      }
      const header = firstCsvRecord(text, atEnd);
      if (header === undefined && !atEnd && text.length < MAX_HEADER_CHARS) {
        this.hold(text);
        return;
      }
      if (header !== undefined && isSpendLogHeader(header)) {
        this.mode = 'csv';
        this.documentFormat = 'litellm-csv';
        let reader: SpendLogCsv | undefined;
        this.csv = new CsvSplitter((fields, line) => {
          if (reader === undefined) reader = new SpendLogCsv(this.sink, fields);
          else reader.readRecord(fields, line);
        });
        this.csv.push(text);
      } else {
        this.mode = 'jsonl';
        this.pushLines(text);
      }
    }
  }

  private switchToJsonl(): void {
    this.mode = 'jsonl';
    const parts = this.held;
    this.held = [];
    this.heldChars = 0;
    for (const part of parts) this.pushLines(part);
  }

  private readDocument(value: unknown): void {
    const shape = documentShapeOf(value);
    switch (shape.kind) {
      case 'otlp':
        this.documentFormat = 'otlp';
        readOtlpDocument(this.sink, shape.document);
        return;
      case 'litellm-json':
        this.documentFormat = 'litellm-json';
        readSpendLogRows(this.sink, shape.records);
        return;
      case 'langfuse':
        this.documentFormat = 'langfuse';
        readLangfuseObservations(this.sink, shape.records);
        return;
      case 'gemini-cli':
        this.documentFormat = 'gemini-cli';
        readGeminiSession(this.sink, shape.session);
        return;
      case 'empty':
        this.mode = 'start';
        return;
      case 'one-line':
        this.mode = 'jsonl';
        this.jsonl.readValue(1, shape.record, undefined);
        return;
      case 'unknown':
        this.mode = 'jsonl';
        this.jsonl.readValue(1, undefined, isObject(value) ? undefined : 'not an object');
    }
  }

  // Reports the over-long line being passed over, if any, as ended.
  private endLongLine(): void {
    if (this.skippingChars < 0) return;
    this.sink.skip(++this.lineCount, lineTooLongReason(this.skippingChars, this.maxLineChars));
    this.skippingChars = -1;
  }

  // Splits on `\n` only, keeping the unfinished last line for the next chunk;
  // a line over the limit is passed over (never joined) and reported.
  private pushLines(chunk: string): void {
    const lines = this.sse ?? this.jsonl;
    let from = 0;
    let newline = chunk.indexOf('\n');
    while (newline >= 0) {
      const chars = newline - from;
      if (this.skippingChars >= 0) {
        this.skippingChars += chars;
        this.endLongLine();
      } else if (this.tail.length + chars > this.maxLineChars) {
        this.skippingChars = this.tail.length + chars;
        this.tail = '';
        this.endLongLine();
      } else {
        const text = chunk.slice(from, newline);
        lines.readLine(++this.lineCount, this.tail === '' ? text : this.tail + text);
        this.tail = '';
      }
      from = newline + 1;
      newline = chunk.indexOf('\n', from);
    }
    const rest = chunk.length - from;
    if (this.skippingChars >= 0) this.skippingChars += rest;
    else if (this.tail.length + rest > this.maxLineChars) {
      this.skippingChars = this.tail.length + rest;
      this.tail = '';
    } else if (rest > 0)
      this.tail = this.tail === '' ? chunk.slice(from) : this.tail + chunk.slice(from);
  }

  /** True when the file held nothing but white space. */
  get isEmpty(): boolean {
    return this.empty;
  }
}
