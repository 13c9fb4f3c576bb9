/**
 * Where the readers of one file put what they read: calls into the shared
 * store, unreadable records into the file's skipped list.
 */
import type { CallStore } from './call-store.ts';

/** What a format reader writes to while reading one file. */
export interface RecordSink {
  /** The file's name, as given. */
  readonly file: string;
  readonly store: CallStore;
  /** Reports an unreadable record of this file. */
  skip(line: number, reason: string): void;
  /** Counts a record that was read (a new call or a duplicate). */
  read(): void;
  /**
   * Notes text that could name a conversation: a summary line, or its first
   * prompt (the first noted of each kind is kept). Never part of a call or a
   * bill.
   */
  note?(conversationId: string, kind: ConversationNoteKind, text: string): void;
}

/** What a reader can note of a conversation to name it. */
export type ConversationNoteKind = 'summary' | 'firstPrompt';

/** Runs `readRecord`; an `UnreadableRecord` it throws becomes a skipped record at `line`. */
export function readOrSkip(sink: RecordSink, line: number, readRecord: () => void): void {
  try {
    readRecord();
    sink.read();
  } catch (error) {
    if (error instanceof Error && error.name === 'UnreadableRecord') sink.skip(line, error.message);
    else throw error;
  }
}
