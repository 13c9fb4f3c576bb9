/** What the "Your traffic" tab lets a user set that a link may carry: the replay's choice. */

/** A model seen in the traffic (its price row's name, or the name as written when unpriced) moved to another row. */
export interface ReplayModelMove {
  readonly from: string;
  readonly to: string;
}

/**
 * The cache TTL a replay assumes (SPEC §11: 300 s or 3,600 s), or, the
 * default, each conversation's own as it ran: 1 hour where it wrote 1-hour
 * cache, else 5 minutes (as SPEC §11's "as run" takes it).
 */
export type ReplayTtlChoice = 'asBilled' | 'fiveMinutes' | 'oneHour';

/**
 * The replay's choice (SPEC §11) as a link carries it: which model each call
 * runs on and the cache TTL. Never the calls, never which conversations are
 * replayed (those are the user's own traffic).
 */
export interface ReplayChoiceState {
  /** `one`: every call on `oneModel`; `map`: each model seen as `mapping` says (unlisted ones stay). */
  readonly modelMode: 'one' | 'map';
  readonly oneModel: string;
  readonly mapping: readonly ReplayModelMove[];
  readonly ttl: ReplayTtlChoice;
}

/** What the "Your traffic" tab lets a user set that a link may carry. */
export interface TrafficSettings {
  readonly replay: ReplayChoiceState;
}

export const DEFAULT_REPLAY_CHOICE: ReplayChoiceState = {
  modelMode: 'map',
  oneModel: 'claude-sonnet-4-5',
  mapping: [],
  ttl: 'asBilled',
};

export const DEFAULT_TRAFFIC: TrafficSettings = { replay: DEFAULT_REPLAY_CHOICE };
