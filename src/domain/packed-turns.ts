/**
 * A conversation's turns packed into one `Float64Array` and a short list of
 * strings, for requests to the engine's worker. Structured cloning copies a
 * typed array as one block, where 2,000 turns of plain objects cost the main
 * thread several milliseconds per request (and a slider step sends several).
 * Packing is exact: every number is a float64 already, and `unpackTurns`
 * gives back turns equal field by field, absent fields left absent. Pure.
 */
import type { SimHop, SimTurn } from '../core/index.ts';

/** The turns of a conversation, packed (see the module's comment). */
export interface PackedTurns {
  readonly kind: 'packed-turns';
  /** Per turn: gap, user tokens, complexity (string), tool names (list), hop count; then per hop: output, thinking, tool result, latency, forced tool (string). */
  readonly numbers: Float64Array;
  readonly turnCount: number;
  /** Strings the numbers refer to by index. */
  readonly strings: readonly string[];
  /** Tool-name lists the numbers refer to by index. */
  readonly toolLists: readonly (readonly string[])[];
}

const TURN_FIELDS = 5;
const HOP_FIELDS = 5;
/** Reference codes for an optional field: absent, or null. */
const ABSENT = -2;
const NULL = -1;

/** Packs `turns` (see `PackedTurns`). */
export function packTurns(turns: readonly SimTurn[]): PackedTurns {
  let hops = 0;
  for (const turn of turns) hops += turn.hops.length;
  const numbers = new Float64Array(turns.length * TURN_FIELDS + hops * HOP_FIELDS);
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const toolLists: (readonly string[])[] = [];
  const code = (value: string | null | undefined): number => {
    if (value === undefined) return ABSENT;
    if (value === null) return NULL;
    let index = stringIndex.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      stringIndex.set(value, index);
    }
    return index;
  };
  let at = 0;
  for (const turn of turns) {
    numbers[at++] = turn.gapSeconds;
    numbers[at++] = turn.userTokens;
    numbers[at++] = code(turn.complexity);
    const tools = turn.toolNames;
    numbers[at++] =
      tools === undefined ? ABSENT : tools === null ? NULL : toolLists.push(tools) - 1;
    numbers[at++] = turn.hops.length;
    for (const hop of turn.hops) {
      numbers[at++] = hop.outputTokens;
      numbers[at++] = hop.thinkingTokens;
      numbers[at++] = hop.toolResultTokens;
      numbers[at++] = hop.latencySeconds;
      numbers[at++] = code(hop.forcedTool);
    }
  }
  return { kind: 'packed-turns', numbers, turnCount: turns.length, strings, toolLists };
}

/** The turns `packTurns` packed, equal to them field by field. */
export function unpackTurns(packed: PackedTurns): SimTurn[] {
  const { numbers, strings, toolLists } = packed;
  const turns: SimTurn[] = [];
  let at = 0;
  for (let t = 0; t < packed.turnCount; t++) {
    const gapSeconds = numbers[at++] as number;
    const userTokens = numbers[at++] as number;
    const complexity = strings[numbers[at++] as number] as SimTurn['complexity'];
    const toolsCode = numbers[at++] as number;
    const hopCount = numbers[at++] as number;
    const hops: SimHop[] = [];
    for (let h = 0; h < hopCount; h++) {
      const outputTokens = numbers[at++] as number;
      const thinkingTokens = numbers[at++] as number;
      const toolResultTokens = numbers[at++] as number;
      const latencySeconds = numbers[at++] as number;
      const forced = numbers[at++] as number;
      const hop: SimHop = { outputTokens, thinkingTokens, toolResultTokens, latencySeconds };
      hops.push(
        forced === ABSENT
          ? hop
          : { ...hop, forcedTool: forced === NULL ? null : (strings[forced] as string) },
      );
    }
    const turn: SimTurn = { gapSeconds, userTokens, complexity, hops };
    turns.push(
      toolsCode === ABSENT
        ? turn
        : {
            ...turn,
            toolNames: toolsCode === NULL ? null : (toolLists[toolsCode] as readonly string[]),
          },
    );
  }
  return turns;
}

/** Turns as a request carries them: plain (small conversations) or packed. */
export type TurnsPayload = readonly SimTurn[] | PackedTurns;

/** The plain turns of a payload. */
export function turnsOf(payload: TurnsPayload): readonly SimTurn[] {
  return 'kind' in payload ? unpackTurns(payload) : payload;
}
