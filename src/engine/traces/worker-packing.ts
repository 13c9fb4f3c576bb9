/**
 * Large results as they cross from the import worker to the page. Structured
 * clone deserialises object by object on the receiving (main) thread:
 * 30,000 tool outputs or 3,000 replayed hops are one task of 30–70 ms there.
 * Packed into columns — numbers in transferred typed arrays — they arrive at
 * once and are unpacked in a few milliseconds. Unpacking gives back the same
 * objects, key for key.
 */
import type { ReplayOutcome, TrafficCrossFigures } from './traffic-types.ts';

/** Records of one shape as columns: numbers in a Float64Array, anything else as an array. */
export interface PackedRecords {
  readonly count: number;
  readonly keys: readonly string[];
  readonly columns: readonly (Float64Array | readonly unknown[])[];
}

/** `records` as columns, when they all have the same keys in the same order (else `undefined`). */
export function packRecords(records: readonly object[]): PackedRecords | undefined {
  const first = records[0];
  const keys = first === undefined ? [] : Object.keys(first);
  const rows = records as readonly Record<string, unknown>[];
  for (const r of rows) {
    const own = Object.keys(r);
    if (own.length !== keys.length || own.some((k, i) => k !== keys[i])) return undefined;
  }
  const columns = keys.map((k) => {
    const values = rows.map((r) => r[k]);
    return values.every((v) => typeof v === 'number')
      ? Float64Array.from(values as number[])
      : values;
  });
  return { count: records.length, keys, columns };
}

/** The records `packRecords` packed. */
export function unpackRecords<T>(packed: PackedRecords): T[] {
  const out: T[] = [];
  for (let i = 0; i < packed.count; i++) {
    const r: Record<string, unknown> = {};
    packed.keys.forEach((k, c) => {
      r[k] = packed.columns[c]![i];
    });
    out.push(r as T);
  }
  return out;
}

/** The typed arrays' buffers in `packed`, to transfer rather than copy. */
export function buffersOf(packed: PackedRecords | undefined): ArrayBuffer[] {
  if (packed === undefined) return [];
  return packed.columns.flatMap((c) =>
    c instanceof Float64Array ? [c.buffer as ArrayBuffer] : [],
  );
}

/** The cross-tab figures with the tool-output population as columns. */
export interface PackedCrossFigures extends Omit<TrafficCrossFigures, 'population'> {
  readonly population: PackedRecords;
}

/** Packs `figures`' population into columns. */
export function packCrossFigures(figures: TrafficCrossFigures): PackedCrossFigures {
  const population = packRecords(
    figures.population.map((p) => ({ sizeTokens: p.sizeTokens, horizon: p.horizon })),
  )!;
  return { ...figures, population };
}

/** The figures `packCrossFigures` packed. */
export function unpackCrossFigures(packed: PackedCrossFigures): TrafficCrossFigures {
  return { ...packed, population: unpackRecords(packed.population) };
}

/** A replay outcome with its timeline's hops as columns (when they share one shape). */
export type PackedReplayOutcome =
  | { readonly packed: false; readonly outcome: ReplayOutcome }
  | {
      readonly packed: true;
      readonly outcome: Omit<ReplayOutcome, 'timeline'>;
      readonly hops: PackedRecords;
      readonly totalCalls: number;
    };

/** Packs `outcome`'s timeline hops into columns. */
export function packReplayOutcome(outcome: ReplayOutcome): PackedReplayOutcome {
  const hops = packRecords(outcome.timeline.hops);
  if (hops === undefined) return { packed: false, outcome };
  const { timeline, ...rest } = outcome;
  return { packed: true, outcome: rest, hops, totalCalls: timeline.totalCalls };
}

/** The outcome `packReplayOutcome` packed. */
export function unpackReplayOutcome(packed: PackedReplayOutcome): ReplayOutcome {
  if (!packed.packed) return packed.outcome;
  return {
    ...packed.outcome,
    timeline: { hops: unpackRecords(packed.hops), totalCalls: packed.totalCalls },
  };
}
