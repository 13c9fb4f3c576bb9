/**
 * The TTL question answered from the traffic: the idle gaps
 * between consecutive calls of a conversation on the same model, the cost of
 * the 5-minute and the 1-hour cache TTL on this traffic (SPEC §11's replay,
 * each call kept on its own model), and the calls whose cache expired. Runs
 * in the import worker, next to the calls.
 */
import { isCacheable } from '../../core/call-rates.ts';
import { findPriceRow } from '../../core/model-names.ts';
import type { PriceRow, PricingTable } from '../../core/pricing.ts';
import { replayTrace, type ReplayedCall, type TraceCall } from '../../core/traces/index.ts';
import {
  MAX_LISTED_EXPIRED,
  TTL_CHOICES_SECONDS,
  type ExpiredCall,
  type GapBin,
  type TrafficTtl,
  type TtlChoiceCost,
} from './traffic-types.ts';

/** Bins per factor of 12 (5 minutes to 1 hour): both TTLs are bin edges. */
const BINS_PER_TWELVE = 3;
const RATIO = 12 ** (1 / BINS_PER_TWELVE);
/** Edges below 300 s and above 3,600 s: about 1 s to a little over a day. */
const EDGES_BELOW = 7;
const EDGES_ABOVE = 4;

/**
 * The gap bins' edges, seconds, ascending: log-spaced by 12^(1/3), with
 * 300 s and 3,600 s among them. The first bin starts at 0, the last is open.
 */
export function gapBinEdges(): number[] {
  const edges: number[] = [];
  for (let k = -EDGES_BELOW; k <= BINS_PER_TWELVE + EDGES_ABOVE; k++) {
    // Exact at the TTLs, whatever the float powers give.
    edges.push(k === 0 ? 300 : k === BINS_PER_TWELVE ? 3600 : 300 * RATIO ** k);
  }
  return edges;
}

function binIndex(edges: readonly number[], gapSeconds: number): number {
  // Bin i holds [edges[i − 1], edges[i]); bin 0 is [0, edges[0]); the last is [edges[n − 1], ∞).
  let i = 0;
  while (i < edges.length && gapSeconds >= edges[i]!) i++;
  return i;
}

function choiceCost(
  ttlSeconds: number,
  calls: readonly ReplayedCall[],
  totalUsd: number,
  expired: number,
): TtlChoiceCost {
  let cached = 0;
  let prompt = 0;
  for (const call of calls) {
    cached += call.cachedTokens;
    prompt += call.promptTokens;
  }
  return {
    ttlSeconds,
    totalUsd,
    cacheHitShare: prompt === 0 ? 0 : cached / prompt,
    expiredCalls: expired,
    expiredShare: calls.length === 0 ? 0 : expired / calls.length,
  };
}

/**
 * The gaps, the cost of each TTL and the expired calls of `calls` (by time)
 * under `pricing`. A call's gap is the time since the previous call of its
 * conversation on the same price row; its cache expired under a TTL when the
 * replay held an entry it could have read (a cacheable earlier call on that
 * model, a prompt at least as long) that was last used a TTL or more before.
 */
export function analyseTtl(calls: readonly TraceCall[], pricing: PricingTable): TrafficTtl {
  const [shortTtl, longTtl] = TTL_CHOICES_SECONDS;
  const short = replayTrace(calls, pricing, { kind: 'whatIf', ttlSeconds: shortTtl });
  const long = replayTrace(calls, pricing, { kind: 'whatIf', ttlSeconds: longTtl });
  const edges = gapBinEdges();
  const modelCalls = new Map<string, number>();
  for (const call of short.calls) modelCalls.set(call.model, (modelCalls.get(call.model) ?? 0) + 1);
  const models = [...modelCalls]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([name]) => name);
  const modelIndex = new Map(models.map((m, i) => [m, i]));
  const counts = Array.from({ length: edges.length + 1 }, () => models.map(() => 0));

  const lastCall = new Map<string, number>();
  const entries = new Map<string, { tokens: number; lastUse: number }>();
  const rows = new Map<string, PriceRow | undefined>();
  const expired: ExpiredCall[] = [];
  let expiredShort = 0;
  let expiredLong = 0;
  let gaps = 0;
  for (const call of short.calls) {
    const key = `${call.conversationId}\n${call.model}`;
    const previous = lastCall.get(key);
    // An undated call (SPEC §13.1) has no gap of its own to chart: it comes 0 s after the previous.
    if (previous !== undefined && call.at !== null) {
      gaps += 1;
      counts[binIndex(edges, call.replayAt - previous)]![modelIndex.get(call.model)!]! += 1;
    }
    lastCall.set(key, call.replayAt);
    if (!rows.has(call.model)) rows.set(call.model, findPriceRow(pricing, call.model)?.row);
    const row = rows.get(call.model);
    const canCache = row !== undefined && isCacheable(row, call.promptTokens);
    const entry = entries.get(key);
    if (canCache && entry !== undefined && call.promptTokens >= entry.tokens) {
      const idle = call.replayAt - entry.lastUse;
      if (idle >= shortTtl) {
        expiredShort += 1;
        const alsoLong = idle >= longTtl;
        if (alsoLong) expiredLong += 1;
        expired.push({
          conversationId: call.conversationId,
          callId: call.callId,
          at: call.replayAt,
          model: call.model,
          gapSeconds: idle,
          promptTokens: call.promptTokens,
          expiredUnderOneHour: alsoLong,
        });
      }
    }
    if (canCache) entries.set(key, { tokens: call.promptTokens, lastUse: call.replayAt });
  }
  // The costliest re-writes first: the largest prompts; ties keep time order (stable sort).
  expired.sort((a, b) => b.promptTokens - a.promptTokens);

  const bins: GapBin[] = counts.map((byModel, i) => ({
    fromSeconds: i === 0 ? 0 : edges[i - 1]!,
    toSeconds: i < edges.length ? edges[i]! : null,
    counts: byModel,
  }));
  return {
    models,
    bins,
    gaps,
    calls: short.calls.length,
    choices: [
      choiceCost(shortTtl, short.calls, short.totals.totalUsd, expiredShort),
      choiceCost(longTtl, long.calls, long.totals.totalUsd, expiredLong),
    ],
    expired: expired.slice(0, MAX_LISTED_EXPIRED),
  };
}
