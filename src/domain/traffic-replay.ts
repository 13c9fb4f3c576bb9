/**
 * The replay of a team's own traffic (SPEC §11) in words and plans: which
 * model each call runs on under a choice, the choice in a short phrase, what
 * a choice gives up ("moves the 31 % of calls that ran on claude-opus-4-6 to
 * claude-sonnet-4-5") and what no replay can know. Pure: plain values in,
 * sentences out; shared by the traffic worker (the search's ranked list),
 * the traffic tab and the report.
 */
import { findPriceRow } from '../core/model-names.ts';
import { isolatedName, moveWords } from '../format/bidi.ts';
import { automaticCacheTtlOf, cacheModeOf } from '../core/price-family.ts';
import type { PricingTable } from '../core/pricing.ts';
import type { ReplayChoiceState, ReplayModelMove, ReplayTtlChoice } from '../model/traffic.ts';

/** A replay's TTL: SPEC §11's two, seconds, or `null` for each conversation's own as it ran. */
export type ReplayTtl = 300 | 3600 | null;

/** SPEC §11's two TTLs, seconds; `null`: each conversation keeps the TTL it ran with. */
export const REPLAY_TTL_SECONDS: Readonly<Record<ReplayTtlChoice, ReplayTtl>> = {
  asBilled: null,
  fiveMinutes: 300,
  oneHour: 3600,
};

/** The TTL choice of a replay's TTL (any number but 3,600 is the 5-minute TTL). */
export function ttlChoiceOf(ttlSeconds: number | null): ReplayTtlChoice {
  return ttlSeconds === null ? 'asBilled' : ttlSeconds === 3600 ? 'oneHour' : 'fiveMinutes';
}

/** The TTL a conversation is replayed with: the chosen one, else its own (1 hour if it wrote 1-hour cache). */
export function conversationTtl(ttl: ReplayTtl, ranOnOneHour: boolean): 300 | 3600 {
  return ttl ?? (ranOnOneHour ? 3600 : 300);
}

/** A replay's choice as the worker takes it: a target per model seen, and the TTL. */
export interface ReplayPlanChoice {
  /** Every call on one model, or a target for each model seen (unlisted ones stay on their own). */
  readonly model:
    | { readonly kind: 'one'; readonly model: string }
    | { readonly kind: 'map'; readonly mapping: readonly ReplayModelMove[] };
  readonly ttlSeconds: ReplayTtl;
}

/** The worker's form of the scenario's replay choice. */
export function planChoiceOf(choice: ReplayChoiceState): ReplayPlanChoice {
  return {
    model:
      choice.modelMode === 'one'
        ? { kind: 'one', model: choice.oneModel }
        : { kind: 'map', mapping: choice.mapping },
    ttlSeconds: REPLAY_TTL_SECONDS[choice.ttl],
  };
}

/** The model a model seen runs on under `choice` (its own when the mapping leaves it). */
export function targetOf(choice: ReplayPlanChoice, modelSeen: string): string {
  if (choice.model.kind === 'one') return choice.model.model;
  return choice.model.mapping.find((m) => m.from === modelSeen)?.to ?? modelSeen;
}

/** Only the moves that change a model (a model mapped to itself stays). */
export function realMoves(mapping: readonly ReplayModelMove[]): ReplayModelMove[] {
  return mapping.filter((m) => m.from !== m.to);
}

/** "5-minute TTL", "1-hour TTL" or "each conversation's TTL as it ran". */
export function ttlWords(ttlSeconds: number | null): string {
  if (ttlSeconds === null) return "each conversation's TTL as it ran";
  return ttlSeconds === 3600 ? '1-hour TTL' : '5-minute TTL';
}

/**
 * The choice in a short phrase: "claude-opus-4-6 → claude-sonnet-4-5,
 * 1-hour TTL", "every call on claude-haiku-4-5, 5-minute TTL", "each call on
 * its own model, 5-minute TTL".
 */
export function choiceText(choice: ReplayPlanChoice): string {
  const ttl = ttlWords(choice.ttlSeconds);
  if (choice.model.kind === 'one')
    return `every call on ${isolatedName(choice.model.model)}, ${ttl}`;
  const moves = realMoves(choice.model.mapping);
  if (moves.length === 0) return `each call on its own model, ${ttl}`;
  return `${moves.map(moveWords).join(', ')}, ${ttl}`;
}

/**
 * The setting a search proposes: its cheapest when that bills less than the
 * traffic did as billed, else none (keep the models). The Overview's model
 * decision and the report's prices both follow it.
 */
export function proposedSetting<T extends { readonly totalUsd: number }>(search: {
  readonly ranked: readonly T[];
  readonly asBilledUsd: number;
}): T | undefined {
  const best = search.ranked[0];
  return best === undefined || best.totalUsd >= search.asBilledUsd ? undefined : best;
}

/** The models a choice moves calls to (none for each call on its own model). */
export function planTargets(choice: ReplayPlanChoice): string[] {
  return choice.model.kind === 'one'
    ? [choice.model.model]
    : realMoves(choice.model.mapping).map((m) => m.to);
}

/** A model seen in the replayed calls, with its share of them. */
export interface ModelSeenShare {
  /** The price row's name, or the name as written when unpriced. */
  readonly model: string;
  readonly priced: boolean;
  readonly calls: number;
}

