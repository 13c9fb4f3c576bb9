/**
 * Growable columns of numbers held in fixed-size typed-array blocks: a
 * million calls' counts take 8 bytes a number, off the JavaScript heap,
 * and growing never copies what is held (no block is ever reallocated).
 */

const BLOCK_BITS = 14;
const BLOCK = 1 << BLOCK_BITS;
const MASK = BLOCK - 1;

interface TypedArray {
  [index: number]: number;
}

class Column<A extends TypedArray> {
  private readonly blocks: A[] = [];

  constructor(private readonly make: (length: number) => A) {}

  /** The value at `index` (which must have been set). */
  get(index: number): number {
    return this.blocks[index >>> BLOCK_BITS]![index & MASK]!;
  }

  /** The value at `index`, or 0 where nothing was ever set. */
  getOrZero(index: number): number {
    return this.blocks[index >>> BLOCK_BITS]?.[index & MASK] ?? 0;
  }

  /** Sets the value at `index`, growing the column a block at a time. */
  set(index: number, value: number): void {
    const block = index >>> BLOCK_BITS;
    while (this.blocks.length <= block) this.blocks.push(this.make(BLOCK));
    this.blocks[block]![index & MASK] = value;
  }

  /** Lets every block go. */
  clear(): void {
    this.blocks.length = 0;
  }
}

/** A column of doubles (any count or time, and NaN). */
export class Float64Column extends Column<Float64Array> {
  constructor() {
    super((n) => new Float64Array(n));
  }
}

/** A column of unsigned 32-bit integers (indexes into a table of names). */
export class Uint32Column extends Column<Uint32Array> {
  constructor() {
    super((n) => new Uint32Array(n));
  }
}
