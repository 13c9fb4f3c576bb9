/**
 * The in-turn hop index (seed 001 §3.1, `turn_hop_index`; SPEC §4).
 */
import type { MessageKind } from './types.ts';

/**
 * The number of `ai` messages after the last `human` message (all `ai`
 * messages when there is none). `tool` and `system` messages never reset it:
 * tool results and interrupt resumes arrive as tool messages mid-turn.
 */
export function turnHopIndex(messages: readonly MessageKind[]): number {
  let hops = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const kind = messages[i];
    if (kind === 'human') break;
    if (kind === 'ai') hops++;
  }
  return hops;
}