/** A share of calls as a whole percent, never "0 %" or "100 %" for a share strictly between. */
export function shareWords(calls: number, total: number): string {
  if (total <= 0) return '0 %';
  const pct = (100 * calls) / total;
  if (pct > 0 && pct < 0.5) return 'under 1 %';
  if (pct < 100 && pct > 99.5) return 'over 99 %';
  return `${Math.round(pct)} %`;
}

/**
 * What a choice gives up, one sentence each, the largest moves first: every
 * model seen that the choice moves ("moves the 31 % of calls that ran on
 * claude-opus-4-6 to claude-sonnet-4-5"), calls that cannot be priced on
 * their target, and what the TTL costs (`oneHourConversations` of
 * `conversations` wrote 1-hour tokens as they ran).
 */
export function givesUpWords(
  choice: ReplayPlanChoice,
  seen: readonly ModelSeenShare[],
  ttl: { readonly conversations: number; readonly oneHourConversations: number },
): string[] {
  const total = seen.reduce((sum, s) => sum + s.calls, 0);
  const words: string[] = [];
  const moved = [...seen]
    .filter((s) => s.calls > 0 && targetOf(choice, s.model) !== s.model)
    .sort((a, b) => b.calls - a.calls || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  for (const s of moved) {
    const to = targetOf(choice, s.model);
    words.push(
      `moves the ${shareWords(s.calls, total)} of calls that ran on ${isolatedName(s.model)} to ${isolatedName(to)}`,
    );
  }
  if (moved.length === 0) words.push('keeps every call on the model it ran on');
  const { conversations, oneHourConversations } = ttl;
  if (choice.ttlSeconds === null) {
    words.push(
      oneHourConversations > 0
        ? `keeps each conversation's cache TTL as it ran: 1 hour in the ${oneHourConversations} of ${conversations} conversations that wrote 1-hour cache, 5 minutes in the others`
        : "keeps each conversation's cache TTL as it ran: 5 minutes",
    );
  } else if (choice.ttlSeconds === 300) {
    words.push(
      oneHourConversations > 0
        ? `drops the 1-hour cache that ${oneHourConversations} of ${conversations} conversations used: a cache idle for 5 minutes or more expires and is written again`
        : 'keeps the 5-minute cache: a cache idle for 5 minutes or more expires and is written again',
    );
  } else {
    words.push(
      oneHourConversations < conversations
        ? `pays the 1-hour write rate on every cache write, also in the ${conversations - oneHourConversations} of ${conversations} conversations that ran on 5 minutes`
        : 'pays the 1-hour write rate on every cache write, as the traffic did',
    );
  }
  return words;
}

/** What no replay can know (SPEC §11), said beside every result. */
export const REPLAY_CANNOT_KNOW: readonly string[] = [
  'A different model would have written different outputs; the replay keeps the logged ones (their length, and the later prompts that carry them).',
  "Each call keeps its logged prompt size: another provider's tokenizer would count the same text differently.",
  'Each call keeps its time: a faster or slower model would move the idle gaps, and with them what a TTL keeps warm.',
  'Each conversation starts with a cold cache: a session that started warm from an earlier one (providers cache by prompt prefix) is not credited.',
  'A prompt shorter than the cached one (a compacted conversation) reads nothing; a provider may still read the prefix they share.',
  'Calls whose target model has no price row are left out, as unpriced calls are left out of the bill.',
];

/** The targets of a choice by how their rows cache (SPEC §13.6 b), each listed once. */
export interface TargetCacheModes {
  /** Targets whose rows take the chosen TTL. */
  readonly explicit: readonly string[];
  /** Targets that cache automatically, with each one's own TTL in seconds. */
  readonly automatic: readonly { readonly model: string; readonly ttlSeconds: number }[];
}

/**
 * Which of the priced targets of `choice` take the chosen TTL and which cache
 * automatically (OpenAI, Gemini and others: no TTL to choose, no write
 * premium). A target without a price row is in neither list. `modelsSeen`
 * are priced under `pricing`: an unpriced one that stays where it is has no
 * row, so it is never looked up (a trace can name 100,000 fine-tunes, and
 * looking each up cost the page 60–160 ms).
 */
export function targetCacheModes(
  choice: ReplayPlanChoice,
  modelsSeen: readonly Pick<ModelSeenShare, 'model' | 'priced'>[],
  pricing: PricingTable,
): TargetCacheModes {
  let targets: Iterable<string>;
  if (choice.model.kind === 'one') targets = [choice.model.model];
  else {
    // The first move of a model counts, as in `targetOf`.
    const moves = new Map<string, string>();
    for (const move of choice.model.mapping) {
      if (!moves.has(move.from)) moves.set(move.from, move.to);
    }
    const inOrder = new Set<string>();
    for (const seen of modelsSeen) {
      const to = moves.get(seen.model);
      if (to !== undefined) inOrder.add(to);
      else if (seen.priced) inOrder.add(seen.model);
    }
    targets = inOrder;
  }
  const explicit: string[] = [];
  const automatic: { model: string; ttlSeconds: number }[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    const found = findPriceRow(pricing, target);
    if (found === undefined || seen.has(found.model)) continue;
    seen.add(found.model);
    if (cacheModeOf(found.row) === 'automatic')
      automatic.push({ model: found.model, ttlSeconds: automaticCacheTtlOf(found.row) });
    else explicit.push(found.model);
  }
  return { explicit, automatic };
}
