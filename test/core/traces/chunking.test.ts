// @vitest-environment node
/**
 * The reader is incremental (a Web Worker feeds it a file in chunks): seeded
 * properties that any chunking of any file gives exactly what reading it
 * whole gives, and that a file read twice adds nothing.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createTraceReader,
  readTraceFiles,
  type TraceReadResult,
} from '../../../src/core/traces/index.ts';
import { ALL_FIXTURES, fixture } from './fixtures.ts';

const RUNS = { seed: 4_242, numRuns: 60 } as const;

// The public vectors' trace files too: real-shaped transcripts, BOM, CRLF, every format.
const VECTOR_FILES: Array<{ name: string; text: string }> = (
  JSON.parse(
    readFileSync(
      join(resolve(import.meta.dirname, '..', '..', 'fixtures', 'conformance'), 'trace.json'),
      'utf8',
    ),
  ) as { cases: Array<{ input: { files: Array<{ name: string; text: string }> } }> }
).cases.flatMap((c) => c.input.files);

const FILES = [...ALL_FIXTURES.map(fixture), ...VECTOR_FILES];

/** Reads `files`, each cut at `cuts` (fractions of its length). */
function readInChunks(
  files: ReadonlyArray<{ name: string; text: string }>,
  cuts: readonly number[],
): TraceReadResult {
  const reader = createTraceReader();
  for (const { name, text } of files) {
    reader.beginFile(name);
    const points = [...new Set(cuts.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b);
    let from = 0;
    for (const point of points) {
      reader.pushText(text.slice(from, point));
      from = point;
    }
    reader.pushText(text.slice(from));
    reader.endFile();
  }
  return reader.finish();
}

const subsetArb = fc.subarray(FILES, { minLength: 1 });
const cutsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 });

describe('incremental reading', () => {
  it.each(FILES.map((file) => [file.name, file] as const))(
    '%s read one character at a time equals it read whole',
    (_name, file) => {
      if (file.text.length > 40_000) return;
      const reader = createTraceReader();
      reader.beginFile(file.name);
      for (const ch of file.text) reader.pushText(ch);
      reader.endFile();
      expect(reader.finish()).toEqual(readTraceFiles([file]));
    },
  );

  it('any chunking of any set of files gives what reading them whole gives', () => {
    fc.assert(
      fc.property(subsetArb, cutsArb, (files, cuts) => {
        expect(readInChunks(files, cuts)).toEqual(readTraceFiles(files));
      }),
      RUNS,
    );
  });

  it('files read a second time add no call and no tool result', () => {
    fc.assert(
      fc.property(subsetArb, (files) => {
        const once = readTraceFiles(files);
        const twice = readTraceFiles([...files, ...files]);
        expect(twice.calls).toEqual(once.calls);
        // Their unreadable records are reported again, under the same file and line.
        expect(twice.skipped).toEqual([...once.skipped, ...once.skipped]);
      }),
      RUNS,
    );
  });

  it('a reader told to keep no tool results reads the same calls, without them', () => {
    fc.assert(
      fc.property(subsetArb, cutsArb, (files, cuts) => {
        const kept = readInChunks(files, cuts);
        const reader = createTraceReader(undefined, { toolResults: false });
        for (const { name, text } of files) {
          reader.beginFile(name);
          reader.pushText(text);
          reader.endFile();
        }
        const without = reader.finish();
        expect(without.calls.every((call) => call.toolResults.length === 0)).toBe(true);
        expect(without.calls).toEqual(kept.calls.map((call) => ({ ...call, toolResults: [] })));
        expect(without.skipped).toEqual(kept.skipped);
      }),
      RUNS,
    );
    // Not vacuous: the files do hold tool results.
    expect(readTraceFiles(FILES).calls.some((call) => call.toolResults.length > 0)).toBe(true);
  });
});
