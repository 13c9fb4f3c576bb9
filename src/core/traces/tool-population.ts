/**
 * A trace's tool outputs as a gate population (SPEC §10, last paragraph;
 * §2.1): each tool result is an output of its `tokens`, carried for the
 * non-sidechain calls of its conversation from the call that first reads it
 * on.
 */
import type { TraceCall } from './call-record.ts';

/** One tool output of a trace, as §2.1's population takes it. */
export interface TracedToolOutput {
  readonly sizeTokens: number;
  /** The later non-sidechain calls of the same conversation that carry it. */
  readonly horizon: number;
  readonly conversationId: string;
  readonly toolUseId: string;
  readonly name?: string;
}

/**
 * The tool outputs of `calls` (in time order, as a reader returns them).
 * `horizon` counts the non-sidechain calls of the conversation at or after
 * the call the result is attached to: the output arrives with that call's
 * prompt and stays in every later one.
 */
export function toolOutputPopulation(calls: readonly TraceCall[]): TracedToolOutput[] {
  // Non-sidechain calls of each conversation from each position on, counted backwards.
  const remaining = new Map<string, number>();
  const fromHere: number[] = new Array<number>(calls.length);
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    const count = (remaining.get(call.conversationId) ?? 0) + (call.sidechain ? 0 : 1);
    remaining.set(call.conversationId, count);
    fromHere[i] = count;
  }
  const outputs: TracedToolOutput[] = [];
  calls.forEach((call, i) => {
    for (const result of call.toolResults) {
      outputs.push({
        sizeTokens: result.tokens,
        horizon: fromHere[i]!,
        conversationId: call.conversationId,
        toolUseId: result.toolUseId,
        ...(result.name === undefined ? {} : { name: result.name }),
      });
    }
  });
  return outputs;
}
