/**
 * The calls of a trace as they are read (SPEC §12 "§10 calls and totals",
 * §13.1, §13.2): deduplicated on `(conversationId, callId)`, the first record
 * defining the call; a Claude Code call's usage is that of its line with the
 * largest `output_tokens` over every file (the first on ties), with that
 * line's passes and tool requests; at most one tool result per `toolUseId`.
 * Kept compact: columns of numbers, not an object per call.
 */
import type { CallDraft, PassDraft, RecordUsage } from './call-draft.ts';
import type {
  CallUsage,
  ReportedCost,
  ToolRequestCounts,
  ToolResult,
  TraceCall,
} from './call-record.ts';
import { CallIdIndex } from './call-id-index.ts';
import { conversationOrder, firstCallAfter, timeOrder } from './call-order.ts';
import { Float64Column, Uint32Column } from './columns.ts';
import type { RereadableCalls } from './conversations.ts';
import { ToolResults } from './tool-results.ts';

/**
 * A call held by the store, named by its position in input order (files as
 * given, then lines); its usage may still change (Claude Code lines).
 */
export type StoredCall = number;

const NO_REQUESTS: ToolRequestCounts = Object.freeze({});
const NO_PASSES: readonly PassDraft[] = Object.freeze([]);

/** A tool result that waits for the first call of its conversation after `at` (OTLP). */
interface TimedToolResult {
  readonly conversationId: string;
  readonly at: number;
  readonly result: ToolResult;
}

/** The passes of a call that has any, and where the parent stands among them. */
interface HeldPasses {
  readonly passes: readonly PassDraft[];
  readonly parentSlot: number;
}

/**
 * Deduplicating store of the calls read so far, held in columns: a call's
 * counts and time are numbers in typed arrays, its names indexes into one
 * table of names, its id bytes in a `CallIdIndex`; tool requests, passes
 * and tool results are kept apart for the calls that have them. A call
 * takes about 110 bytes and the length of its id, off the JavaScript heap.
 */
export class CallStore {
  private readonly ids = new CallIdIndex();
  private count = 0;
  private readonly at = new Float64Column();
  private readonly inputTokens = new Float64Column();
  private readonly cacheReadTokens = new Float64Column();
  private readonly cacheWrite5mTokens = new Float64Column();
  private readonly cacheWrite1hTokens = new Float64Column();
  private readonly outputTokens = new Float64Column();
  private readonly reasoningTokens = new Float64Column();
  private readonly conversation = new Uint32Column();
  private readonly model = new Uint32Column();
  // 0 for none, else the name's index + 1.
  private readonly project = new Uint32Column();
  private readonly gitBranch = new Uint32Column();
  private readonly source = new Uint32Column();
  // The kind's name index × 2, + 1 for a sidechain call.
  private readonly kindAndSide = new Uint32Column();
  private readonly toolRequests = new Map<StoredCall, ToolRequestCounts>();
  private readonly passes = new Map<StoredCall, HeldPasses>();
  private readonly toolResults = new ToolResults();
  private readonly timedToolResults: TimedToolResult[] = [];
  private readonly names: string[] = [];
  private readonly nameIndex = new Map<string, number>();
  private currentSource = 0;
  private readonly reportedCosts = new Map<string, number>();
  private order: Uint32Array | undefined;

