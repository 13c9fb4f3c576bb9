/**
 * The calls of a trace as they are read (SPEC §12 "§10 calls and totals"):
 * deduplicated on `(conversationId, callId)`, the first record defining the
 * call; a Claude Code call's usage is that of its line with the largest
 * `output_tokens` over every file (the first on ties); at most one tool
 * result per `toolUseId`. Kept compact: one small object per call.
 */
import type { CallUsage, ToolResult, TraceCall } from './call-record.ts';

/** A call as a reader found it, before deduplication. */
export interface CallDraft extends CallUsage {
  readonly conversationId: string;
  readonly callId: string;
  readonly at: number;
  readonly model: string;
  readonly sidechain: boolean;
}

/** A call held by the store; its usage may still change (Claude Code lines). */
export interface StoredCall {
  readonly conversationId: string;
  readonly callId: string;
  readonly at: number;
  readonly model: string;
  readonly sidechain: boolean;
  /** Position in input order (files as given, then lines). */
  readonly order: number;
  usage: CallUsage;
  toolResults: ToolResult[] | undefined;
  /** The tool use ids held, once a call holds more than `SCAN_LIMIT` results. */
  toolUseIds: Set<string> | undefined;
}

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
      order: this.calls.length,
      usage: usageOf(draft),
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
    if (draft.outputTokens > held.usage.outputTokens) held.usage = usageOf(draft);
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

  /** The calls by time, ties in input order, with every tool result placed. */
  finish(): TraceCall[] {
    const sorted = [...this.calls].sort((a, b) => a.at - b.at || a.order - b.order);
    if (this.timedToolResults.length > 0) this.placeTimedToolResults(sorted);
    return sorted.map(toTraceCall);
  }

  private placeTimedToolResults(sorted: readonly StoredCall[]): void {
    const byConversation = new Map<string, StoredCall[]>();
    for (const call of sorted) {
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
        if (list[mid]!.at > at) hi = mid;
        else lo = mid + 1;
      }
      const target = list[lo];
      if (target !== undefined) this.attach(target, result);
    }
    this.timedToolResults.length = 0;
  }
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
  };
}
