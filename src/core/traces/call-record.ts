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

/** One model call, as billed. Every count is a whole number of tokens ≥ 0. */
export interface TraceCall {
  readonly conversationId: string;
  readonly callId: string;
  /** Seconds since the Unix epoch. */
  readonly at: number;
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
  'claude-code' | 'anthropic' | 'openai' | 'otlp' | 'litellm-json' | 'litellm-csv' | 'langfuse';

/** Words for a format, as the explorer shows them. */
export const TRACE_FORMAT_LABEL: Readonly<Record<TraceFormat, string>> = {
  'claude-code': 'Claude Code transcript',
  anthropic: 'Anthropic Messages responses',
  openai: 'OpenAI Chat Completions or Responses',
  otlp: 'OpenTelemetry GenAI spans (OTLP/JSON)',
  'litellm-json': 'LiteLLM spend logs (JSON)',
  'litellm-csv': 'LiteLLM spend logs (CSV)',
  langfuse: 'Langfuse observations',
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
