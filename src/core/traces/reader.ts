/**
 * Reading usage traces (SPEC §10, §12): files pushed in chunks, as a Web
 * Worker reads them from disk, and turned into deduplicated call records and
 * a list of what could not be read. Memory stays bounded for JSONL and CSV:
 * a call is one small object, no line is kept.
 */
import type { PricingTable } from '../pricing.ts';
import { billTrace, type AsBilledCost } from './billing.ts';
import {
  sourceOf,
  type ReportedCost,
  type SkippedRecord,
  type TraceCall,
  type TraceFormat,
  type TraceInputFile,
} from './call-record.ts';
import { CallStore } from './call-store.ts';
import type { RereadableCalls } from './conversations.ts';
import { FileReader, type ReaderLimits } from './file-reader.ts';
import type { ConversationNoteKind, RecordSink } from './record-sink.ts';

/** What was read from one file. */
export interface TraceFileSummary {
  readonly name: string;
  /** The file's source label (its `source`, else its name; SPEC §13.7). */
  readonly source: string;
  /** The format recognised, or `undefined` (empty, or not a trace). */
  readonly format: TraceFormat | undefined;
  /** Records read (calls, Claude Code lines, duplicates included). */
  readonly records: number;
  readonly skipped: number;
}

/** Everything read from a set of trace files. */
export interface TraceReadResult {
  /** By time, ties in input order (files as given, then lines). */
  readonly calls: readonly TraceCall[];
  /** In file order, then line order. */
  readonly skipped: readonly SkippedRecord[];
  readonly files: readonly TraceFileSummary[];
  /** What the traces themselves say they cost (stream-json `total_cost_usd`, SPEC §13.7). */
  readonly reported: ReportedCost;
  /**
   * What the records say that could name each conversation (a summary line,
   * the first prompt), one line, at most `MAX_TITLE_NOTE_CHARS` each;
   * conversations without either are absent.
   */
  readonly titles: ReadonlyMap<string, ConversationTitleNotes>;
  /** The as-billed cost, when the reader was given a price table. */
  readonly billed?: AsBilledCost;
}

/** What `finishLazily` gives: `finish`'s result, its calls made as they are iterated. */
export interface LazyTraceRead extends Omit<TraceReadResult, 'calls' | 'billed'> {
  /** `finish`'s calls, in its order; iterable once, which lets them go. */
  readonly calls: Iterable<TraceCall>;
  /**
   * The same calls, readable again and again (in time order or a
   * conversation at a time, for a replay) until `calls` has been read.
   */
  readonly rereadable: RereadableCalls;
  /** Every model the calls name (passes included). */
  readonly models: ReadonlySet<string>;
}

/** A conversation's summary line and first prompt, as noted by the readers. */
export interface ConversationTitleNotes {
  readonly summary?: string;
  readonly firstPrompt?: string;
}

/** The longest note kept of a conversation, in characters. */
export const MAX_TITLE_NOTE_CHARS = 200;

/** An incremental trace reader: one file at a time, its text in chunks of any size. */
export interface TraceReader {
  /**
   * Starts the next file (ending the current one, if any). `source` labels
   * whose traffic it is; absent or empty, the file's name is its source.
   */
  beginFile(name: string, source?: string): void;
  /** Reads the next chunk of the current file's text. */
  pushText(chunk: string): void;
  /** Ends the current file. */
  endFile(): void;
  /** Ends the current file, if any, and returns the calls and the skipped records. */
  finish(): TraceReadResult;
  /**
   * `finish` for a caller that folds the calls (a bill) and so never needs
   * them all at once: they are made as `calls` is iterated, once, in
   * `finish`'s order; no bill is attached.
   */
  finishLazily(): LazyTraceRead;
  /** Distinct calls read so far (for progress). */
  readonly callCount: number;
}

/** A reader's line limits, and whether calls keep their tool results (default: they do). */
export interface TraceReaderOptions extends ReaderLimits {
  /**
   * `false`: every call's `toolResults` is empty, for a reader whose calls
   * are only billed or replayed (neither reads them).
   */
  readonly toolResults?: boolean;
}

interface OpenFile {
  readonly name: string;
  readonly source: string;
  readonly reader: FileReader;
  readonly skipped: SkippedRecord[];
  records: number;
}

/**
 * Creates a reader that reads files pushed in chunks. Lines are split on
 * `\n` only, with the unfinished last line kept for the next chunk; a JSON
 * document (OTLP, LiteLLM JSON, Langfuse) is held until its file ends, up to
 * 64 Mi characters. Given a price table, `finish` also bills the calls.
 */
export function createTraceReader(
  pricing?: PricingTable,
  limits?: TraceReaderOptions,
): TraceReader {
  const store = new CallStore(limits?.toolResults !== false);
  const skipped: SkippedRecord[] = [];
  const files: TraceFileSummary[] = [];
  const titles = new Map<string, { summary?: string; firstPrompt?: string }>();
  let open: OpenFile | undefined;
  const note = (conversationId: string, kind: ConversationNoteKind, text: string): void => {
    const line = text.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_NOTE_CHARS);
    if (line === '') return;
    const held = titles.get(conversationId);
    if (held === undefined) titles.set(conversationId, { [kind]: line });
    else held[kind] ??= line;
  };

  const endFile = (): void => {
    if (open === undefined) return;
    const file = open;
    open = undefined;
    try {
      file.reader.end();
    } finally {
      // Line order within the file (a document's records are already in it; sorting is stable).
      file.skipped.sort((a, b) => a.line - b.line);
      skipped.push(...file.skipped);
      files.push({
        name: file.name,
        source: file.source,
        format: file.reader.format,
        records: file.records,
        skipped: file.skipped.length,
      });
    }
  };

  return {
    beginFile(name, source) {
      endFile();
      const label = sourceOf(name, source);
      store.setSource(label);
      const fileSkipped: SkippedRecord[] = [];
      const sink: RecordSink = {
        file: name,
        store,
        skip: (line, reason) => fileSkipped.push({ file: name, line, reason }),
        read: () => {
          if (open !== undefined) open.records += 1;
        },
        note,
      };
      open = {
        name,
        source: label,
        reader: new FileReader(sink, limits),
        skipped: fileSkipped,
        records: 0,
      };
    },
    pushText(chunk) {
      if (open === undefined) throw new Error('pushText before beginFile');
      open.reader.push(chunk);
    },
    endFile,
    get callCount() {
      return store.size;
    },
    finishLazily() {
      endFile();
      const models = store.models();
      const reported = store.reported();
      return {
        calls: store.drain(),
        rereadable: store.rereadable(),
        models,
        skipped: [...skipped],
        files: [...files],
        reported,
        titles,
      };
    },
    finish() {
      endFile();
      const calls = store.finish();
      const reported = store.reported();
      const read = { calls, skipped: [...skipped], files: [...files], reported, titles };
      return pricing === undefined
        ? read
        : { ...read, billed: billTrace(calls, pricing, reported) };
    },
  };
}

/** Reads whole files given as text (SPEC §7 `trace` cases; small files and tests). */
export function readTraceFiles(
  files: readonly TraceInputFile[],
  pricing?: PricingTable,
): TraceReadResult {
  const reader = createTraceReader(pricing);
  for (const file of files) {
    reader.beginFile(file.name, file.source);
    reader.pushText(file.text);
    reader.endFile();
  }
  return reader.finish();
}
