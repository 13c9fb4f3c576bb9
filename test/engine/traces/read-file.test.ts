// @vitest-environment node
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { TraceReader } from '../../../src/core/traces/index.ts';
import { readFileInto } from '../../../src/engine/traces/read-file.ts';

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
