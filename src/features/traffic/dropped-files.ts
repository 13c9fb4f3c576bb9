/**
 * The files of a drop, a file input or a folder input as import sources,
 * named by their path inside the folder (Claude Code's
 * `<project>/<session>.jsonl` and `<session>/subagents/…`), folders walked
 * recursively, in path order within each folder.
 */
import type { TrafficSource } from '../../engine/traces/read-file.ts';

/** The files of an `<input type="file">` (with or without `webkitdirectory`). */
export function sourcesFromInput(files: FileList | readonly File[]): TrafficSource[] {
  return [...files]
    .map((file) => ({
      // Empty (or, in some environments, absent) outside a folder pick.
      name: file.webkitRelativePath || file.name,
      file,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function entriesOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries returns at most ~100 entries a call: read until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    all.push(...batch);
  }
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function walk(entry: FileSystemEntry, out: TrafficSource[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    out.push({ name: entry.fullPath.replace(/^\//, ''), file });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

/** The files of a drop, folders included; `folders` counts the folders dropped. */
export async function sourcesFromDrop(
  data: DataTransfer,
): Promise<{ sources: TrafficSource[]; folders: number }> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null)) {
    return { sources: sourcesFromInput(data.files), folders: 0 };
  }
  const out: TrafficSource[] = [];
  let folders = 0;
  for (const entry of entries) {
    if (entry!.isDirectory) folders += 1;
    await walk(entry!, out);
  }
  return { sources: out, folders };
}
