/**
 * Streaming one file into a trace reader: the bytes as the browser reads
 * them from disk, decoded as UTF-8 chunk by chunk, never a whole-file
 * string. A file whose first bytes hold a NUL is binary and is not read.
 */
import type { TraceReader } from '../../core/traces/index.ts';

/** A file to import: its bytes and the name to report it by (its path inside a picked or dropped folder). */
export interface TrafficSource {
  readonly name: string;
  readonly file: Blob;
  /** Whose traffic it is (a person or a machine, SPEC §13.7); absent, the file's name stands for it. */
  readonly source?: string;
}

/** How reading one file ended. */
export type FileReadEnd = 'read' | 'binary' | 'cancelled';

const SNIFF_BYTES = 4_096;
const DECODE_BYTES = 32 * 1024;
// Read in slices of this size where a Blob has no stream() (jsdom).
const SLICE_BYTES = 256 * 1024;

function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 0; i < end; i += 1) if (bytes[i] === 0) return true;
  return false;
}

async function* byteChunks(file: Blob): AsyncGenerator<Uint8Array> {
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
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const bytes of byteChunks(file)) {
    if (isCancelled()) return 'cancelled';
    if (first) {
      first = false;
      if (looksBinary(bytes)) return 'binary';
    }
    // Decoded a small piece at a time: a string under V8's large-object size is young garbage,
    // swept in the next scavenge, where a megabyte chunk's string would wait for a full collection.
    for (let at = 0; at < bytes.byteLength; at += DECODE_BYTES) {
      const piece = bytes.subarray(at, Math.min(bytes.byteLength, at + DECODE_BYTES));
      reader.pushText(decoder.decode(piece, { stream: true }));
    }
    onBytes(bytes.byteLength);
  }
  reader.pushText(decoder.decode());
  return 'read';
}
