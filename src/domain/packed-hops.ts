/**
 * A run's hop records packed column by column into one `Float64Array` and a
 * string table, for answers from the engine's worker. Receiving 6,000 hop
 * records as plain objects cost the main thread tens of milliseconds of
 * structured-clone decoding; a typed array arrives as one block, and
 * unpacking builds the same records (one object shape, written as a
 * literal) in a few. Exact: every number is a float64 already. Pure.
 */
import type { HopRecord } from '../core/index.ts';
import type {
  ColumnKeys,
  HopColumns,
  HopFlagKey,
  HopList,
  HopNumberKey,
  HopTextKey,
} from './hop-list.ts';

const NUMBERS = [
  'turn',
  'hop',
  'turnHopIndex',
  'at',
  'promptTokens',
  'cachedTokens',
  'writeTokens',
  'uncachedTokens',
  'outputTokens',
  'thinkingTokens',
  'readUsd',
  'writeUsd',
  'inputUsd',
  'outputUsd',
  'classifierUsd',
  'totalUsd',
  'resolverCalls',
] as const satisfies readonly (keyof HopRecord)[];
const FLAGS = [
  'thinking',
  'longContext',
  'forceHonoured',
  'forceDropped',
] as const satisfies readonly (keyof HopRecord)[];
const TEXTS = ['model', 'source', 'cache'] as const satisfies readonly (keyof HopRecord)[];
const FIELDS = NUMBERS.length + FLAGS.length + TEXTS.length;

/** Packed hop records (see the module's comment). */
export interface PackedHops {
  readonly kind: 'packed-hops';
  readonly count: number;
  /** Record after record: the numbers, the flags (0/1), the texts' string-table indices. */
  readonly cells: Float64Array;
  readonly strings: readonly string[];
}

/**
 * Packs `hops`, or returns null when a record is not exactly a `HopRecord`
 * of today's fields (the caller then sends the records as they are).
 */
export function packHops(hops: readonly HopRecord[]): PackedHops | null {
  const cells = new Float64Array(hops.length * FIELDS);
  const strings: string[] = [];
  const index = new Map<string, number>();
  let at = 0;
  for (const hop of hops) {
    let own = 0;
    for (const key in hop) if (Object.hasOwn(hop, key)) own += 1;
    if (own !== FIELDS) return null;
    for (const key of NUMBERS) {
      const value = hop[key];
      if (typeof value !== 'number') return null;
      cells[at++] = value;
    }
    for (const key of FLAGS) {
      const value = hop[key];
      if (typeof value !== 'boolean') return null;
      cells[at++] = value ? 1 : 0;
    }
    for (const key of TEXTS) {
      const value = hop[key];
      if (typeof value !== 'string') return null;
      let i = index.get(value);
      if (i === undefined) {
        i = strings.length;
        strings.push(value);
        index.set(value, i);
      }
      cells[at++] = i;
    }
  }
  return { kind: 'packed-hops', count: hops.length, cells, strings };
}

/** The record packed at cell `i` of `c`, its texts from `s`. */
function unpackOne(c: Float64Array, s: readonly string[], i: number): HopRecord {
  return {
    turn: c[i] as number,
    hop: c[i + 1] as number,
    turnHopIndex: c[i + 2] as number,
    at: c[i + 3] as number,
    promptTokens: c[i + 4] as number,
    cachedTokens: c[i + 5] as number,
    writeTokens: c[i + 6] as number,
    uncachedTokens: c[i + 7] as number,
    outputTokens: c[i + 8] as number,
    thinkingTokens: c[i + 9] as number,
    readUsd: c[i + 10] as number,
    writeUsd: c[i + 11] as number,
    inputUsd: c[i + 12] as number,
    outputUsd: c[i + 13] as number,
    classifierUsd: c[i + 14] as number,
    totalUsd: c[i + 15] as number,
    resolverCalls: c[i + 16] as number,
    thinking: c[i + 17] === 1,
    longContext: c[i + 18] === 1,
    forceHonoured: c[i + 19] === 1,
    forceDropped: c[i + 20] === 1,
    model: s[c[i + 21] as number] as string,
    source: s[c[i + 22] as number] as HopRecord['source'],
    cache: s[c[i + 23] as number] as HopRecord['cache'],
  };
}

/** The records `packHops` packed, equal to them field by field. */
export function unpackHops(packed: PackedHops): HopRecord[] {
  const out = new Array<HopRecord>(packed.count);
  for (let r = 0; r < packed.count; r++)
    out[r] = unpackOne(packed.cells, packed.strings, r * FIELDS);
  return out;
}

/** Where each field sits in a packed record. */
const OFFSET = Object.fromEntries(
  [...NUMBERS, ...FLAGS, ...TEXTS].map((key, i) => [key, i]),
) as unknown as Readonly<Record<keyof HopRecord, number>>;

/**
 * The packed records read by index and field (see `hop-list.ts`), without
 * unpacking them: a field is read from its cell, a text from the string
 * table; `record(i)` builds the one record a tooltip shows.
 */
export function packedHopList(packed: PackedHops): HopList {
  const { cells, strings } = packed;
  const list: HopList = {
    length: packed.count,
    number: (key: HopNumberKey) => {
      const o = OFFSET[key];
      return (i) => cells[i * FIELDS + o] as number;
    },
    flag: (key: HopFlagKey) => {
      const o = OFFSET[key];
      return (i) => cells[i * FIELDS + o] === 1;
    },
    text: <T extends HopTextKey>(key: T) => {
      const o = OFFSET[key];
      return (i: number) => strings[cells[i * FIELDS + o] as number] as HopRecord[T];
    },
    record: (i) => unpackOne(cells, strings, i * FIELDS),
  };
  packingOf.set(list, packed);
  return list;
}

/** The packing each `packedHopList` reads. */
const packingOf = new WeakMap<HopColumns<never>, PackedHops>();

/**
 * `sameColumns` for two readers of packed hops, comparing their cells
 * directly (no call per hop and field); null when either reader is not one
 * `packedHopList` made, for the caller to compare them field by field.
 */
export function samePackedColumns<K extends keyof HopRecord>(
  a: HopColumns<K>,
  b: HopColumns<K>,
  keys: ColumnKeys<K>,
): boolean | null {
  const x = packingOf.get(a);
  const y = packingOf.get(b);
  if (x === undefined || y === undefined) return null;
  if (x === y) return true;
  if (x.count !== y.count) return false;
  const [cx, cy, n] = [x.cells, y.cells, x.count * FIELDS];
  for (const key of [...keys.numbers, ...keys.flags]) {
    for (let i = OFFSET[key]; i < n; i += FIELDS) if (!Object.is(cx[i], cy[i])) return false;
  }
  const [sx, sy] = [x.strings, y.strings];
  for (const key of keys.texts) {
    for (let i = OFFSET[key]; i < n; i += FIELDS)
      if (sx[cx[i] as number] !== sy[cy[i] as number]) return false;
  }
  return true;
}

/** Whether two packings hold equal records (the same cells and string table). */
export function samePackedHops(a: PackedHops, b: PackedHops): boolean {
  if (a === b) return true;
  if (a.count !== b.count || a.cells.length !== b.cells.length) return false;
  if (a.strings.length !== b.strings.length) return false;
  for (let i = 0; i < a.strings.length; i++) if (a.strings[i] !== b.strings[i]) return false;
  const x = a.cells;
  const y = b.cells;
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  return true;
}
