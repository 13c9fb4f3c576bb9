/**
 * What the traffic import worker and the "Your traffic" tab say to each
 * other: progress, what is stored, and the figures derived from the calls.
 * Only these small objects cross to the main thread, never the calls array.
 */
import type {
  BilledUsd,
  CacheReadDifference,
  SkippedRecord,
  TraceCall,
  TraceFormat,
} from '../../core/traces/index.ts';
// The replay's types (SPEC §11).
import type { HopRecord } from '../../core/routing/simulate.ts';
import type { ModelSeenShare, ReplayPlanChoice } from '../../domain/traffic-replay.ts';

/** How far an import has got. */
export interface ImportProgress {
  readonly filesDone: number;
  readonly filesTotal: number;
  readonly bytesRead: number;
  readonly bytesTotal: number;
  /** Distinct calls read so far in this import. */
  readonly calls: number;
  /** The file being read, if any. */
  readonly currentFile?: string;
}

/** One file read into the stored traffic. */
export interface TrafficFile {
  readonly name: string;
  /** Whose traffic it is: the import's label, else the file's name (absent in traffic stored before labels). */
  readonly source?: string;
  readonly bytes: number;
  readonly format: TraceFormat | undefined;
  readonly records: number;
  readonly skipped: number;
}

/** Everything stored about the traffic except the calls themselves. */
export interface TrafficMeta {
  readonly files: readonly TrafficFile[];
  /** The first `MAX_KEPT_SKIPPED` skipped records, in file then line order. */
  readonly skipped: readonly SkippedRecord[];
  /** All skipped records, kept or not. */
  readonly skippedTotal: number;
  readonly callCount: number;
}

/** At most this many skipped records are kept and shown; the rest are counted. */
export const MAX_KEPT_SKIPPED = 2_000;

/** The end of one import. */
export interface ImportOutcome {
  readonly status: 'done' | 'cancelled';
  /** Files read in this import (0 when cancelled). */
  readonly filesRead: number;
  /** Calls that were not already held. */
  readonly addedCalls: number;
  /** Skipped records found in this import. */
  readonly skippedRecords: number;
  /** The stored traffic after the import (unchanged when cancelled). */
  readonly meta: TrafficMeta | undefined;
  /**
   * Why the import could not be stored in this browser (absent: it was):
   * its calls are held for this page only, and a reload will not have them.
   */
  readonly notStored?: string;
}

/** How forgetting the traffic ended. */
export type ForgetOutcome =
  | { readonly deleted: true }
  /** This page dropped the calls, but the stored copy could not be deleted: `reason` says why. */
  | { readonly deleted: false; readonly reason: string };

/** Tokens by kind, summed over calls. */
export interface TokenTotals {
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWrite5mTokens: number;
  readonly cacheWrite1hTokens: number;
  readonly outputTokens: number;
}

/**
 * A row of an as-billed table: a conversation, a model, a UTC day, a
 * project, a branch, an agent or a source, with the USD of its priced calls
 * (tool fees apart) and their tokens by kind.
 */
export interface BilledRow extends BilledUsd {
  /** The core's key: a conversation id, a price row, `YYYY-MM-DD` or `undated`, a project, `""` for none, … */
  readonly key: string;
  /** Priced calls. */
  readonly calls: number;
  /** Tokens of the priced calls, by kind. */
  readonly tokens: TokenTotals;
  /** A conversation's name a person recognises: its project folder and first prompt or summary. */
  readonly title?: string;
}

/** The breakdowns of the as-billed cost. */
export type BreakdownView =
  'conversation' | 'model' | 'day' | 'project' | 'branch' | 'agent' | 'source';

/** A model as written in the trace, and the price row it finds. */
export interface ModelSeen {
  readonly name: string;
  readonly calls: number;
  /** Tokens of its calls, by kind. */
  readonly tokens: TokenTotals;
  /** The price row's name, or `undefined` when unpriced. */
  readonly priceRow: string | undefined;
}

