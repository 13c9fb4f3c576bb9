/**
 * The normalised call record (SPEC §10): one model call of a usage trace,
 * whatever format it was read from.
 */

/** A tool output the call's prompt carried (SPEC §10). */
export interface ToolResult {
  readonly toolUseId: string;
  /** The tool's name, when the trace says it. */
  readonly name?: string;
  /** ⌈characters / 4⌉ of the result's text (SPEC §3's estimator). */
  readonly tokens: number;
}

/** Who made a call (SPEC §13.7): the main agent or a subagent (sidechain). */
export type CallAgent = 'main' | 'subagent';

/**
 * What a call record is (SPEC §13.7): `call` for a model call, an
 * Anthropic iteration pass's `type` (`compaction`, `advisor_message`, …,
 * §13.2), or `reconciling` for a stream-json remainder (§13.5).
 */
export type CallKind = 'call' | 'reconciling' | (string & {});

/** Server-tool requests of a call by kind (`web_search`, …), only counts above 0 (SPEC §13.4). */
export type ToolRequestCounts = Readonly<Record<string, number>>;

/** One model call, as billed. Every count is a whole number of tokens ≥ 0. */
export interface TraceCall {
  readonly conversationId: string;
  readonly callId: string;
  /** Seconds since the Unix epoch, or `null` for an undated record (SPEC §13.1). */
  readonly at: number | null;
  /** The model name as written in the trace. */
  readonly model: string;
  /** Plain, uncached input. */
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWrite5mTokens: number;
  readonly cacheWrite1hTokens: number;
  /** Output, reasoning included. */
  readonly outputTokens: number;
  /** Informative only: already inside `outputTokens`. */
  readonly reasoningTokens: number;
  /** A subagent's call (Claude Code `isSidechain`). */
  readonly sidechain: boolean;
  readonly toolResults: readonly ToolResult[];
  /** `call`, an iteration pass's type or `reconciling` (SPEC §13.7). */
  readonly kind: CallKind;
  /** The working directory or project the call was made in, when the format says it. */
  readonly project: string | null;
  /** The git branch (Claude Code, Codex), when the format says it; often `""`. */
  readonly gitBranch: string | null;
  /** `subagent` when `sidechain`, else `main`. */
  readonly agent: CallAgent;
  /** The input file's `source` label, else the file's name (SPEC §13.7). */
  readonly source: string;
  /** Server-tool requests (SPEC §13.4); `{}` when none. */
  readonly toolRequests: ToolRequestCounts;
}

/**
 * The revision-3 fields of a call record (SPEC §13.7) for a plain model call
 * of the main agent, of no project, branch or source, without server-tool
 * requests: for building records by hand (tests, synthetic traffic).
 */
export const PLAIN_CALL_FIELDS = Object.freeze({
  kind: 'call',
  project: null,
  gitBranch: null,
  agent: 'main',
  source: '',
  toolRequests: Object.freeze({}),
} as const satisfies Pick<
  TraceCall,
  'kind' | 'project' | 'gitBranch' | 'agent' | 'source' | 'toolRequests'
>);

/**
 * One trace file given whole (SPEC §13.7): its name, its text, and an
 * optional label for whose traffic it is (a person or a machine), so that
 * several imports can be merged and told apart.
 */
export interface TraceInputFile {
  readonly name: string;
  readonly text: string;
  readonly source?: string;
}

/** What the traces themselves say they cost (stream-json `total_cost_usd`, SPEC §13.7). */
export interface ReportedCost {
  /** The sum over sessions, USD; 0 when none reported. */
  readonly totalCostUsd: number;
  /** Each session's reported cost, USD. */
  readonly byConversation: ReadonlyMap<string, number>;
}

/** The source label of a file: its `source` when a non-empty string, else its name (SPEC §13.7). */
export function sourceOf(name: string, source: string | undefined): string {
  return typeof source === 'string' && source !== '' ? source : name;
}

/** A record that could not be read: which file, which line, and why, in plain words. */
export interface SkippedRecord {
  readonly file: string;
  /** 1-based line (JSONL, CSV) or record position (JSON documents); 0 for the whole file. */
  readonly line: number;
  readonly reason: string;
}

/** The formats a trace file can be in (SPEC §10), recognised by content. */
export type TraceFormat =
  | 'claude-code'
  | 'anthropic'
  | 'openai'
  | 'otlp'
  | 'litellm-json'
  | 'litellm-csv'
  | 'langfuse'
  | 'codex'
  | 'stream-json'
  | 'anthropic-sse'
  | 'gemini-cli';

/** Words for a format, as the explorer shows them. */
export const TRACE_FORMAT_LABEL: Readonly<Record<TraceFormat, string>> = {
  'claude-code': 'Claude Code transcript',
  anthropic: 'Anthropic Messages responses',
  openai: 'OpenAI Chat Completions or Responses',
  otlp: 'OpenTelemetry GenAI spans (OTLP/JSON)',
  'litellm-json': 'LiteLLM spend logs (JSON)',
  'litellm-csv': 'LiteLLM spend logs (CSV)',
  langfuse: 'Langfuse observations',
  codex: 'Codex CLI rollout',
  'stream-json': 'Claude Code stream-json output',
  'anthropic-sse': 'Anthropic streamed response (SSE)',
  'gemini-cli': 'Gemini CLI session',
};

/** The token counts of one call (SPEC §10). */
export interface CallUsage {
  readonly inputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWrite5mTokens: number;
  readonly cacheWrite1hTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
}

/** The prompt of a call: plain input, cache reads and both kinds of cache write. */
export function promptTokens(call: CallUsage): number {
  return (
    call.inputTokens + call.cacheReadTokens + call.cacheWrite5mTokens + call.cacheWrite1hTokens
  );
}
