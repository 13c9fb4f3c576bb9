/**
 * "Find the cheapest setting": every replay choice of SPEC §11
 * within a bound — a target for each of the most-used models seen, over the
 * candidate chat models or its own, × the 5-minute and 1-hour TTL — priced
 * on the traffic and ranked cheapest first.
 *
 * Exact, not sampled: the replay keeps one cache entry per conversation and
 * target row, so calls mapped to different targets never touch each other's
 * entries. A choice's cost is therefore the sum, over its targets, of the
 * replay of the calls it sends there; each such group (which models seen,
 * which target, which TTL) is replayed once and reused by every choice that
 * forms it. For 4 models seen and 13 targets that is at most 15 × 13 × 2
 * group replays for 57,122 choices.
 */
import { findPriceRow } from '../core/model-names.ts';
import { priceRowFor, priceRowsFor, type PricingTable } from '../core/pricing.ts';
import type { TraceCall } from '../core/traces/call-record.ts';
import type { ReplayModelMove } from '../model/traffic.ts';
import { DEFAULT_BASELINE_MODELS, pricedAtZero } from './baselines.ts';
import { flatten, groupCost, ratesOf } from './replay-group-cost.ts';
import {
  allowsMove,
  DEFAULT_REPLAY_CONSTRAINTS,
  type ReplayConstraints,
} from './replay-constraints.ts';

export type { ReplayConstraints } from './replay-constraints.ts';

/** At most this many models seen get a target of their own; the rest stay on theirs. */
export const MAX_SEARCHED_MODELS = 4;
/** The ranked list's length. */
export const MAX_RANKED_CHOICES = 10;

/** One choice the search priced. */
export interface SearchedChoice {
  /** A target for every priced model seen (a model mapped to itself stays). */
  readonly mapping: readonly ReplayModelMove[];
  readonly ttlSeconds: 300 | 3600;
  readonly totalUsd: number;
}

/** The search's bound and result. */
export interface ReplaySearch {
  /** Models seen (price rows) given every target, most calls first. */
  readonly searchedModels: readonly string[];
  /** Priced models seen beyond the bound: they stay on their own model. */
  readonly fixedModels: readonly string[];
  /** The targets each searched model may move to (besides its own row). */
  readonly candidates: readonly string[];
  /** Choices priced. */
  readonly evaluated: number;
  /**
   * Cheapest first, at most `MAX_RANKED_CHOICES`. A mapping that costs the
   * same at both TTLs appears once, at 5 minutes.
   */
  readonly ranked: readonly SearchedChoice[];
  /** Every model seen on its own, at the cheaper TTL: what a TTL change alone gives. */
  readonly keepModels: SearchedChoice;
}

/**
 * Searches the replay's choices for `calls` (one scope's, in time order)
 * under `pricing` (SPEC §11). The `MAX_SEARCHED_MODELS` most-used priced
 * models seen each take every target in `candidates` that has a price row
 * and that `constraints` allow (default: the same provider family), or stay
 * on their own; the other priced models seen stay; calls on unpriced
 * models stay out, as they are out of the bill. Both TTLs are tried.
 * `calls` is read twice and never held (an array, or a store's
 * calls read again on each iteration).
 */
