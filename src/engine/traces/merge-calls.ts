/**
 * Adding a new import's calls to the traffic already stored, with SPEC §10's
 * deduplication carried across imports, whatever the imports' labels: a
 * call already held keeps its time, model, side, project, branch and source
 * (whoever imported it first); a later record of it with more output (a
 * Claude Code call whose session went on after the first import) gives its
 * usage and its server-tool requests; tool results are added once per
 * `toolUseId`. The result is by time, ties held calls first, then the new
 * import's order.
 */
import type { TraceCall } from '../../core/traces/index.ts';

const keyOf = (call: TraceCall) => `${call.conversationId}\n${call.callId}`;

/** `held` and `incoming` (each by time) merged; `added` counts the calls that were new. */
export function mergeCalls(
  held: readonly TraceCall[],
  incoming: readonly TraceCall[],
): { calls: TraceCall[]; added: number } {
  if (held.length === 0) return { calls: [...incoming], added: incoming.length };
  const index = new Map<string, number>();
  const merged: TraceCall[] = [...held];
  merged.forEach((call, i) => index.set(keyOf(call), i));
  const fresh: TraceCall[] = [];
  for (const call of incoming) {
    const at = index.get(keyOf(call));
    if (at === undefined) {
      index.set(keyOf(call), -1);
      fresh.push(call);
      continue;
    }
    if (at < 0) continue; // a duplicate inside the new import is already resolved by the reader
    const old = merged[at]!;
    const ids = new Set(old.toolResults.map((r) => r.toolUseId));
    const toolResults = [
      ...old.toolResults,
      ...call.toolResults.filter((r) => !ids.has(r.toolUseId)),
    ];
    const usage =
      call.outputTokens > old.outputTokens
        ? {
            inputTokens: call.inputTokens,
            cacheReadTokens: call.cacheReadTokens,
            cacheWrite5mTokens: call.cacheWrite5mTokens,
            cacheWrite1hTokens: call.cacheWrite1hTokens,
            outputTokens: call.outputTokens,
            reasoningTokens: call.reasoningTokens,
            toolRequests: call.toolRequests,
          }
        : {};
    merged[at] = { ...old, ...usage, toolResults };
  }
  if (fresh.length === 0) return { calls: merged, added: 0 };
  // Both lists are by time, undated calls last (SPEC §13.1): a stable merge keeps held calls first on ties.
  const out: TraceCall[] = [];
  let i = 0;
  let j = 0;
  while (i < merged.length || j < fresh.length) {
    const a = merged[i];
    const b = fresh[j];
    if (
      b === undefined ||
      (a !== undefined && (b.at === null || (a.at !== null && a.at <= b.at)))
    ) {
      out.push(a!);
      i += 1;
    } else {
      out.push(b);
      j += 1;
    }
  }
  return { calls: out, added: fresh.length };
}
