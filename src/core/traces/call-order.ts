/**
 * The orders a store gives its calls in (SPEC §13.1, §11), as positions in
 * typed arrays so that no call is made to sort them: by time, and by
 * conversation as a replay walks them.
 */
import type { Float64Column, Uint32Column } from './columns.ts';

/**
 * The first `count` calls in time order: dated calls (`at` not NaN) by
 * time, then the undated; ties, and the undated, in input order.
 */
export function timeOrder(at: Float64Column, count: number): Uint32Array {
  // A stable bottom-up merge sort over two typed arrays: a sort with a
  // comparator would copy every position into two arrays on the heap.
  let from = new Uint32Array(count);
  for (let i = 0; i < count; i++) from[i] = i;
  // Whether the call at `a` comes strictly before the call at `b` (the undated last).
  const before = (a: number, b: number) => {
    const x = at.get(a);
    const y = at.get(b);
    return Number.isNaN(y) ? !Number.isNaN(x) : x < y;
  };
  // Runs of RUN calls put in order by insertion (most traces are nearly in order already).
  const RUN = 32;
  for (let lo = 0; lo < count; lo += RUN) {
    const hi = Math.min(lo + RUN, count);
    for (let i = lo + 1; i < hi; i++) {
      const call = from[i]!;
      let j = i;
      while (j > lo && before(call, from[j - 1]!)) {
        from[j] = from[j - 1]!;
        j--;
      }
      from[j] = call;
    }
  }
  if (count <= RUN) return from;
  let to = new Uint32Array(count);
  for (let width = RUN; width < count; width *= 2) {
    for (let lo = 0; lo < count; lo += 2 * width) {
      const mid = Math.min(lo + width, count);
      const hi = Math.min(lo + 2 * width, count);
      let i = lo;
      let j = mid;
      let k = lo;
      // Already in order across the seam: copy the two runs as they are.
      if (mid < hi && before(from[mid]!, from[mid - 1]!)) {
        while (i < mid && j < hi) to[k++] = before(from[j]!, from[i]!) ? from[j++]! : from[i++]!;
      }
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** Calls grouped by conversation: `calls[starts[g]] … calls[starts[g + 1] - 1]` is group `g`. */
export interface ConversationOrder {
  readonly calls: Uint32Array;
  /** One more than there are groups; the last is `calls.length`. */
  readonly starts: Uint32Array;
}

/**
 * `sorted` (calls in time order) grouped by conversation as
 * `conversationsOf` groups records: the conversations in the order of their
 * first call, each one's calls in their order in `sorted`. A counting sort
 * on `conversation` (each call's conversation as a name index).
 */
export function conversationOrder(
  sorted: Uint32Array,
  conversation: Uint32Column,
): ConversationOrder {
  const rankOf = new Map<number, number>();
  const sizes: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const id = conversation.get(sorted[i]!);
    let rank = rankOf.get(id);
    if (rank === undefined) {
      rank = sizes.length;
      rankOf.set(id, rank);
      sizes.push(0);
    }
    sizes[rank]! += 1;
  }
  const starts = new Uint32Array(sizes.length + 1);
  for (let g = 0; g < sizes.length; g++) starts[g + 1] = starts[g]! + sizes[g]!;
  const next = starts.slice(0, sizes.length);
  const calls = new Uint32Array(sorted.length);
  // A second lookup of each call's rank, not an array of them beside the calls.
  for (let i = 0; i < sorted.length; i++) {
    calls[next[rankOf.get(conversation.get(sorted[i]!))!]!++] = sorted[i]!;
  }
  return { calls, starts };
}

/**
 * A lookup of the first dated call of a conversation (a name index) that
 * starts strictly after a time, over `sorted` (calls in time order).
 */
export function firstCallAfter(
  sorted: Uint32Array,
  at: Float64Column,
  conversation: Uint32Column,
): (conversationIndex: number, after: number) => number | undefined {
  const byConversation = new Map<number, number[]>();
  for (const call of sorted) {
    if (Number.isNaN(at.get(call))) continue;
    const id = conversation.get(call);
    const list = byConversation.get(id);
    if (list === undefined) byConversation.set(id, [call]);
    else list.push(call);
  }
  return (conversationIndex, after) => {
    const list = byConversation.get(conversationIndex);
    if (list === undefined) return undefined;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at.get(list[mid]!) > after) hi = mid;
      else lo = mid + 1;
    }
    return list[lo];
  };
}
