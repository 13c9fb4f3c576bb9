/**
 * The byte codecs of a scenario link (`#s=`): base64url without padding, and
 * raw deflate through the browser's compression streams, inflating at most a
 * given number of bytes so a zip bomb costs nothing.
 */

/** Bytes to base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * base64url (padding optional) to bytes; null when the text is not base64.
 * Lenient on what hand-written links do: the standard alphabet (`+`, `/`) and
 * percent-encoded padding are accepted too.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (/%3D/i.test(text)) text = text.replace(/%3D/gi, '=');
  if (!/^[A-Za-z0-9_+/-]*={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  const padded =
    bare.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (bare.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  // Not Blob#stream(): jsdom's Blob (in tests) has none.
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Reads a byte stream to the end; 'tooLarge' past `limit` bytes (the stream
 * is cancelled, so a zip bomb costs nothing).
 */
async function collect(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | 'tooLarge'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        reader.cancel().catch(() => undefined);
        return 'tooLarge';
      }
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Compresses `bytes` with raw deflate (the `#s=` link's format). */
export async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const out = await collect(
    streamOf(bytes).pipeThrough(new CompressionStream('deflate-raw')),
    Number.POSITIVE_INFINITY,
  );
  return out === 'tooLarge' ? new Uint8Array() : out;
}

/** Inflates at most `limit` bytes; null on damaged data, 'tooLarge' past the limit. */
export async function inflateRaw(
  bytes: Uint8Array<ArrayBuffer>,
  limit: number,
): Promise<Uint8Array | null | 'tooLarge'> {
  try {
    return await collect(
      streamOf(bytes).pipeThrough(new DecompressionStream('deflate-raw')),
      limit,
    );
  } catch {
    return null;
  }
}