/** Server-tool requests of one kind (SPEC §13.4). */
export interface ToolRequestCount {
  readonly kind: string;
  readonly requests: number;
}

/** One call's predicted and logged cache reads, for the calibration chart. */
export interface CalibrationPoint {
  readonly predictedCachedTokens: number;
  readonly loggedCacheReadTokens: number;
  readonly promptTokens: number;
  readonly within: boolean;
}

/** The as-run calibration (SPEC §11) as the tab shows it. */
export interface TrafficCalibration {
  readonly calls: number;
  readonly withinTwoPercent: number;
  readonly share: number;
  readonly largestDifferences: readonly (CacheReadDifference & { readonly causeText: string })[];
  /** At most `MAX_CALIBRATION_POINTS` calls, evenly sampled, the largest differences always in. */
  readonly points: readonly CalibrationPoint[];
  readonly pointsSampled: boolean;
}

/** At most this many points go into the calibration chart. */
export const MAX_CALIBRATION_POINTS = 1_500;
/** At most this many conversations are listed by cost; the rest are summed. */
export const MAX_LISTED_CONVERSATIONS = 200;

/** Every figure the tab shows, derived from the stored calls and a price table. */
export interface TrafficAnalysis {
  readonly calls: number;
  readonly conversations: number;
  readonly sidechainCalls: number;
  /** Seconds since the Unix epoch, when there are calls. */
  readonly firstAt: number | undefined;
  readonly lastAt: number | undefined;
  readonly tokens: TokenTotals;
  readonly models: readonly ModelSeen[];
  readonly billed: {
    readonly totals: BilledUsd;
    readonly pricedCalls: number;
    readonly unpricedCalls: number;
    readonly byModel: readonly BilledRow[];
    /** Most expensive first, at most `MAX_LISTED_CONVERSATIONS`. */
    readonly byConversation: readonly BilledRow[];
    /** Priced conversations in all. */
    readonly pricedConversations: number;
    /** By UTC day, in order, `undated` last (SPEC §13.1). */
    readonly byDay: readonly BilledRow[];
    /** By project (`""`: none), most expensive first, at most `MAX_LISTED_CONVERSATIONS`. */
    readonly byProject: readonly BilledRow[];
    /** By git branch (`""`: none), as `byProject`. */
    readonly byBranch: readonly BilledRow[];
    /** `main` then `subagent`. */
    readonly byAgent: readonly BilledRow[];
    /** By source label, as `byProject`. */
    readonly bySource: readonly BilledRow[];
    /** Rows of each breakdown in all, listed or not. */
    readonly rowsInAll: Readonly<Record<BreakdownView, number>>;
    /** Tokens of the priced calls, by kind. */
    readonly pricedTokens: TokenTotals;
    /** Tokens and tool fees apart (SPEC §13.4). */
    readonly byKind: { readonly tokensUsd: number; readonly toolFeesUsd: number };
    /** Every server-tool request of a priced call, by kind, most first. */
    readonly toolRequests: readonly ToolRequestCount[];
    /** Requests no row prices (of a kind without a fee, or of an unpriced call), most first. */
    readonly unpricedToolRequests: readonly ToolRequestCount[];
    /** What stream-json runs said they cost (`total_cost_usd`), beside the bill, never in it. */
    readonly reported: { readonly totalCostUsd: number; readonly conversations: number };
  };
  readonly calibration: TrafficCalibration | undefined;
}

/** One call as the calls table shows it: the call record without its tool results. */
export type CallRow = Omit<TraceCall, 'reasoningTokens' | 'toolResults'>;

/** What the readers noted of a conversation, to name it (a summary line, the first prompt). */
export interface ConversationNote {
  readonly summary?: string;
  readonly firstPrompt?: string;
}

// ── Replay under other choices and the cheapest setting (SPEC §11) ──

/** Which conversations a replay covers: all, or the ones listed (one or a selection). */
export type ReplayScope =
  { readonly kind: 'all' } | { readonly kind: 'conversations'; readonly ids: readonly string[] };

