/**
 * What a reader hands the call store (SPEC §12 "§10 calls and totals",
 * §13.1, §13.2): a call as one record gives it, before deduplication.
 */
import type { CallKind, CallUsage, ToolRequestCounts } from './call-record.ts';

/**
 * A pass of an Anthropic response (SPEC §13.2) other than a `message` one:
 * billed as a call of its own, beside its parent.
 */
export interface PassDraft extends CallUsage {
  /** The element's 0-based index in `usage.iterations`. */
  readonly index: number;
  /** The element's `type` (`compaction`, `advisor_message`, …). */
  readonly kind: string;
  readonly model: string;
}

/** The usage a record gives a call: counts, server-tool requests and passes. */
export interface RecordUsage extends CallUsage {
  readonly toolRequests?: ToolRequestCounts;
  /** Passes in `usage.iterations` order (SPEC §13.2). */
  readonly passes?: readonly PassDraft[];
  /** Index of the first `message` pass: the parent stands there among its passes (-1: first). */
  readonly parentSlot?: number;
}

/** A call as a reader found it, before deduplication. */
export interface CallDraft extends RecordUsage {
  readonly conversationId: string;
  readonly callId: string;
  /** `null` for an undated record (SPEC §13.1). */
  readonly at: number | null;
  readonly model: string;
  readonly sidechain: boolean;
  /** Default `call`. */
  readonly kind?: CallKind;
  /** Default `null`. */
  readonly project?: string | null;
  /** Default `null`. */
  readonly gitBranch?: string | null;
}