export function searchReplayChoices(
  calls: Iterable<TraceCall>,
  pricing: PricingTable,
  candidates: readonly string[],
  constraints: ReplayConstraints = DEFAULT_REPLAY_CONSTRAINTS,
): ReplaySearch {
  const rowName = new Map<string, string | undefined>();
  const rowOf = (model: string) => {
    if (!rowName.has(model)) rowName.set(model, findPriceRow(pricing, model)?.model);
    return rowName.get(model);
  };
  // One read counts the calls on each model seen and flattens the ones a
  // replay prices: reconciling calls have no prompt of their own, so a
  // replay leaves them out (SPEC §13.7), but they count towards the ranking.
  const {
    flat,
    sources: seen,
    sourceCalls,
  } = flatten(
    calls,
    (c) => rowOf(c.model),
    (c) => c.kind !== 'reconciling',
  );
  const bySeen = seen.map((_, i) => i);
  bySeen.sort(
    (a, b) =>
      sourceCalls[b]! - sourceCalls[a]! || (seen[a]! < seen[b]! ? -1 : seen[a]! > seen[b]! ? 1 : 0),
  );
  const sources = bySeen.map((i) => seen[i]!);
  // The flattened calls' sources, renumbered most calls first.
  const rank = new Int32Array(seen.length);
  bySeen.forEach((i, r) => (rank[i] = r));
  for (let i = 0; i < flat.n; i++) flat.source[i] = rank[flat.source[i]!]!;
  const searched = sources.slice(0, MAX_SEARCHED_MODELS);
  const fixed = sources.slice(MAX_SEARCHED_MODELS);
  const usable = [...new Set(candidates)].filter((m) => priceRowFor(pricing, m) !== undefined);

  const targets = [...new Set([...usable, ...sources])];
  const targetIndex = new Map(targets.map((t, i) => [t, i]));
  const rates = targets.map((t) => ratesOf(t, priceRowsFor(pricing, t)!));
  // Source i < searched.length is searched (its bit in a mask); the others have a fixed target.
  const fixedTarget = sources.map((s, i) => (i < searched.length ? -1 : targetIndex.get(s)!));
  const options = searched.map((s) => {
    const own = targetIndex.get(s)!;
    const list = usable
      .filter((u) => allowsMove(pricing, constraints, s, u))
      .map((u) => targetIndex.get(u)!)
      .filter((t) => t !== own);
    return [own, ...list];
  });

  const masks = 1 << searched.length;
  const T = targets.length;
  const memo = new Float64Array(masks * T * 2).fill(NaN);
  const costOf = (mask: number, t: number, ttlIndex: number): number => {
    const key = (mask * T + t) * 2 + ttlIndex;
    let cost = memo[key]!;
    if (Number.isNaN(cost)) {
      cost = groupCost(
        flat,
        (s) => (s < searched.length ? (mask & (1 << s)) !== 0 : fixedTarget[s] === t),
        rates[t]!,
        ttlIndex === 1 ? 3600 : 300,
      );
      memo[key] = cost;
    }
    return cost;
  };
  const fixedTargets = [...new Set(fixedTarget.filter((t) => t >= 0))];

  const ranked: { pick: number[]; ttlIndex: number; totalUsd: number }[] = [];
  const maskOf = new Int32Array(T);
  const pick = new Array<number>(searched.length).fill(0);
  let evaluated = 0;
  const keepUsd = [0, 0];
  const consider = (totalUsd: number, ttlIndex: number) => {
    if (ranked.length === MAX_RANKED_CHOICES && totalUsd >= ranked[ranked.length - 1]!.totalUsd)
      return;
    const entry = { pick: [...pick], ttlIndex, totalUsd };
    let at = ranked.length;
    while (at > 0 && ranked[at - 1]!.totalUsd > totalUsd) at--;
    ranked.splice(at, 0, entry);
    if (ranked.length > MAX_RANKED_CHOICES) ranked.pop();
  };
  for (;;) {
    const touched: number[] = [...fixedTargets];
    for (let s = 0; s < searched.length; s++) {
      const t = options[s]![pick[s]!]!;
      if (maskOf[t] === 0 && !touched.includes(t)) touched.push(t);
      maskOf[t]! |= 1 << s;
    }
    const totals = [0, 0];
    for (let ttlIndex = 0; ttlIndex < 2; ttlIndex++) {
      for (const t of touched) totals[ttlIndex]! += costOf(maskOf[t]!, t, ttlIndex);
    }
    // The first assignment is every model on its own (each model's first option).
    if (evaluated === 0) [keepUsd[0], keepUsd[1]] = [totals[0]!, totals[1]!];
    evaluated += 2;
    consider(totals[0]!, 0);
    // A mapping the TTL does not change (no write on a row whose two write
    // rates differ, or no gap between 5 minutes and an hour) is ranked once,
    // at 5 minutes, not twice at one cost.
    if (totals[1] !== totals[0]) consider(totals[1]!, 1);
    for (const t of touched) maskOf[t] = 0;
    // The next assignment (a mixed-radix counter over the searched models' options).
    let s = 0;
    while (s < searched.length && ++pick[s]! === options[s]!.length) pick[s++] = 0;
    if (s === searched.length) break;
  }

  const keepTtl = keepUsd[1]! < keepUsd[0]! ? 1 : 0;
  return {
    searchedModels: searched,
    fixedModels: fixed,
    candidates: usable,
    evaluated,
    keepModels: {
      mapping: sources.map((from) => ({ from, to: from })),
      ttlSeconds: keepTtl === 1 ? 3600 : 300,
      totalUsd: keepUsd[keepTtl]!,
    },
    ranked: ranked.map((r) => ({
      mapping: [
        ...searched.map((from, s) => ({ from, to: targets[options[s]![r.pick[s]!]!]! })),
        ...fixed.map((from) => ({ from, to: from })),
      ],
      ttlSeconds: r.ttlIndex === 1 ? 3600 : 300,
      totalUsd: r.totalUsd,
    })),
  };
}

/**
 * The targets a replay may move calls to: the default table's chat models
 * (the routing lab's baselines, `DEFAULT_BASELINE_MODELS`) that `pricing`
 * still prices above $0. A table of thousands of imported rows (rerank,
 * embedding, image models) does not widen the search.
 */
export function replayCandidates(pricing: PricingTable): string[] {
  return DEFAULT_BASELINE_MODELS.filter(
    (m) => priceRowFor(pricing, m) !== undefined && !pricedAtZero(pricing, m),
  );
}
