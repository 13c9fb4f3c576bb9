/**
 * The command line's replay (`replayAllTraffic` over a reader's store, a
 * conversation at a time) against the worker's (`replayTraffic` over the
 * stored array): the same outcome, field for field, timeline included.
 * Likewise its search for the cheapest setting (`searchAllTraffic` against
 * `searchTraffic`), under the default and under open constraints.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pricingOf } from '../../../src/conformance/pricing-of.ts';
import { DEFAULT_PRICING, type PricingTable } from '../../../src/core/pricing.ts';
import { CallStore } from '../../../src/core/traces/call-store.ts';
import {
  createTraceReader,
  type RereadableCalls,
  type TraceCall,
  type TraceInputFile,
} from '../../../src/core/traces/index.ts';
import type { ReplayPlanChoice } from '../../../src/domain/traffic-replay.ts';
import {
  replayAllTraffic,
  replayTraffic,
  searchAllTraffic,
  searchTraffic,
} from '../../../src/engine/traces/replay-service.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';

const CHOICES: readonly ReplayPlanChoice[] = [
  { model: { kind: 'map', mapping: [] }, ttlSeconds: null },
  { model: { kind: 'one', model: 'claude-haiku-4-5' }, ttlSeconds: 300 },
  { model: { kind: 'one', model: 'claude-sonnet-4-5' }, ttlSeconds: null },
  {
    model: { kind: 'map', mapping: [{ from: 'claude-opus-4-6', to: 'claude-haiku-4-5' }] },
    ttlSeconds: 3600,
  },
  { model: { kind: 'one', model: 'no-such-model' }, ttlSeconds: null },
];

/** The same calls read twice: once to be read again and again, once as the worker stores them. */
interface ReadTwice {
  readonly rereadable: RereadableCalls;
  readonly calls: readonly TraceCall[];
}

function expectSameOutcomes(readTwice: () => ReadTwice, pricing: PricingTable): void {
  for (const choice of CHOICES) {
    const { rereadable, calls } = readTwice();
    const worker = replayTraffic(calls, pricing, { scope: { kind: 'all' }, choice });
    expect(replayAllTraffic(rereadable, pricing, choice)).toEqual(worker);
  }
  for (const constraints of [undefined, { substitutes: 'any' as const }]) {
    const { rereadable, calls } = readTwice();
    const worker = searchTraffic(calls, pricing, { kind: 'all' }, constraints);
    expect(searchAllTraffic(rereadable, pricing, constraints)).toEqual(worker);
  }
}

interface VectorCase {
  readonly name: string;
  readonly input: Record<string, unknown> & { readonly files: readonly TraceInputFile[] };
}

const cases = ['trace.json', 'trace-r3.json', 'replay.json', 'replay-r3.json'].flatMap((name) => {
  const url = new URL(`../../fixtures/conformance/${name}`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { cases: VectorCase[] }).cases;
});

function readerOf(files: readonly TraceInputFile[]) {
  const reader = createTraceReader(undefined, { toolResults: false });
  for (const file of files) {
    reader.beginFile(file.name, file.source);
    reader.pushText(file.text);
    reader.endFile();
  }
  return reader;
}

describe('replayAllTraffic and searchAllTraffic', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    'equal replayTraffic and searchTraffic on %s',
    (_name, vector) => {
      const pricing = pricingOf(vector.input);
      expectSameOutcomes(() => {
        const lazy = readerOf(vector.input.files).finishLazily();
        const array = readerOf(vector.input.files).finish().calls;
        return { rereadable: lazy.rereadable, calls: array };
      }, pricing);
    },
  );

  it('equal replayTraffic and searchTraffic on seeded traffic stored as a reader stores it', () => {
    const traffic = seededTraffic(5, 60, ['claude-opus-4-6', 'claude-haiku-4-5', 'o3-pro']);
    // Conversations interleaved, and the odd undated call.
    const shuffled = traffic.map((c, i) => ({ ...c, at: i % 17 === 0 ? null : c.at! + (i % 5) }));
    expectSameOutcomes(() => {
      const store = new CallStore(false);
      for (const call of shuffled) store.add(call);
      const again = new CallStore(false);
      for (const call of shuffled) again.add(call);
      const array = again.finish();
      return { rereadable: store.rereadable(), calls: array };
    }, DEFAULT_PRICING);
  });
});
