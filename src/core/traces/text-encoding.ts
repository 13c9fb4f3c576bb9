/**
 * Which text encoding a trace file's bytes are in, told by its byte-order
 * mark: UTF-16 files (as some Windows tools write logs) carry one, and
 * without this they would look binary (every other byte of ASCII text is 0).
 * A file without a mark is UTF-8, as every trace format is written.
 */

/** An encoding `TextDecoder` reads. */
export type TraceTextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding of a file that starts with `bytes` (at least its first two bytes, when it has them). */
export function textEncodingOf(bytes: Uint8Array): TraceTextEncoding {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** True when the file's first bytes hold a NUL: binary, not text (UTF-16 is told apart first). */
export function looksBinary(bytes: Uint8Array, sniffBytes = 4_096): boolean {
  const end = Math.min(bytes.length, sniffBytes);
  for (let i = 0; i < end; i += 1) if (bytes[i] === 0) return true;
  return false;
}
