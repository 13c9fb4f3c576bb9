// @vitest-environment node
/** turnHopIndex (seed 001 §3.1; SPEC §4). */
import { describe, expect, it } from 'vitest';
import { turnHopIndex } from '../../../src/core/resolver/hop-index.ts';
import type { MessageKind } from '../../../src/core/resolver/types.ts';

describe('turnHopIndex', () => {
  it.each<[string, MessageKind[], number]>([
    ['no messages', [], 0],
    ['a new user turn', ['human'], 0],
    ['first hop done', ['human', 'ai'], 1],
    ['a tool result does not reset', ['human', 'ai', 'tool'], 1],
    ['two hops with tool results', ['human', 'ai', 'tool', 'ai', 'tool'], 2],
    ['a system message does not reset', ['human', 'ai', 'system', 'ai'], 2],
    [
      'an interrupt resume arrives as a tool message',
      ['human', 'ai', 'tool', 'tool', 'ai', 'tool'],
      2,
    ],
    ['a new human message resets to 0', ['human', 'ai', 'tool', 'ai', 'human'], 0],
    ['counts only after the last human', ['human', 'ai', 'ai', 'ai', 'human', 'ai'], 1],
    ['with no human, all ai messages count', ['system', 'ai', 'tool', 'ai'], 2],
    ['ai before the first human are not counted', ['ai', 'ai', 'human', 'ai'], 1],
    ['only system messages', ['system', 'system'], 0],
    ['a mid-turn human message resets by definition', ['human', 'ai', 'tool', 'human', 'tool'], 0],
  ])('%s → %s', (_label, messages, index) => {
    expect(turnHopIndex(messages)).toBe(index);
  });
});
