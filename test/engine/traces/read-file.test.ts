// @vitest-environment node
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { TraceReader } from '../../../src/core/traces/index.ts';
import { FileReadError, readFileInto } from '../../../src/engine/traces/read-file.ts';

/** A reader that keeps the text it is given (only pushText is used by readFileInto). */
function collecting(): { reader: TraceReader; text: () => string } {
  const pieces: string[] = [];
  const reader = {
    pushText: (chunk: string) => pieces.push(chunk),
  } as unknown as TraceReader;
  return { reader, text: () => pieces.join('') };
}

// Over a megabyte of lines with two- and three-byte characters, so chunks split inside characters.
const TEXT = Array.from(
  { length: 20_000 },
  (_, i) => `{"n":${i},"s":"合計 ✓ é ${'x'.repeat(i % 97)}"}\n`,
).join('');

describe('readFileInto', () => {
  it('gives back the file’s text exactly, read through its stream in chunks', async () => {
    const file = new NodeBlob([TEXT]) as unknown as Blob;
    const { reader, text } = collecting();
    const sizes: number[] = [];
    const end = await readFileInto(
      reader,
      file,
      (n) => sizes.push(n),
      () => false,
    );
    expect(end).toBe('read');
    expect(text()).toBe(TEXT);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(new TextEncoder().encode(TEXT).byteLength);
  });

  it('reads a file whose stream holds chunks of any size, and stops when cancelled', async () => {
    const bytes = new TextEncoder().encode(TEXT);
    const plain = {
      size: bytes.byteLength,
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.byteLength; at += 100_000)
              controller.enqueue(bytes.slice(at, at + 100_000));
            controller.close();
          },
        }),
    } as unknown as Blob;
    const whole = collecting();
    expect(
      await readFileInto(
        whole.reader,
        plain,
        () => undefined,
        () => false,
      ),
    ).toBe('read');
    expect(whole.text()).toBe(TEXT);
    let chunks = 0;
    const part = collecting();
    const end = await readFileInto(
      part.reader,
      plain,
      () => (chunks += 1),
      () => chunks >= 2,
    );
    expect(end).toBe('cancelled');
    expect(part.text().length).toBeLessThan(TEXT.length);
  });

  it('does not read a binary file', async () => {
    const file = new NodeBlob([new Uint8Array([0x7b, 0, 1, 2])]) as unknown as Blob;
    const { reader, text } = collecting();
    expect(
      await readFileInto(
        reader,
        file,
        () => undefined,
        () => false,
      ),
    ).toBe('binary');
    expect(text()).toBe('');
  });
});

describe('readFileInto, encodings', () => {
  const LINES = '{"a":"合計 ✓"}\n{"b":2}\n';

  function utf16(text: string, order: 'le' | 'be'): Uint8Array {
    const out = new Uint8Array(2 + text.length * 2);
    out[0] = order === 'le' ? 0xff : 0xfe;
    out[1] = order === 'le' ? 0xfe : 0xff;
    for (let i = 0; i < text.length; i += 1) {
      const unit = text.charCodeAt(i);
      out[2 + 2 * i + (order === 'le' ? 0 : 1)] = unit & 0xff;
      out[2 + 2 * i + (order === 'le' ? 1 : 0)] = unit >> 8;
    }
    return out;
  }

  /** A Blob-like whose stream gives `bytes` in chunks of `size`. */
  function chunked(bytes: Uint8Array, size: number): Blob {
    return {
      size: bytes.byteLength,
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.byteLength; at += size)
              controller.enqueue(bytes.slice(at, at + size));
            controller.close();
          },
        }),
    } as unknown as Blob;
  }

  it.each([
    ['UTF-16LE', 'le', 1],
    ['UTF-16LE', 'le', 3],
    ['UTF-16BE', 'be', 1],
    ['UTF-16BE', 'be', 4_096],
  ] as const)(
    'reads %s with its byte-order mark, in chunks of %i bytes',
    async (_, order, size) => {
      const { reader, text } = collecting();
      const end = await readFileInto(
        reader,
        chunked(utf16(LINES, order), size),
        () => {},
        () => false,
      );
      expect(end).toBe('read');
      expect(text()).toBe(LINES);
    },
  );

  it('still calls a file with NULs and no mark binary', async () => {
    const { reader } = collecting();
    const bytes = new Uint8Array([0x7b, 0x00, 0x7d, 0x00]);
    expect(
      await readFileInto(
        reader,
        chunked(bytes, 2),
        () => {},
        () => false,
      ),
    ).toBe('binary');
  });

  it('reads a one-byte file', async () => {
    const { reader, text } = collecting();
    const end = await readFileInto(
      reader,
      chunked(new Uint8Array([0x7b]), 1),
      () => {},
      () => false,
    );
    expect(end).toBe('read');
    expect(text()).toBe('{');
  });

  it('tells a failed disk read apart from a failure to read what was read', async () => {
    const failing = {
      size: 10,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull() {
            throw new DOMException('gone', 'NotFoundError');
          },
        }),
    } as unknown as Blob;
    const { reader } = collecting();
    await expect(
      readFileInto(
        reader,
        failing,
        () => {},
        () => false,
      ),
    ).rejects.toBeInstanceOf(FileReadError);
    const throwing = {
      pushText: () => {
        throw new RangeError('Invalid string length');
      },
    } as unknown as TraceReader;
    await expect(
      readFileInto(
        throwing,
        chunked(new TextEncoder().encode('{}\n'), 8),
        () => {},
        () => false,
      ),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
