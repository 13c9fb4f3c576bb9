/**
 * The replay with each conversation keeping the cache TTL it ran with: 1
 * hour where it wrote 1-hour cache, else 5 minutes, as SPEC §11's "as run"
 * takes it. A what-if replay has one TTL; no state crosses conversations
 * (§11), so the two sets of conversations are replayed apart, each under
 * its TTL, and their calls put back in the order one replay gives them
 * (conversations by their first call, each in its own order).
 */
import type { PricingTable } from '../../core/pricing.ts';
import {
  replayTrace,
  type ReplayedCall,
  type ReplayLeftOut,
  type TraceCall,
} from '../../core/traces/index.ts';

/** The conversations that wrote 1-hour cache as they ran. */
export function oneHourConversations(calls: readonly TraceCall[]): Set<string> {
  const ids = new Set<string>();
  for (const call of calls) if (call.cacheWrite1hTokens > 0) ids.add(call.conversationId);
  return ids;
}

/** The calls as replayed and what was left out, each conversation on its own TTL. */
export function replayOnOwnTtls(
  calls: readonly TraceCall[],
  pricing: PricingTable,
  model: string | ReadonlyMap<string, string> | undefined,
  oneHour: ReadonlySet<string>,
): { readonly calls: readonly ReplayedCall[]; readonly leftOut: ReplayLeftOut } {
  const long = calls.filter((c) => oneHour.has(c.conversationId));
  const short = calls.filter((c) => !oneHour.has(c.conversationId));
  const plan = (ttlSeconds: number) =>
    model === undefined
      ? { kind: 'whatIf' as const, ttlSeconds }
      : { kind: 'whatIf' as const, model, ttlSeconds };
  const a = replayTrace(long, pricing, plan(3600));
  const b = replayTrace(short, pricing, plan(300));
  const order = new Map<string, number>();
  for (const call of calls) {
    if (!order.has(call.conversationId)) order.set(call.conversationId, order.size);
  }
  // Sort is stable: each conversation's calls keep their replay order.
  const merged = [...a.calls, ...b.calls].sort(
    (x, y) => order.get(x.conversationId)! - order.get(y.conversationId)!,
  );
  const unpriced = new Map(a.leftOut.unpriced);
  for (const [name, n] of b.leftOut.unpriced) unpriced.set(name, (unpriced.get(name) ?? 0) + n);
  return {
    calls: merged,
    leftOut: { unpriced, reconciling: a.leftOut.reconciling + b.leftOut.reconciling },
  };
}
