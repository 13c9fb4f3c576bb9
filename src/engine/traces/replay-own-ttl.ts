/**
 * The replay with each conversation keeping the cache TTL it ran with: 1
 * hour where it wrote 1-hour cache, else 5 minutes, as SPEC §11's "as run"
 * takes it. A what-if replay has one TTL; no state crosses conversations
 * (§11), so the two sets of conversations are replayed apart, each under
 * its TTL, and their calls given in the order one replay gives them
 * (conversations by their first call, each in its own order).
 */
import type { PricingTable } from '../../core/pricing.ts';
import {
  startReplay,
  type ReplayedCall,
  type ReplayLeftOut,
  type ReplayPlan,
  type TraceCall,
} from '../../core/traces/index.ts';

/** Whether a conversation wrote 1-hour cache as it ran. */
export function ranOnOneHour(conversation: readonly TraceCall[]): boolean {
  return conversation.some((call) => call.cacheWrite1hTokens > 0);
}

/**
 * What was left out of the replay of `conversations` (as `conversationsOf`
 * groups them), each on its own TTL: 1 hour for those in `oneHour`, else 5
 * minutes; `onCall` sees each replayed call in replay order.
 */
export function replayOnOwnTtls(
  conversations: Iterable<readonly TraceCall[]>,
  pricing: PricingTable,
  model: string | ReadonlyMap<string, string> | undefined,
  oneHour: ReadonlySet<string>,
  onCall: (call: ReplayedCall) => void,
): ReplayLeftOut {
  const plan = (ttlSeconds: number): ReplayPlan =>
    model === undefined ? { kind: 'whatIf', ttlSeconds } : { kind: 'whatIf', model, ttlSeconds };
  const long = startReplay(pricing, plan(3600));
  const short = startReplay(pricing, plan(300));
  for (const conversation of conversations) {
    const id = conversation[0]?.conversationId;
    (id !== undefined && oneHour.has(id) ? long : short).add(conversation, onCall);
  }
  const a = long.summary().leftOut;
  const b = short.summary().leftOut;
  // The 1-hour conversations' unpriced models first, as two replays merged would list them.
  const unpriced = new Map(a.unpriced);
  for (const [name, n] of b.unpriced) unpriced.set(name, (unpriced.get(name) ?? 0) + n);
  return { unpriced, reconciling: a.reconciling + b.reconciling };
}
