/**
 * Streaming one file into a trace reader: the bytes as the browser reads
 * them from disk, decoded chunk by chunk (UTF-8, or UTF-16 when the file
 * starts with its byte-order mark), never a whole-file string. A file whose
 * first bytes hold a NUL is binary and is not read.
 */
import {
  looksBinary,
  textEncodingOf,
  UNKNOWN_FORMAT_REASON,
  type TraceReader,
  type TraceTextEncoding,
} from '../../core/traces/index.ts';

/** A file to import: its bytes and the name to report it by (its path inside a picked or dropped folder). */
export interface TrafficSource {
  readonly name: string;
  readonly file: Blob;
  /** Whose traffic it is (a person or a machine, SPEC §13.7); absent, the file's name stands for it. */
  readonly source?: string;
}

/** How reading one file ended. */
export type FileReadEnd = 'read' | 'binary' | 'cancelled';

const DECODE_BYTES = 32 * 1024;
// Read in slices of this size where a Blob has no stream() (jsdom).
const SLICE_BYTES = 256 * 1024;

/** The disk read of a file failed (moved, deleted, locked): not a fault of its content. */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
}

/** Why a binary file is not read. */
export const BINARY_FILE_REASON = `a binary file, not text: ${UNKNOWN_FORMAT_REASON}`;
/** Why a file the browser could not read is not read. */
export const UNREADABLE_FILE_REASON =
  'the browser could not read this file (it may have been moved, deleted or locked)';

/** Why reading a file's content stopped part way: the calls read before it are kept. */
export function readingStoppedReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `reading stopped part way through this file (${message}); the calls read before that point are kept`;
}

async function* diskChunks(file: Blob): AsyncGenerator<Uint8Array> {
  // jsdom's Blob has no stream(): the slices below stand in for it there.
  if (typeof (file as Partial<Blob>).stream === 'function') {
    const reader = file.stream().getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      // Stops the disk read when the caller stops early (cancel, binary file).
      void reader.cancel().catch(() => undefined);
    }
  }
  for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
    const slice = file.slice(offset, offset + SLICE_BYTES);
    yield new Uint8Array(await blobBytes(slice));
  }
}

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // jsdom's Blob has neither stream() nor arrayBuffer(): its FileReader does.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

// The file's chunks, with a failed disk read told apart from a failure to read what was read.
async function* byteChunks(file: Blob): AsyncGenerator<Uint8Array> {
  const chunks = diskChunks(file);
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw new FileReadError(error instanceof Error ? error.message : String(error));
    }
    if (next.done === true) return;
    yield next.value;
  }
}

/**
 * Reads `file` into `reader` (between its `beginFile` and `endFile`),
 * reporting each chunk's size in bytes; stops between chunks once
 * `isCancelled()` says so.
 */
export async function readFileInto(
  reader: TraceReader,
  file: Blob,
  onBytes: (bytes: number) => void,
  isCancelled: () => boolean,
): Promise<FileReadEnd> {
  let decoder: TextDecoder | undefined;
  // The first chunk of a stream may hold a single byte: the mark is told from two.
  let head: Uint8Array | undefined;
  for await (const chunk of byteChunks(file)) {
    if (isCancelled()) return 'cancelled';
    let bytes = chunk;
    if (decoder === undefined) {
      bytes = head === undefined ? chunk : concat(head, chunk);
      if (bytes.length < 2) {
        head = bytes;
        continue;
      }
      const encoding: TraceTextEncoding = textEncodingOf(bytes);
      if (encoding === 'utf-8' && looksBinary(bytes)) return 'binary';
      decoder = new TextDecoder(encoding);
    }
    // Decoded a small piece at a time: a string under V8's large-object size is young garbage,
    // swept in the next scavenge, where a megabyte chunk's string would wait for a full collection.
    for (let at = 0; at < bytes.byteLength; at += DECODE_BYTES) {
      const piece = bytes.subarray(at, Math.min(bytes.byteLength, at + DECODE_BYTES));
      reader.pushText(decoder.decode(piece, { stream: true }));
    }
    onBytes(bytes.byteLength);
  }
  if (decoder === undefined) {
    // A file of fewer than two bytes.
    if (head !== undefined && looksBinary(head)) return 'binary';
    decoder = new TextDecoder('utf-8');
    if (head !== undefined) {
      reader.pushText(decoder.decode(head, { stream: true }));
      onBytes(head.byteLength);
    }
  }
  reader.pushText(decoder.decode());
  return 'read';
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
