/**
 * A run's hops read field by field and index by index, without building a
 * record per hop: over a plain list of records (a short conversation's run,
 * replayed traffic) or over packed columns (a long conversation's run as the
 * engine sends it, see `packed-hops.ts`). The timeline, its summary line,
 * the hop table and the lab's counts read a run through this, so a step of
 * a 6,000-hop conversation builds no hop objects: unpacking them cost the
 * main thread milliseconds a step, and the collector more. Exact: a packed
 * field is the record's own float64. Pure.
 */
import type { HopRecord } from '../core/index.ts';

type KeysOf<V> = { [K in keyof HopRecord]-?: HopRecord[K] extends V ? K : never }[keyof HopRecord];

/** The numeric fields of a hop record. */
export type HopNumberKey = KeysOf<number>;
/** The yes/no fields of a hop record. */
export type HopFlagKey = KeysOf<boolean>;
/** The text fields of a hop record. */
export type HopTextKey = KeysOf<string>;

/**
 * Hops read by field, `K` the fields the reader may read: each method gives
 * the field's column as a function of the hop's index (0 to `length - 1`),
 * for loops over thousands of hops.
 */
export interface HopColumns<K extends keyof HopRecord = keyof HopRecord> {
  readonly length: number;
  number(key: K & HopNumberKey): (i: number) => number;
  flag(key: K & HopFlagKey): (i: number) => boolean;
  text<T extends K & HopTextKey>(key: T): (i: number) => HopRecord[T];
}

/** Every field of a run's hops, and a hop as a whole record when one is shown (a tooltip). */
export interface HopList extends HopColumns {
  /** Hop `i` as a record, equal field by field to the run's own. */
  record(i: number): HopRecord;
}

/** A plain list of records, read as a `HopList` (its records are its own). */
export function hopList(records: readonly HopRecord[]): HopList {
  const at = (i: number) => records[i] as HopRecord;
  return {
    length: records.length,
    number: (key) => (i) => at(i)[key],
    flag: (key) => (i) => at(i)[key],
    text: (key) => (i) => at(i)[key],
    record: at,
  };
}

/** The fields `sameColumns` compares, by kind. */
export interface ColumnKeys<K extends keyof HopRecord> {
  readonly numbers: readonly (K & HopNumberKey)[];
  readonly flags: readonly (K & HopFlagKey)[];
  readonly texts: readonly (K & HopTextKey)[];
}

/** Whether two readers hold equal values of every field of `keys`, hop by hop. */
export function sameColumns<K extends keyof HopRecord>(
  a: HopColumns<K>,
  b: HopColumns<K>,
  keys: ColumnKeys<K>,
): boolean {
  if (a === b) return true;
  const n = a.length;
  if (b.length !== n) return false;
  for (const key of keys.numbers) {
    const [x, y] = [a.number(key), b.number(key)];
    for (let i = 0; i < n; i++) if (!Object.is(x(i), y(i))) return false;
  }
  for (const key of keys.flags) {
    const [x, y] = [a.flag(key), b.flag(key)];
    for (let i = 0; i < n; i++) if (x(i) !== y(i)) return false;
  }
  for (const key of keys.texts) {
    const [x, y] = [a.text(key), b.text(key)];
    for (let i = 0; i < n; i++) if (x(i) !== y(i)) return false;
  }
  return true;
}

/** How many hops carry each value of a text field (`source`: how many hops each rule chose), in first-seen order. */
export function countBy(hops: HopColumns, key: HopTextKey): Map<string, number> {
  const value = hops.text(key);
  const counts = new Map<string, number>();
  for (let i = 0; i < hops.length; i++) {
    const v = value(i);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counts;
}
