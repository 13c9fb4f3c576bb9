/**
 * The calls of a trace as they are read (SPEC §12 "§10 calls and totals",
 * §13.1, §13.2): deduplicated on `(conversationId, callId)`, the first record
 * defining the call; a Claude Code call's usage is that of its line with the
 * largest `output_tokens` over every file (the first on ties), with that
 * line's passes and tool requests; at most one tool result per `toolUseId`.
 * Kept compact: one small object per call.
 */
import type {
  CallKind,
  CallUsage,
  ReportedCost,
  ToolRequestCounts,
  ToolResult,
  TraceCall,
} from './call-record.ts';

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

/** A call held by the store; its usage may still change (Claude Code lines). */
export interface StoredCall {
  readonly conversationId: string;
  readonly callId: string;
  readonly at: number | null;
  readonly model: string;
  readonly sidechain: boolean;
  readonly kind: CallKind;
  readonly project: string | null;
  readonly gitBranch: string | null;
  readonly source: string;
  /** Position in input order (files as given, then lines). */
  readonly order: number;
  usage: CallUsage;
  toolRequests: ToolRequestCounts;
  passes: readonly PassDraft[];
  parentSlot: number;
  toolResults: ToolResult[] | undefined;
  /** The tool use ids held, once a call holds more than `SCAN_LIMIT` results. */
  toolUseIds: Set<string> | undefined;
}

const NO_REQUESTS: ToolRequestCounts = Object.freeze({});
const NO_PASSES: readonly PassDraft[] = Object.freeze([]);

// Past this many tool results a call keeps a Set of their ids instead of scanning them.
const SCAN_LIMIT = 16;

/** A tool result that waits for the first call of its conversation after `at` (OTLP). */
interface TimedToolResult {
  readonly conversationId: string;
  readonly at: number;
  readonly result: ToolResult;
}

function usageOf(draft: CallUsage): CallUsage {
  return {
    inputTokens: draft.inputTokens,
    cacheReadTokens: draft.cacheReadTokens,
    cacheWrite5mTokens: draft.cacheWrite5mTokens,
    cacheWrite1hTokens: draft.cacheWrite1hTokens,
    outputTokens: draft.outputTokens,
    reasoningTokens: draft.reasoningTokens,
  };
}

/** Deduplicating store of the calls read so far. */
export class CallStore {
  private readonly byConversation = new Map<string, Map<string, StoredCall>>();
  private readonly calls: StoredCall[] = [];
  private readonly timedToolResults: TimedToolResult[] = [];
  private readonly names = new Map<string, string>();
  private source = '';
  private readonly reportedCosts = new Map<string, number>();

  /**
   * Notes what a session says it cost (stream-json `total_cost_usd`, SPEC
   * §13.7); the first file to report a session keeps it.
   */
  reportCost(conversationId: string, usd: number): void {
    if (!this.reportedCosts.has(conversationId)) this.reportedCosts.set(conversationId, usd);
  }

  /** The reported costs: their sum and each session's. */
  reported(): ReportedCost {
    let totalCostUsd = 0;
    for (const usd of this.reportedCosts.values()) totalCostUsd += usd;
    return { totalCostUsd, byConversation: new Map(this.reportedCosts) };
  }

  /** Sets the `source` of the calls inserted from now on (the file being read, SPEC §13.7). */
  setSource(source: string): void {
    this.source = this.intern(source);
  }

  /** Number of distinct calls held. */
  get size(): number {
    return this.calls.length;
  }

  private find(conversationId: string, callId: string): StoredCall | undefined {
    return this.byConversation.get(conversationId)?.get(callId);
  }

  // One copy of each conversation id and model name, however many calls repeat them.
  private intern(text: string): string {
    const held = this.names.get(text);
    if (held !== undefined) return held;
    this.names.set(text, text);
    return text;
  }

  private insert(draft: CallDraft): StoredCall {
    const call: StoredCall = {
      conversationId: this.intern(draft.conversationId),
      callId: draft.callId,
      at: draft.at,
      model: this.intern(draft.model),
      sidechain: draft.sidechain,
      kind: draft.kind ?? 'call',
      project:
        draft.project === undefined || draft.project === null ? null : this.intern(draft.project),
      gitBranch:
        draft.gitBranch === undefined || draft.gitBranch === null
          ? null
          : this.intern(draft.gitBranch),
      source: this.source,
      order: this.calls.length,
      usage: usageOf(draft),
      toolRequests: draft.toolRequests ?? NO_REQUESTS,
      passes: draft.passes ?? NO_PASSES,
      parentSlot: draft.parentSlot ?? -1,
      toolResults: undefined,
      toolUseIds: undefined,
    };
    let calls = this.byConversation.get(draft.conversationId);
    if (calls === undefined) {
      calls = new Map();
      this.byConversation.set(draft.conversationId, calls);
    }
    calls.set(draft.callId, call);
    this.calls.push(call);
    return call;
  }