  /** `keepToolResults` false: every call's `toolResults` stays empty (a bill or replay reads none). */
  constructor(private readonly keepToolResults = true) {
    this.currentSource = this.intern('');
  }

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
    this.currentSource = this.intern(source);
  }

  /** Number of distinct calls held. */
  get size(): number {
    return this.count;
  }

  /** The model names of the calls held and of their passes. */
  models(): Set<string> {
    const out = new Set<string>();
    for (let i = 0; i < this.count; i++) out.add(this.names[this.model.get(i)]!);
    for (const { passes } of this.passes.values()) for (const pass of passes) out.add(pass.model);
    return out;
  }

  /** The conversation of a held call. */
  conversationOf(call: StoredCall): string {
    return this.names[this.conversation.get(call)]!;
  }

  /** The model of a held call. */
  modelOf(call: StoredCall): string {
    return this.names[this.model.get(call)]!;
  }

  /** The counts a held call has now. */
  usageOf(call: StoredCall): CallUsage {
    return {
      inputTokens: this.inputTokens.get(call),
      cacheReadTokens: this.cacheReadTokens.get(call),
      cacheWrite5mTokens: this.cacheWrite5mTokens.get(call),
      cacheWrite1hTokens: this.cacheWrite1hTokens.get(call),
      outputTokens: this.outputTokens.get(call),
      reasoningTokens: this.reasoningTokens.get(call),
    };
  }

  /** The server-tool requests of a held call. */
  toolRequestsOf(call: StoredCall): ToolRequestCounts {
    return this.toolRequests.get(call) ?? NO_REQUESTS;
  }

  /** The passes of a held call (SPEC §13.2), in `usage.iterations` order. */
  passesOf(call: StoredCall): readonly PassDraft[] {
    return this.passes.get(call)?.passes ?? NO_PASSES;
  }

  // The held call with this key, or -1; on -1, `insert` adds the key just looked up.
  private find(conversationId: string, callId: string): StoredCall {
    return this.ids.lookup(this.intern(conversationId), callId);
  }

  // One copy of each name, however many calls repeat it; calls hold its index.
  private intern(text: string): number {
    const held = this.nameIndex.get(text);
    if (held !== undefined) return held;
    const index = this.names.length;
    this.names.push(text);
    this.nameIndex.set(text, index);
    return index;
  }

  private orNone(text: string | null | undefined): number {
    return text === undefined || text === null ? 0 : this.intern(text) + 1;
  }

  private setUsage(call: StoredCall, draft: RecordUsage): void {
    this.inputTokens.set(call, draft.inputTokens);
    this.cacheReadTokens.set(call, draft.cacheReadTokens);
    this.cacheWrite5mTokens.set(call, draft.cacheWrite5mTokens);
    this.cacheWrite1hTokens.set(call, draft.cacheWrite1hTokens);
    this.outputTokens.set(call, draft.outputTokens);
    this.reasoningTokens.set(call, draft.reasoningTokens);
    const requests = draft.toolRequests;
    if (requests !== undefined && Object.keys(requests).length > 0)
      this.toolRequests.set(call, requests);
    else this.toolRequests.delete(call);
    const passes = draft.passes ?? NO_PASSES;
    const parentSlot = draft.parentSlot ?? -1;
    if (passes.length > 0 || parentSlot !== -1) this.passes.set(call, { passes, parentSlot });
    else this.passes.delete(call);
  }

  private insert(draft: CallDraft): StoredCall {
    const call = this.ids.insertLast();
    this.count += 1;
    this.at.set(call, draft.at ?? Number.NaN);
    this.conversation.set(call, this.intern(draft.conversationId));
    this.model.set(call, this.intern(draft.model));
    this.project.set(call, this.orNone(draft.project));
    this.gitBranch.set(call, this.orNone(draft.gitBranch));
    this.source.set(call, this.currentSource);
    this.kindAndSide.set(call, this.intern(draft.kind ?? 'call') * 2 + (draft.sidechain ? 1 : 0));
    this.setUsage(call, draft);
    return call;
  }

  /** Adds a one-record call; a call already held keeps its first record. Returns the held call and whether it is new. */
  add(draft: CallDraft): { call: StoredCall; added: boolean } {
    const held = this.find(draft.conversationId, draft.callId);
    return held < 0 ? { call: this.insert(draft), added: true } : { call: held, added: false };
  }

  /**
   * Adds one line of a Claude Code call: the first line defines the call;
   * a later line with a larger `output_tokens` replaces its usage.
   */
  addStreamedLine(draft: CallDraft): { call: StoredCall; added: boolean } {
    const held = this.find(draft.conversationId, draft.callId);
    if (held < 0) return { call: this.insert(draft), added: true };
    if (draft.outputTokens > this.outputTokens.get(held)) this.setUsage(held, draft);
    return { call: held, added: false };
  }

  /** Attaches a tool result to a call, unless it already holds one with that id. */
  attach(call: StoredCall, result: ToolResult): void {
    if (this.keepToolResults) this.toolResults.attach(call, result);
  }

  /** Keeps a tool result for the first call of `conversationId` that starts after `at`. */
  attachLater(conversationId: string, at: number, result: ToolResult): void {
    this.timedToolResults.push({ conversationId, at, result });
  }

  /**
   * The calls with every tool result placed (SPEC §13.1): the dated ones by
   * time, ties in input order, then the undated ones in input order; each
   * call's passes beside it (SPEC §13.2). The store holds no call after.
   */
  finish(): TraceCall[] {
    return [...this.drain()];
  }

  /**
   * The calls `finish` gives, made one at a time as they are iterated, so
   * a caller that folds them (a bill) never holds them all; once only.
   * The store holds no call after the last.
   */
  *drain(): Generator<TraceCall, void, undefined> {
    for (const call of this.ordered()) for (const record of this.withPasses(call)) yield record;
    this.clear();
  }

  /**
   * The calls `finish` gives, readable again and again once every call is
   * in, until `drain` lets them go: in time order, or a conversation at a
   * time in the order a replay groups them (`conversationsOf`), so that
   * only one conversation's calls are ever records at once.
   */
  rereadable(): RereadableCalls {
    const ordered = () => this.ordered();
    const withPasses = (call: StoredCall) => this.withPasses(call);
    const byConversation = () => conversationOrder(this.ordered(), this.conversation);
    return {
      *inTimeOrder() {
        for (const call of ordered()) yield* withPasses(call);
      },
      *byConversation() {
        const { calls, starts } = byConversation();
        for (let g = 0; g + 1 < starts.length; g++) {
          const group: TraceCall[] = [];
          for (let i = starts[g]!; i < starts[g + 1]!; i++) group.push(...withPasses(calls[i]!));
          yield group;
        }
      },
    };
  }

  // The calls in time order with every tool result placed, worked out once.
  private ordered(): Uint32Array {
    if (this.order === undefined) {
      this.order = timeOrder(this.at, this.count);
      if (this.timedToolResults.length > 0) this.placeTimedToolResults(this.order);
    }
    return this.order;
  }

  // A held call's record, and its passes beside it in usage.iterations order (SPEC §13.2).
  private withPasses(call: StoredCall): TraceCall[] {
    const parent = this.toTraceCall(call);
    const held = this.passes.get(call);
    if (held === undefined || held.passes.length === 0) return [parent];
    const records: TraceCall[] = [];
    let placed = false;
    for (const pass of held.passes) {
      if (!placed && pass.index > held.parentSlot) {
        records.push(parent);
        placed = true;
      }
      records.push(passCall(parent, pass));
    }
    if (!placed) records.push(parent);
    return records;
  }

  private clear(): void {
    this.order = undefined;
    this.ids.clear();
    for (const column of [
      this.at,
      this.inputTokens,
      this.cacheReadTokens,
      this.cacheWrite5mTokens,
      this.cacheWrite1hTokens,
      this.outputTokens,
      this.reasoningTokens,
      this.conversation,
      this.model,
      this.project,
      this.gitBranch,
      this.source,
      this.kindAndSide,
    ])
      column.clear();
    this.toolRequests.clear();
    this.passes.clear();
    this.toolResults.clear();
    this.count = 0;
  }

  private toTraceCall(call: StoredCall): TraceCall {
    const at = this.at.get(call);
    const project = this.project.get(call);
    const gitBranch = this.gitBranch.get(call);
    const kindAndSide = this.kindAndSide.get(call);
    const sidechain = (kindAndSide & 1) === 1;
    return {
      conversationId: this.names[this.conversation.get(call)]!,
      callId: this.ids.idOf(call),
      at: Number.isNaN(at) ? null : at,
      model: this.names[this.model.get(call)]!,
      inputTokens: this.inputTokens.get(call),
      cacheReadTokens: this.cacheReadTokens.get(call),
      cacheWrite5mTokens: this.cacheWrite5mTokens.get(call),
      cacheWrite1hTokens: this.cacheWrite1hTokens.get(call),
      outputTokens: this.outputTokens.get(call),
      reasoningTokens: this.reasoningTokens.get(call),
      sidechain,
      toolResults: this.toolResults.of(call),
      kind: this.names[kindAndSide >>> 1]!,
      project: project === 0 ? null : this.names[project - 1]!,
      gitBranch: gitBranch === 0 ? null : this.names[gitBranch - 1]!,
      agent: sidechain ? 'subagent' : 'main',
      source: this.names[this.source.get(call)]!,
      toolRequests: this.toolRequests.get(call) ?? NO_REQUESTS,
    };
  }

  private placeTimedToolResults(sorted: Uint32Array): void {
    const firstAfter = firstCallAfter(sorted, this.at, this.conversation);
    for (const { conversationId, at, result } of this.timedToolResults) {
      const index = this.nameIndex.get(conversationId);
      const target = index === undefined ? undefined : firstAfter(index, at);
      if (target !== undefined) this.attach(target, result);
    }
    this.timedToolResults.length = 0;
  }
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
