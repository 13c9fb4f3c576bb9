/**
 * The order a replay walks a trace in (SPEC §11, §13.1): conversation by
 * conversation, no state crossing from one to the next; conversations in
 * the order of their first call, each one's calls in the trace's (time)
 * order. `RereadableCalls` is a trace that can give its calls in either
 * order, again and again: an array, or a reader's store that makes them
 * one conversation at a time.
 */
import type { TraceCall } from './call-record.ts';

/** A trace's calls, readable more than once, in time order or a conversation at a time. */
export interface RereadableCalls {
  /** The calls in time order (dated by time, ties in input order, then the undated). */
  inTimeOrder(): Iterable<TraceCall>;
  /** The same calls grouped as `conversationsOf` groups them. */
  byConversation(): Iterable<readonly TraceCall[]>;
}

/**
 * `calls` (in time order) grouped by conversation: the conversations in
 * the order of their first call, each one's calls in their order in `calls`.
 */
export function conversationsOf(calls: Iterable<TraceCall>): TraceCall[][] {
  const groups = new Map<string, TraceCall[]>();
  for (const call of calls) {
    const group = groups.get(call.conversationId);
    if (group === undefined) groups.set(call.conversationId, [call]);
    else group.push(call);
  }
  return [...groups.values()];
}

/** `calls` (in time order) as `RereadableCalls`: itself in time order, grouped on each read. */
export function rereadable(calls: readonly TraceCall[]): RereadableCalls {
  return {
    inTimeOrder: () => calls,
    byConversation: () => conversationsOf(calls),
  };
}
