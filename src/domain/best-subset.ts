/**
 * The comparison the admission ladder draws against the whole-row rule: the
 * most tokens any subset of the droppable rows could keep under a capacity
 * (the budget minus the pinned tokens). That is a 0/1 knapsack in which every
 * row's value is its size, solved once for every capacity up to the total.
 *
 * This is explorer analysis, not a framework policy: the framework's rule is
 * deliberately not optimal, because it drops in a fixed, explainable order.
 *
 * Bounded: the table has at most `maxCells` cells (rows × capacities). When
 * exact capacities would need more, tokens are counted in units of `scale`
 * tokens, each row rounded up, which keeps every answer feasible: the result
 * is then a lower bound on the optimum, labelled approximate.
 */

/** Default bound on rows × capacities (16 million cells: 2 MB of choice bits, tens of ms). */
export const DEFAULT_MAX_CELLS = 16_000_000;

/** A solved knapsack over every capacity from 0 to the droppable total. */
export interface BestSubsetTable {
  /** The droppable rows' tokens, in the order given. */
  readonly tokens: ArrayLike<number>;
  /** Their sum: at this capacity or more, every row is kept. */
  readonly totalTokens: number;
  /** Tokens per capacity unit: 1 when exact. */
  readonly scale: number;
  /** True when every answer is the exact optimum. */
  readonly exact: boolean;
  /** `best[c]`: most tokens keepable with scaled capacity `c`. */
  readonly best: Float64Array;
  /** Bit `i * width + c` is set when row i is in the best subset for capacity c over rows 0..i. */
  readonly take: Uint32Array;
  readonly width: number;
}

/** The best subset for one capacity. */
export interface BestSubset {
  /** Tokens kept by the best subset (≤ capacity). */
  readonly keptTokens: number;
  /** Indices (into the table's rows) of the rows kept, ascending. */
  readonly kept: readonly number[];
  readonly exact: boolean;
}

/**
 * Solves the knapsack for every capacity from 0 to the sum of `tokens`
 * (whole tokens ≥ 0), within `maxCells` cells.
 */
export function solveBestSubset(
  tokens: ArrayLike<number>,
  maxCells: number = DEFAULT_MAX_CELLS,
): BestSubsetTable {
  const n = tokens.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += tokens[i] as number;
  const cellsPerRow = Math.max(1, Math.floor(maxCells / Math.max(1, n)));
  const scale = total + 1 <= cellsPerRow ? 1 : Math.ceil(total / (cellsPerRow - 1 || 1));
  const weights = Array.from(tokens, (t) => Math.ceil(t / scale));
  let width = 1;
  for (const w of weights) width += w;
  width = Math.min(width, Math.floor(total / scale) + 1);
  const best = new Float64Array(width);
  const take = new Uint32Array(Math.ceil((n * width) / 32));
  for (let i = 0; i < n; i++) {
    const w = weights[i] as number;
    const value = tokens[i] as number;
    const row = i * width;
    // Descending capacities so each row is used at most once.
    for (let c = width - 1; c >= w; c--) {
      const withRow = (best[c - w] as number) + value;
      if (withRow > (best[c] as number)) {
        best[c] = withRow;
        const bit = row + c;
        take[bit >>> 5] = (take[bit >>> 5] as number) | (1 << (bit & 31));
      }
    }
  }
  return { tokens, totalTokens: total, scale, exact: scale === 1, best, take, width };
}

/**
 * The best subset of the table's rows for `capacity` tokens (clamped to
 * 0…total), with the rows it keeps.
 */
export function bestSubsetAt(table: BestSubsetTable, capacity: number): BestSubset {
  if (capacity < 0) return { keptTokens: 0, kept: [], exact: table.exact };
  if (capacity >= table.totalTokens) {
    return {
      keptTokens: table.totalTokens,
      kept: Array.from(table.tokens, (_, i) => i),
      exact: true,
    };
  }
  let c = Math.min(table.width - 1, Math.floor(capacity / table.scale));
  const kept: number[] = [];
  for (let i = table.tokens.length - 1; i >= 0; i--) {
    const bit = i * table.width + c;
    if (((table.take[bit >>> 5] as number) >>> (bit & 31)) & 1) {
      kept.push(i);
      c -= Math.ceil((table.tokens[i] as number) / table.scale);
    }
  }
  kept.reverse();
  let keptTokens = 0;
  for (const i of kept) keptTokens += table.tokens[i] as number;
  return { keptTokens, kept, exact: table.exact };
}

/** Most tokens keepable within `capacity` tokens (0 when capacity < 0). */
export function bestKeptTokens(table: BestSubsetTable, capacity: number): number {
  if (capacity < 0) return 0;
  if (capacity >= table.totalTokens) return table.totalTokens;
  const c = Math.min(table.width - 1, Math.floor(capacity / table.scale));
  return table.best[c] as number;
}