/** A replay request: the scope and the choice (the domain's `ReplayPlanChoice`). */
export interface ReplayRequest {
  readonly scope: ReplayScope;
  readonly choice: ReplayPlanChoice;
}

/** One column of the side-by-side: as billed, as run or the replay. */
export interface ReplayColumn {
  /** Calls priced in this column. */
  readonly calls: number;
  readonly totalUsd: number;
  readonly inputUsd: number;
  readonly cacheReadUsd: number;
  /** 5-minute and 1-hour writes together. */
  readonly cacheWriteUsd: number;
  readonly outputUsd: number;
  /** Server-tool fees (SPEC §13.4); with the four token parts, the total. */
  readonly toolFeesUsd: number;
  /** Prompt tokens read from the cache over all prompt tokens, 0–1 (0 with no prompt). */
  readonly cacheHitShare: number;
}

/** A replay's result, as the tab shows it. */
export interface ReplayOutcome {
  /** Calls in the scope, priced or not. */
  readonly scopeCalls: number;
  readonly scopeConversations: number;
  readonly asBilled: ReplayColumn;
  readonly asRun: ReplayColumn;
  readonly replay: ReplayColumn;
  /**
   * Calls the replay left out, by the target model that has no price row.
   * Sent to the page, at most `MAX_LISTED_REPLAY_MODELS`, most calls first,
   * and the others counted in `leftOutOthers`.
   */
  readonly leftOut: readonly { readonly model: string; readonly calls: number }[];
  /** Left-out models not listed in `leftOut`, and their calls. */
  readonly leftOutOthers?: ModelsCounted;
  /**
   * The models seen in the scope (price row, else the name as written),
   * most calls first; sent to the page, at most `MAX_LISTED_REPLAY_MODELS`
   * and the others counted in `modelsSeenOthers`.
   */
  readonly modelsSeen: readonly ModelSeenShare[];
  /** Models seen not listed in `modelsSeen`, and their calls. */
  readonly modelsSeenOthers?: ModelsCounted;
  readonly choiceText: string;
  /** The choice moves no model and keeps each conversation's TTL: the replay is the traffic as run. */
  readonly changesNothing: boolean;
  readonly givesUp: readonly string[];
  /** The replayed calls as routing hops, at most `MAX_REPLAY_TIMELINE_HOPS`. */
  readonly timeline: {
    readonly hops: readonly HopRecord[];
    /** Replayed calls in all (the timeline holds the first `hops.length`). */
    readonly totalCalls: number;
  };
}

/** Models counted, not listed: how many, and their calls. */
export interface ModelsCounted {
  readonly models: number;
  readonly calls: number;
}

/**
 * At most this many left-out models and models seen go to the page with a
 * replay: a trace can name 100,000 models, and copying each of them from the
 * worker with every replay held the page for hundreds of milliseconds.
 */
export const MAX_LISTED_REPLAY_MODELS = 100;

/** At most this many replayed calls are drawn on the routing tab's timeline. */
export const MAX_REPLAY_TIMELINE_HOPS = 3_000;

/** One ranked choice of the search, with what it gives up in words. */
export interface RankedReplayChoice {
  readonly choice: ReplayPlanChoice;
  readonly choiceText: string;
  readonly totalUsd: number;
  readonly givesUp: readonly string[];
}

/** The search over the replay's choices for one scope. */
export interface ReplaySearchOutcome {
  /** Calls in the scope, priced or not. */
  readonly scopeCalls: number;
  /** The scope's calls with a price row: those `asBilledUsd` bills. */
  readonly pricedCalls: number;
  /** The priced calls as billed: tokens and server-tool fees (as the replays price them). */
  readonly asBilledUsd: number;
  readonly asRunUsd: number;
  /** The bound, in words (which models, which targets, how many choices). */
  readonly boundText: string;
  readonly evaluated: number;
  /** Cheapest first. */
  readonly ranked: readonly RankedReplayChoice[];
  /** The cheapest that moves no model (a TTL change alone). */
  readonly keepModels: RankedReplayChoice;
}