  /** Adds a one-record call; a call already held keeps its first record. Returns the held call and whether it is new. */
  add(draft: CallDraft): { call: StoredCall; added: boolean } {
    const held = this.find(draft.conversationId, draft.callId);
    return held === undefined
      ? { call: this.insert(draft), added: true }
      : { call: held, added: false };
  }

  /**
   * Adds one line of a Claude Code call: the first line defines the call;
   * a later line with a larger `output_tokens` replaces its usage.
   */
  addStreamedLine(draft: CallDraft): { call: StoredCall; added: boolean } {
    const held = this.find(draft.conversationId, draft.callId);
    if (held === undefined) return { call: this.insert(draft), added: true };
    if (draft.outputTokens > held.usage.outputTokens) {
      held.usage = usageOf(draft);
      held.toolRequests = draft.toolRequests ?? NO_REQUESTS;
      held.passes = draft.passes ?? NO_PASSES;
      held.parentSlot = draft.parentSlot ?? -1;
    }
    return { call: held, added: false };
  }

  /** Attaches a tool result to a call, unless it already holds one with that id. */
  attach(call: StoredCall, result: ToolResult): void {
    const results = (call.toolResults ??= []);
    const id = result.toolUseId;
    if (call.toolUseIds !== undefined) {
      if (call.toolUseIds.has(id)) return;
      call.toolUseIds.add(id);
    } else {
      // Most calls hold one to three results: a scan is cheaper than a Set per call.
      for (const held of results) if (held.toolUseId === id) return;
      if (results.length >= SCAN_LIMIT)
        call.toolUseIds = new Set([...results.map((r) => r.toolUseId), id]);
    }
    results.push(result);
  }

  /** Keeps a tool result for the first call of `conversationId` that starts after `at`. */
  attachLater(conversationId: string, at: number, result: ToolResult): void {
    this.timedToolResults.push({ conversationId, at, result });
  }

  /** Every call held, in input order (for readers that look back over their file). */
  get held(): readonly StoredCall[] {
    return this.calls;
  }

  /**
   * The calls with every tool result placed (SPEC §13.1): the dated ones by
   * time, ties in input order, then the undated ones in input order; each
   * call's passes beside it (SPEC §13.2).
   */
  finish(): TraceCall[] {
    const sorted = [...this.calls].sort(byTimeThenInput);
    if (this.timedToolResults.length > 0) this.placeTimedToolResults(sorted);
    const out: TraceCall[] = [];
    for (const call of sorted) {
      const parent = toTraceCall(call);
      if (call.passes.length === 0) {
        out.push(parent);
        continue;
      }
      let placed = false;
      for (const pass of call.passes) {
        if (!placed && pass.index > call.parentSlot) {
          out.push(parent);
          placed = true;
        }
        out.push(passCall(parent, pass));
      }
      if (!placed) out.push(parent);
    }
    return out;
  }

  private placeTimedToolResults(sorted: readonly StoredCall[]): void {
    const byConversation = new Map<string, StoredCall[]>();
    for (const call of sorted) {
      if (call.at === null) continue;
      const list = byConversation.get(call.conversationId);
      if (list === undefined) byConversation.set(call.conversationId, [call]);
      else list.push(call);
    }
    for (const { conversationId, at, result } of this.timedToolResults) {
      const list = byConversation.get(conversationId);
      if (list === undefined) continue;
      // The first call that starts strictly after the tool span started.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid]!.at! > at) hi = mid;
        else lo = mid + 1;
      }
      const target = list[lo];
      if (target !== undefined) this.attach(target, result);
    }
    this.timedToolResults.length = 0;
  }
}

// Dated calls by time, then undated ones; ties (and the undated) in input order.
function byTimeThenInput(a: StoredCall, b: StoredCall): number {
  if (a.at === null || b.at === null) {
    if (a.at !== b.at) return a.at === null ? 1 : -1;
    return a.order - b.order;
  }
  return a.at - b.at || a.order - b.order;
}

function toTraceCall(call: StoredCall): TraceCall {
  return {
    conversationId: call.conversationId,
    callId: call.callId,
    at: call.at,
    model: call.model,
    ...call.usage,
    sidechain: call.sidechain,
    toolResults: call.toolResults ?? [],
    kind: call.kind,
    project: call.project,
    gitBranch: call.gitBranch,
    agent: call.sidechain ? 'subagent' : 'main',
    source: call.source,
    toolRequests: call.toolRequests,
  };
}

// A pass as a call of its own (SPEC §13.2): its own counts, kind and model, the rest its parent's.
function passCall(parent: TraceCall, pass: PassDraft): TraceCall {
  return {
    ...parent,
    callId: `${parent.callId}/iterations/${pass.index}`,
    model: pass.model,
    inputTokens: pass.inputTokens,
    cacheReadTokens: pass.cacheReadTokens,
    cacheWrite5mTokens: pass.cacheWrite5mTokens,
    cacheWrite1hTokens: pass.cacheWrite1hTokens,
    outputTokens: pass.outputTokens,
    reasoningTokens: 0,
    toolResults: [],
    toolRequests: NO_REQUESTS,
    kind: pass.kind,
  };
}
