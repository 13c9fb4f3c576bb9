/**
 * What the replay's form shows, worked out from the worker's analysis, the
 * scenario's choice and the price table. `replayFormViewOf` is a node of
 * the derivation graph holding a function of the analysis: it changes only
 * with the choice or the price table, and is the analysis query's `select`,
 * which TanStack Query runs again only for a new answer or a new function.
 */
import { replayCandidates } from '../../../domain/traffic-replay-search.ts';
import {
  choiceText,
  planChoiceOf,
  targetCacheModes,
  type ModelSeenShare,
  type TargetCacheModes,
} from '../../../domain/traffic-replay.ts';
import type { BilledRow, TrafficAnalysis } from '../../../engine/traces/traffic-types.ts';
import { computed, fromStore, type Signal } from '../../../state/derive.ts';
import { pricingTable } from '../../../state/selectors.ts';
import { isolatedName } from '../../../format/bidi.ts';

export interface ReplayFormView {
  /** By price row (else the name as written), most calls first. */
  readonly modelsSeen: readonly ModelSeenShare[];
  /** The most expensive conversations, as listed by the analysis. */
  readonly conversations: readonly BilledRow[];
  /** Priced conversations in all, listed or not. */
  readonly conversationsInAll: number;
  /** The targets that cache automatically have no TTL to choose (SPEC §13.6 b). */
  readonly noTtl: boolean;
  /** Why the TTL does not apply to some or all targets; undefined when it applies to all. */
  readonly ttlNote: string | undefined;
}

const byCallsThenName = (a: ModelSeenShare, b: ModelSeenShare) =>
  b.calls - a.calls || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0);

/**
 * The models seen, by price row (else the name as written), most calls
 * first. The analysis lists its models in that order already, so only the
 * priced ones (several names can share a row) are grouped and sorted; the
 * unpriced ones, each its own and already in order (so their sort is one
 * pass), are merged in: a trace can name 100,000 models.
 */
function modelsSeenOf(analysis: TrafficAnalysis | undefined): ModelSeenShare[] {
  if (analysis === undefined) return [];
  const priced = new Map<string, ModelSeenShare>();
  const unpriced: ModelSeenShare[] = [];
  for (const m of analysis.models) {
    if (m.priceRow === undefined) {
      unpriced.push({ model: m.name, priced: false, calls: m.calls });
      continue;
    }
    const held = priced.get(m.priceRow);
    priced.set(m.priceRow, {
      model: m.priceRow,
      priced: true,
      calls: (held?.calls ?? 0) + m.calls,
    });
  }
  // No unpriced name is a price row's name (a name with a row is priced), so no group spans both.
  unpriced.sort(byCallsThenName);
  const rows = [...priced.values()].sort(byCallsThenName);
  const seen: ModelSeenShare[] = [];
  let i = 0;
  let j = 0;
  while (i < rows.length || j < unpriced.length) {
    if (j >= unpriced.length || (i < rows.length && byCallsThenName(rows[i]!, unpriced[j]!) <= 0))
      seen.push(rows[i++]!);
    else seen.push(unpriced[j++]!);
  }
  return seen;
}

function minutesWords(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes === 60 ? '1 hour' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function automaticTtlNote(modes: TargetCacheModes): string | undefined {
  if (modes.automatic.length === 0) return undefined;
  const names = modes.automatic
    .map((a) => `${isolatedName(a.model)} (its cache lives ${minutesWords(a.ttlSeconds)})`)
    .join(', ');
  const verb = modes.automatic.length === 1 ? 'caches' : 'cache';
  if (modes.explicit.length === 0)
    return `${names} ${verb} automatically: there is no TTL to choose, and writes cost plain input.`;
  return `The TTL applies to ${modes.explicit.join(', ')} only; ${names} ${verb} automatically, with no TTL to choose.`;
}

/** The scenario's replay choice (the share link carries it). */
export const replayChoice = fromStore('traffic.replay.choice', (s) => s.traffic.replay);

/** The choice in words, e.g. "opus-4-6 → sonnet-4-5, 1-hour TTL". */
export const replayChoiceWords: Signal<string> = computed('traffic.replay.choiceWords', () =>
  choiceText(planChoiceOf(replayChoice.get())),
);

/** The models a replay may run on, under the current price table. */
export const replayCandidateModels: Signal<readonly string[]> = computed(
  'traffic.replay.candidates',
  () => replayCandidates(pricingTable.get()),
);

/** The form's view of an analysis (undefined: not worked out yet) under the current choice and prices. */
export const replayFormViewOf: Signal<(analysis: TrafficAnalysis | undefined) => ReplayFormView> =
  computed('traffic.replay.formViewOf', () => {
    const plan = planChoiceOf(replayChoice.get());
    const pricing = pricingTable.get();
    return (analysis) => {
      const modelsSeen = modelsSeenOf(analysis);
      const modes = targetCacheModes(plan, modelsSeen, pricing);
      return {
        modelsSeen,
        conversations: analysis?.billed.byConversation ?? [],
        conversationsInAll: analysis?.billed.pricedConversations ?? 0,
        noTtl: modes.automatic.length > 0 && modes.explicit.length === 0,
        ttlNote: automaticTtlNote(modes),
      };
    };
  });

/** The form's view with no analysis yet: no models seen, no conversations listed. */
export const replayFormViewNone: Signal<ReplayFormView> = computed(
  'traffic.replay.formViewNone',
  () => replayFormViewOf.get()(undefined),
);
