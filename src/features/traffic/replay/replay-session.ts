/**
 * The replay's session on the "Your traffic" tab: which conversations are
 * replayed (never shared: they are the user's own traffic), and the latest
 * replay and search the worker sent back. The choice itself lives in the
 * scenario (`traffic.replay`); the calls stay in the worker. A later request
 * wins over an earlier one still running; `updating` is true meanwhile.
 * Each replay that arrives is published to the session's traffic figures,
 * so the routing tab's timeline and the report can show it.
 */
import { create } from 'zustand';
import type { PricingTable } from '../../../core/pricing.ts';
import type { ReplayPlanChoice } from '../../../domain/traffic-replay.ts';
import type {
  ReplayOutcome,
  ReplayScope,
  ReplaySearchOutcome,
} from '../../../engine/traces/traffic-types.ts';
import { publishTrafficFigures } from '../../../state/traffic-figures.ts';
import { formatPlain } from '../../../ui/format.ts';
import { trafficClient } from '../traffic-session.ts';

/** Which conversations the user chose to replay. */
export type ScopeChoice =
  | { readonly kind: 'all' }
  | { readonly kind: 'one'; readonly id: string | undefined }
  | { readonly kind: 'selection'; readonly ids: readonly string[] };

export interface ReplaySessionState {
  readonly scope: ScopeChoice;
  readonly outcome: ReplayOutcome | undefined;
  readonly search: ReplaySearchOutcome | undefined;
  readonly replayUpdating: boolean;
  readonly searchUpdating: boolean;
  readonly error: string | undefined;
}

const INITIAL: ReplaySessionState = {
  scope: { kind: 'all' },
  outcome: undefined,
  search: undefined,
  replayUpdating: false,
  searchUpdating: false,
  error: undefined,
};

export const useReplaySession = create<ReplaySessionState>(() => INITIAL);

const set = (patch: Partial<ReplaySessionState>) => useReplaySession.setState(patch);

let replaySeq = 0;
let searchSeq = 0;

/** Sets which conversations are replayed. */
export function setReplayScope(scope: ScopeChoice): void {
  set({ scope });
}

/** The worker's scope for the user's; `undefined` when nothing is chosen yet. */
export function workerScope(scope: ScopeChoice): ReplayScope | undefined {
  if (scope.kind === 'all') return { kind: 'all' };
  const ids = scope.kind === 'one' ? (scope.id === undefined ? [] : [scope.id]) : scope.ids;
  return ids.length === 0 ? undefined : { kind: 'conversations', ids };
}

function scopeWords(scope: ReplayScope, outcome: ReplayOutcome): string {
  if (scope.kind === 'all') return 'all traffic';
  if (scope.ids.length === 1) return `conversation ${scope.ids[0]!}`;
  return `${formatPlain(outcome.scopeConversations)} conversations`;
}

function publish(scope: ReplayScope, outcome: ReplayOutcome): void {
  const asBilledUsd = outcome.asBilled.totalUsd;
  const replayUsd = outcome.replay.totalUsd;
  const deltaUsd = replayUsd - asBilledUsd;
  const { hops, totalCalls } = outcome.timeline;
  const capped =
    hops.length < totalCalls
      ? ` (the first ${formatPlain(hops.length)} of ${formatPlain(totalCalls)} calls)`
      : '';
  publishTrafficFigures({
    replay: {
      choiceText: outcome.choiceText,
      asBilledUsd,
      asRunUsd: outcome.asRun.totalUsd,
      replayUsd,
      deltaUsd,
      deltaPct: asBilledUsd === 0 ? null : (100 * deltaUsd) / asBilledUsd,
      cacheHitShare: outcome.replay.cacheHitShare,
    },
    replayTimeline: {
      label: `${scopeWords(scope, outcome)} replayed: ${outcome.choiceText}${capped}`,
      hops,
    },
  });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Replays `scope` under `choice` in the worker; the latest request wins. */
export async function requestReplay(
  pricing: PricingTable,
  scope: ReplayScope,
  choice: ReplayPlanChoice,
): Promise<void> {
  const seq = ++replaySeq;
  set({ replayUpdating: true });
  try {
    const outcome = await trafficClient().replay(pricing, { scope, choice });
    if (seq !== replaySeq) return;
    set({ outcome, replayUpdating: false, error: undefined });
    if (outcome === undefined)
      publishTrafficFigures({ replay: undefined, replayTimeline: undefined });
    else publish(scope, outcome);
  } catch (error) {
    if (seq === replaySeq) {
      set({ replayUpdating: false, error: `The replay failed: ${message(error)}.` });
    }
  }
}

/** Searches the choices for `scope` in the worker; the latest request wins. */
export async function requestSearch(pricing: PricingTable, scope: ReplayScope): Promise<void> {
  const seq = ++searchSeq;
  set({ searchUpdating: true });
  try {
    const search = await trafficClient().searchReplays(pricing, scope);
    if (seq !== searchSeq) return;
    set({ search, searchUpdating: false });
  } catch (error) {
    if (seq === searchSeq) {
      set({ searchUpdating: false, error: `The search failed: ${message(error)}.` });
    }
  }
}

/** Forgets the results (the traffic was forgotten); the scope stays. */
export function clearReplayResults(): void {
  replaySeq += 1;
  searchSeq += 1;
  set({ outcome: undefined, search: undefined, replayUpdating: false, searchUpdating: false });
  publishTrafficFigures({ replay: undefined, replayTimeline: undefined });
}

/** For tests: a fresh session. */
export function resetReplaySessionForTests(): void {
  replaySeq = 0;
  searchSeq = 0;
  useReplaySession.setState(INITIAL, true);
}
