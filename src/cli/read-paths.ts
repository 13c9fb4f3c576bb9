/**
 * The command line's read: paths walked into files (folders recursively, in
 * name order), each streamed from disk into the SPEC §10 reader by the same
 * `readFileInto` the browser's import uses, through Node's file-backed Blob.
 */
import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { createTraceReader, type LazyTraceRead, type SkippedRecord } from '../core/traces/index.ts';
import {
  BINARY_FILE_REASON,
  FileReadError,
  readFileInto,
  readingStoppedReason,
  UNREADABLE_FILE_REASON,
} from '../engine/traces/read-file.ts';

/** A file found under the paths given, with its size in bytes. */
export interface FoundFile {
  readonly path: string;
  /** The name it is reported and labelled by: its path inside the folder given, else the path as given. */
  readonly name: string;
  /** Whose traffic it is (SPEC §13.7); absent, its name stands for it. */
  readonly source?: string;
  readonly bytes: number;
}

/** A path given on the command line that cannot be read at all. */
export class UnreadablePathError extends Error {
  override readonly name = 'UnreadablePathError';
}

/** A path to read, as given, and whose traffic it is. */
export interface GivenPath {
  readonly path: string;
  readonly source?: string;
}

async function walk(given: GivenPath, root: string, path: string, out: FoundFile[]): Promise<void> {
  const info = await stat(path);
  if (info.isFile()) {
    out.push({
      path,
      name: path === root ? given.path : relative(root, path),
      ...(given.source === undefined ? {} : { source: given.source }),
      bytes: info.size,
    });
    return;
  }
  if (!info.isDirectory()) return;
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.isFile() || entry.isDirectory()) await walk(given, root, join(path, entry.name), out);
  }
}

/**
 * The files under `paths` (resolved against `cwd`), in the order given;
 * throws `UnreadablePathError` naming a path that cannot be read.
 */
export async function findFiles(paths: readonly GivenPath[], cwd: string): Promise<FoundFile[]> {
  const out: FoundFile[] = [];
  for (const given of paths) {
    const root = resolve(cwd, given.path);
    try {
      await walk(given, root, root, out);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new UnreadablePathError(`cannot read ${given.path}: ${message}`);
    }
  }
  return out;
}

/**
 * The calls and skipped records of `files`, read one after another
 * (progress in bytes); the calls are made as they are iterated, so a bill
 * never holds them all. `toolResults` false leaves every call's tool
 * results out (a bill or a replay reads none).
 */
export async function readFiles(
  files: readonly FoundFile[],
  onBytes: (bytes: number) => void = () => undefined,
  { toolResults = true }: { readonly toolResults?: boolean } = {},
): Promise<LazyTraceRead> {
  const reader = createTraceReader(undefined, { toolResults });
  const notRead: SkippedRecord[] = [];
  for (const file of files) {
    reader.beginFile(file.name, file.source);
    let reason: string | undefined;
    try {
      const end = await readFileInto(reader, await openAsBlob(file.path), onBytes, () => false);
      if (end === 'binary') reason = BINARY_FILE_REASON;
    } catch (error) {
      reason =
        error instanceof FileReadError ? UNREADABLE_FILE_REASON : readingStoppedReason(error);
    }
    try {
      reader.endFile();
    } catch (error) {
      reason ??= readingStoppedReason(error);
    }
    if (reason !== undefined) notRead.push({ file: file.name, line: 0, reason });
  }
  const result = reader.finishLazily();
  return notRead.length === 0 ? result : { ...result, skipped: [...result.skipped, ...notRead] };
}
