/**
 * One import's reading: files streamed into the SPEC §10 reader in the
 * order given, with progress at most every 100 ms and once per file, a file
 * that cannot be read (binary, moved, stopped) reported as a skipped record
 * of its own while the others are still read, and a cancel heard between
 * chunks and files.
 */
import { createTraceReader, type SkippedRecord, type TraceCall } from '../../core/traces/index.ts';
import {
  BINARY_FILE_REASON,
  FileReadError,
  readFileInto,
  readingStoppedReason,
  UNREADABLE_FILE_REASON,
  type TrafficSource,
} from './read-file.ts';
import type { ConversationNote, ImportProgress, TrafficFile } from './traffic-types.ts';

/** How often progress is posted at most (a post per chunk would flood the main thread). */
const PROGRESS_INTERVAL_MS = 100;

function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

/** One import's part of the stored traffic. */
export interface ImportedPart {
  readonly files: readonly TrafficFile[];
  readonly skipped: readonly SkippedRecord[];
  readonly calls: readonly TraceCall[];
  readonly titles: ReadonlyMap<string, ConversationNote>;
  readonly reported: ReadonlyMap<string, number>;
}

/** The part `files` add, or `'cancelled'` once `isCancelled` says so. */
export async function readSources(
  files: readonly TrafficSource[],
  onProgress: ((progress: ImportProgress) => void) | undefined,
  isCancelled: () => boolean,
): Promise<ImportedPart | 'cancelled'> {
  const reader = createTraceReader();
  const bytesTotal = files.reduce((sum, f) => sum + f.file.size, 0);
  let bytesRead = 0;
  let filesDone = 0;
  let lastPost = -Infinity;
  const post = (currentFile: string | undefined, force: boolean) => {
    if (onProgress === undefined) return;
    const t = now();
    if (!force && t - lastPost < PROGRESS_INTERVAL_MS) return;
    lastPost = t;
    onProgress({
      filesDone,
      filesTotal: files.length,
      bytesRead,
      bytesTotal,
      calls: reader.callCount,
      ...(currentFile === undefined ? {} : { currentFile }),
    });
  };
  const names = files.map((f) => f.name);
  const notRead = new Map<number, string>();
  post(names[0], true);
  for (const [index, file] of files.entries()) {
    const name = names[index]!;
    reader.beginFile(name, file.source);
    let end;
    let failure: string | undefined;
    try {
      end = await readFileInto(
        reader,
        file.file,
        (n) => {
          bytesRead += n;
          post(name, false);
        },
        isCancelled,
      );
    } catch (error) {
      end = 'unreadable' as const;
      failure =
        error instanceof FileReadError ? UNREADABLE_FILE_REASON : readingStoppedReason(error);
    }
    if (end === 'cancelled') return 'cancelled';
    if (end === 'binary') notRead.set(index, BINARY_FILE_REASON);
    if (failure !== undefined) notRead.set(index, failure);
    try {
      reader.endFile();
    } catch (error) {
      // The file's end could not be read (its held text): the other files still are.
      if (!notRead.has(index)) notRead.set(index, readingStoppedReason(error));
    }
    filesDone += 1;
    post(names[index + 1], true);
    // Let a cancel call in between files.
    await Promise.resolve();
    if (isCancelled()) return 'cancelled';
  }
  const result = reader.finish();
  const fileIndex = new Map<string, number>();
  names.forEach((n, i) => {
    if (!fileIndex.has(n)) fileIndex.set(n, i);
  });
  const extra: SkippedRecord[] = [...notRead].map(([i, reason]) => ({
    file: names[i]!,
    line: 0,
    reason,
  }));
  // The reader's list is in file order; slot the files not read into it (the sort is stable).
  const newSkipped = [...result.skipped, ...extra].sort(
    (a, b) => (fileIndex.get(a.file) ?? 0) - (fileIndex.get(b.file) ?? 0) || a.line - b.line,
  );
  const newFiles: TrafficFile[] = result.files.map((f, i) => ({
    name: f.name,
    source: f.source,
    bytes: files[i]?.file.size ?? 0,
    format: f.format,
    records: f.records,
    skipped: f.skipped + (notRead.has(i) ? 1 : 0),
  }));
  return {
    files: newFiles,
    skipped: newSkipped,
    calls: result.calls,
    titles: result.titles,
    reported: result.reported.byConversation,
  };
}
