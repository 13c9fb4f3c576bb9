import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { billTrace, readTraceFiles, replayTrace } from '../../../src/core/traces/index.ts';
import { loadPriceBook } from '../../../src/domain/price-book-load.ts';
import { billingPricing } from '../../../src/domain/price-book-rows.ts';
import {
  BINARY_FILE_REASON,
  UNREADABLE_FILE_REASON,
} from '../../../src/engine/traces/read-file.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import type { ImportProgress } from '../../../src/engine/traces/traffic-types.ts';
import { fixturePaths, sourceOf, textSource, TRACE_FIXTURES } from './fixture-sources.ts';

const paths = fixturePaths();
const sources = () => paths.map(sourceOf);
const textFiles = () =>
  paths.map((p) => ({ name: sourceOf(p).name, text: readFileSync(p, 'utf8') }));

afterEach(async () => {
  await new TrafficService().forget();
});

describe('TrafficService', () => {
  it('reads every fixture as the core reads the same texts, and bills and calibrates them', async () => {
    // Without the price book: the scenario's table alone, as the core bills it.
    const service = new TrafficService({ priceBook: () => Promise.resolve(undefined) });
    const progress: ImportProgress[] = [];
    const outcome = await service.importFiles(sources(), (p) => progress.push(p));
    const expected = readTraceFiles(textFiles(), DEFAULT_PRICING);

    expect(outcome.status).toBe('done');
    expect(outcome.addedCalls).toBe(expected.calls.length);
    expect(outcome.meta?.callCount).toBe(expected.calls.length);
    expect(outcome.meta?.files.map((f) => [f.name, f.format, f.records])).toEqual(
      expected.files.map((f) => [f.name, f.format, f.records]),
    );
    // The binary fixture is named as binary, in its place among the files.
    const binary = outcome.meta!.skipped.find((s) => s.file === 'binary.bin');
    expect(binary).toEqual({ file: 'binary.bin', line: 0, reason: BINARY_FILE_REASON });
    const others = outcome.meta!.skipped.filter((s) => s.file !== 'binary.bin');
    expect(others).toEqual(expected.skipped.filter((s) => s.file !== 'binary.bin'));
    expect(outcome.meta!.skipped.map((s) => s.file)).toEqual(expected.skipped.map((s) => s.file));

    const last = progress.at(-1)!;
    expect(last.filesDone).toBe(paths.length);
    expect(last.calls).toBe(expected.calls.length);
    expect(last.bytesTotal).toBe(paths.reduce((n, p) => n + readFileSync(p).length, 0));

    const analysis = (await service.analyse(DEFAULT_PRICING))!;
    expect(analysis.calls).toBe(expected.calls.length);
    expect(analysis.billed.totals.totalUsd).toBeCloseTo(expected.billed!.totals.totalUsd, 12);
    expect(new Map(analysis.billed.byModel.map((r) => [r.key, r.totalUsd]))).toEqual(
      new Map([...expected.billed!.byModel].map(([k, v]) => [k, v.totalUsd])),
    );
    const unpriced = analysis.models.filter((m) => m.priceRow === undefined);
    expect(new Map(unpriced.map((m) => [m.name, m.calls]))).toEqual(expected.billed!.unpriced);
    const replay = replayTrace(expected.calls, DEFAULT_PRICING, { kind: 'asRun' }).calibration!;
    expect(analysis.calibration?.withinTwoPercent).toBe(replay.withinTwoPercent);
    expect(analysis.calibration?.share).toBe(replay.share);
    expect(analysis.calibration?.points).toHaveLength(replay.calls);
  });

  it('bills with the dated price book, overridden by the scenario, by default', async () => {
    const service = new TrafficService();
    await service.importFiles(sources());
    const { calls } = readTraceFiles(textFiles());
    const book = await loadPriceBook();
    const names = new Set(calls.map((c) => c.model));
    const expected = billTrace(calls, billingPricing(book, DEFAULT_PRICING, names));
    const withoutBook = billTrace(calls, DEFAULT_PRICING);
    // The fixtures hold a model the 12 default rows leave unpriced and the book knows.
    expect(withoutBook.unpriced.size).toBeGreaterThan(0);
    const known = [...names].filter((n) => book.resolve(n) !== undefined);
    expect(known.filter((n) => expected.unpriced.has(n))).toEqual([]);

    const analysis = (await service.analyse(DEFAULT_PRICING))!;
    expect(analysis.billed.totals.totalUsd).toBeCloseTo(expected.totals.totalUsd, 12);
    expect(analysis.models.filter((m) => m.priceRow === undefined).map((m) => m.name)).toEqual([
      ...expected.unpriced.keys(),
    ]);

    // A row of the scenario's own (a hand edit) wins over the book's.
    const edited = { ...DEFAULT_PRICING, 'gpt-5': { provider: 'openai', input: 100, output: 100 } };
    const editedExpected = billTrace(calls, billingPricing(book, edited, names));
    const editedAnalysis = (await service.analyse(edited))!;
    expect(editedAnalysis.billed.totals.totalUsd).toBeCloseTo(editedExpected.totals.totalUsd, 12);
    expect(editedAnalysis.billed.totals.totalUsd).toBeGreaterThan(analysis.billed.totals.totalUsd);
  });

  it('keeps the traffic for a new service (a reload) and forgets it on request', async () => {
    await new TrafficService().importFiles(sources());
    const reloaded = new TrafficService();
    const meta = await reloaded.load();
    expect(meta?.files).toHaveLength(paths.length);
    const rows = await reloaded.rows(0, 5);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort((a, b) => a! - b!));
    await reloaded.forget();
    expect(await new TrafficService().load()).toBeUndefined();
  });

  it('adds a second import to the first without counting a call twice', async () => {
    const service = new TrafficService();
    const first = await service.importFiles(sources());
    const again = await service.importFiles(sources().slice(0, 3));
    expect(again.addedCalls).toBe(0);
    expect(again.meta?.callCount).toBe(first.meta?.callCount);
    expect(again.meta?.files).toHaveLength(paths.length + 3);
  });

  it('keeps what was stored before a cancelled import', async () => {
    const service = new TrafficService();
    const first = await service.importFiles([sourceOf(`${TRACE_FIXTURES}/openai-chat.jsonl`)]);
    const big = textSource(
      'big.jsonl',
      readFileSync(`${TRACE_FIXTURES}/openai-chat.jsonl`, 'utf8').repeat(20_000),
    );
    let asked = false;
    const outcome = await service.importFiles([big], () => {
      if (!asked) {
        asked = true;
        service.cancel();
      }
    });
    expect(outcome.status).toBe('cancelled');
    expect(outcome.meta).toEqual(first.meta);
    expect((await new TrafficService().load())?.callCount).toBe(first.meta?.callCount);
  });

  it('reports a file in no known format and still reads the others', async () => {
    const service = new TrafficService();
    const outcome = await service.importFiles([
      textSource('notes.txt', 'hello\nworld\n'),
      sourceOf(`${TRACE_FIXTURES}/openai-responses.jsonl`),
    ]);
    expect(outcome.meta?.skipped[0]).toMatchObject({ file: 'notes.txt', line: 0 });
    expect(outcome.meta?.skipped[0]?.reason).toMatch(
      /^not a usage trace this explorer can read: expected/,
    );
    expect(outcome.meta?.callCount).toBeGreaterThan(0);
  });

  it('reads a UTF-16 file and, beside a file the disk cannot read, still reads the others', async () => {
    const line = readFileSync(TRACE_FIXTURES + '/anthropic-messages.jsonl', 'utf8');
    const units = new Uint16Array([0xfeff, ...Array.from(line, (c) => c.charCodeAt(0))]);
    const utf16 = { name: 'windows-log.jsonl', file: new File([units], 'windows-log.jsonl') };
    const gone = {
      name: 'moved.jsonl',
      file: {
        size: 10,
        stream: () =>
          new ReadableStream<Uint8Array>({
            pull() {
              throw new DOMException('gone', 'NotFoundError');
            },
          }),
      } as unknown as Blob,
    };
    const service = new TrafficService({ priceBook: () => Promise.resolve(undefined) });
    const outcome = await service.importFiles([gone, utf16]);
    const expected = readTraceFiles([{ name: 'windows-log.jsonl', text: line }]);
    expect(outcome.addedCalls).toBe(expected.calls.length);
    expect(expected.calls.length).toBeGreaterThan(0);
    expect(outcome.meta!.skipped[0]).toEqual({
      file: 'moved.jsonl',
      line: 0,
      reason: UNREADABLE_FILE_REASON,
    });
  });
});
