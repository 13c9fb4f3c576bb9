/**
 * Reading usage traces (SPEC §10, §12): files pushed in chunks, as a Web
 * Worker reads them from disk, and turned into deduplicated call records and
 * a list of what could not be read. Memory stays bounded for JSONL and CSV:
 * a call is one small object, no line is kept.
 */
import type { PricingTable } from '../pricing.ts';
import { billTrace, type AsBilledCost } from './billing.ts';
import type { SkippedRecord, TraceCall, TraceFormat } from './call-record.ts';
import { CallStore } from './call-store.ts';
import { FileReader } from './file-reader.ts';
import type { RecordSink } from './record-sink.ts';

/** What was read from one file. */
export interface TraceFileSummary {
  readonly name: string;
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
  /** The as-billed cost, when the reader was given a price table. */
  readonly billed?: AsBilledCost;
}

/** An incremental trace reader: one file at a time, its text in chunks of any size. */
export interface TraceReader {
  /** Starts the next file (ending the current one, if any). */
  beginFile(name: string): void;
  /** Reads the next chunk of the current file's text. */
  pushText(chunk: string): void;
  /** Ends the current file. */
  endFile(): void;
  /** Ends the current file, if any, and returns the calls and the skipped records. */
  finish(): TraceReadResult;
  /** Distinct calls read so far (for progress). */
  readonly callCount: number;
}

interface OpenFile {
  readonly name: string;
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
export function createTraceReader(pricing?: PricingTable): TraceReader {
  const store = new CallStore();
  const skipped: SkippedRecord[] = [];
  const files: TraceFileSummary[] = [];
  let open: OpenFile | undefined;

  const endFile = (): void => {
    if (open === undefined) return;
    const file = open;
    file.reader.end();
    open = undefined;
    // Line order within the file (a document's records are already in it; sorting is stable).
    file.skipped.sort((a, b) => a.line - b.line);
    skipped.push(...file.skipped);
    files.push({
      name: file.name,
      format: file.reader.format,
      records: file.records,
      skipped: file.skipped.length,
    });
  };

  return {
    beginFile(name) {
      endFile();
      const fileSkipped: SkippedRecord[] = [];
      const sink: RecordSink = {
        file: name,
        store,
        skip: (line, reason) => fileSkipped.push({ file: name, line, reason }),
        read: () => {
          if (open !== undefined) open.records += 1;
        },
      };
      open = { name, reader: new FileReader(sink), skipped: fileSkipped, records: 0 };
    },
    pushText(chunk) {
      if (open === undefined) throw new Error('pushText before beginFile');
      open.reader.push(chunk);
    },
    endFile,
    get callCount() {
      return store.size;
    },
    finish() {
      endFile();
      const calls = store.finish();
      const read = { calls, skipped: [...skipped], files: [...files] };
      return pricing === undefined ? read : { ...read, billed: billTrace(calls, pricing) };
    },
  };
}

/** Reads whole files given as text (SPEC §7 `trace` cases; small files and tests). */
export function readTraceFiles(
  files: ReadonlyArray<{ readonly name: string; readonly text: string }>,
  pricing?: PricingTable,
): TraceReadResult {
  const reader = createTraceReader(pricing);
  for (const file of files) {
    reader.beginFile(file.name);
    reader.pushText(file.text);
    reader.endFile();
  }
  return reader.finish();
}