// ---- Cross-tab figures (the TTL question, the gate population, rates) ----

/** The two cache TTLs a replay can choose, seconds (SPEC §11). */
export const TTL_CHOICES_SECONDS = [300, 3600] as const;
/** At most this many expired calls are listed (the largest prompts first). */
export const MAX_LISTED_EXPIRED = 20;

/** One bin of idle gaps: `[fromSeconds, toSeconds)`, the last one open. */
export interface GapBin {
  readonly fromSeconds: number;
  /** `null` for the last, open bin. */
  readonly toSeconds: number | null;
  /** Gaps in the bin, one count per model of `TrafficTtl.models`. */
  readonly counts: readonly number[];
}

/** What one TTL costs on this traffic, every call on its own model (SPEC §11 replay). */
export interface TtlChoiceCost {
  readonly ttlSeconds: number;
  readonly totalUsd: number;
  /** Prompt tokens read from cache, 0–1. */
  readonly cacheHitShare: number;
  /** Calls whose cache entry was older than the TTL. */
  readonly expiredCalls: number;
  /** `expiredCalls` over the replayed calls, 0–1. */
  readonly expiredShare: number;
}

/** A call whose cache expired under the 5-minute TTL. */
export interface ExpiredCall {
  readonly conversationId: string;
  readonly callId: string;
  readonly at: number;
  /** The price row it ran on. */
  readonly model: string;
  /** Idle time since the model's cache entry in this conversation was last used, seconds. */
  readonly gapSeconds: number;
  readonly promptTokens: number;
  /** Whether it expired under the 1-hour TTL too. */
  readonly expiredUnderOneHour: boolean;
}

/** The TTL question, answered from the traffic's own gaps. */
export interface TrafficTtl {
  /** Price rows the priced calls ran on, most calls first. */
  readonly models: readonly string[];
  readonly bins: readonly GapBin[];
  /** Calls with an earlier call of their conversation on the same model. */
  readonly gaps: number;
  /** Priced (replayed) calls. */
  readonly calls: number;
  /** The 5-minute TTL, then the 1-hour one. */
  readonly choices: readonly [TtlChoiceCost, TtlChoiceCost];
  /** At most `MAX_LISTED_EXPIRED`, the largest prompts first. */
  readonly expired: readonly ExpiredCall[];
}

/** How much traffic there is per day (`TrafficRates` of traffic-figures.ts). */
export interface CrossTabRates {
  readonly spanDays: number;
  readonly conversationsPerDay: number;
  readonly callsPerDay: number;
  readonly toolOutputsPerDay: number;
  readonly asBilledUsdPerDay: number;
  /** The prompts' part of it: plain input, cache reads and cache writes (no output, no fees). */
  readonly promptsUsdPerDay: number;
  /** As billed per day by price row (the rows add up to `asBilledUsdPerDay`). */
  readonly byModelUsdPerDay: Readonly<Record<string, number>>;
}

/** The gate's priors fitted to the tool outputs (`TrafficPriors` of traffic-figures.ts). */
export interface CrossTabPriors {
  readonly outputs: number;
  readonly medianTokens: number;
  readonly sigma: number;
  readonly medianHorizon: number;
}

/** The figures of the traffic that other tabs and the report use. */
export interface TrafficCrossFigures {
  readonly calls: number;
  readonly conversations: number;
  readonly firstAt: number | undefined;
  readonly lastAt: number | undefined;
  readonly asBilledUsd: number;
  readonly rates: CrossTabRates;
  readonly priors: CrossTabPriors | undefined;
  /** Every tool output: its size, tokens, and its horizon (later non-sidechain calls of its conversation). */
  readonly population: readonly { readonly sizeTokens: number; readonly horizon: number }[];
  readonly ttl: TrafficTtl;
}
