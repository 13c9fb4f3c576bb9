// @vitest-environment node
/** The frozen dispatch context (seed 001 §3; SPEC §4). */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/core/errors.ts';
import { buildDispatchContext, readonlyMap } from '../../../src/core/resolver/context.ts';
import type { MessageKind } from '../../../src/core/resolver/types.ts';

describe('buildDispatchContext', () => {
  it('fills the defaults and derives the hop index from the messages', () => {
    const ctx = buildDispatchContext({ messages: ['human', 'ai', 'tool', 'ai'] });
    expect(ctx).toMatchObject({
      role: 'action',
      scope: 'explorer',
      forcedToolChoice: null,
      resolvedToolNames: null,
      runId: 'explorer-run',
      turnHopIndex: 2,
      complexity: 'simple',
      now: 0,
    });
    expect(ctx.cacheState.size).toBe(0);
  });

  it('an explicit turnHopIndex overrides the derived one', () => {
    expect(buildDispatchContext({ messages: ['human'], turnHopIndex: 4 }).turnHopIndex).toBe(4);
  });

  it('is frozen: assigning a field throws', () => {
    const ctx = buildDispatchContext({ messages: ['human'], forcedToolChoice: 'search' });
    expect(Object.isFrozen(ctx)).toBe(true);
    expect(() => {
      (ctx as { turnHopIndex: number }).turnHopIndex = 3;
    }).toThrow(TypeError);
    expect(() => {
      (ctx as { forcedToolChoice: string | null }).forcedToolChoice = null;
    }).toThrow(TypeError);
    expect(ctx.turnHopIndex).toBe(0);
  });

  it('holds frozen copies of the messages and tool names', () => {
    const messages: MessageKind[] = ['human', 'ai'];
    const tools = ['search'];
    const ctx = buildDispatchContext({ messages, resolvedToolNames: tools });
    messages.push('ai');
    tools.push('sql');
    expect(ctx.messages).toEqual(['human', 'ai']);
    expect(ctx.resolvedToolNames).toEqual(['search']);
    expect(Object.isFrozen(ctx.messages)).toBe(true);
    expect(Object.isFrozen(ctx.resolvedToolNames)).toBe(true);
    expect(() => (ctx.messages as MessageKind[]).push('human')).toThrow(TypeError);
  });

  it('cacheState is read-only: every mutator throws', () => {
    const ctx = buildDispatchContext({ messages: [], cacheState: { 'claude-opus-4-6': 100 } });
    const state = ctx.cacheState as Map<string, number>;
    expect(() => state.set('claude-opus-4-6', 0)).toThrow(TypeError);
    expect(() => state.delete('claude-opus-4-6')).toThrow(TypeError);
    expect(() => state.clear()).toThrow(TypeError);
    expect(ctx.cacheState.get('claude-opus-4-6')).toBe(100);
  });

  it('cacheState.forEach does not hand out the mutable map', () => {
    const ctx = buildDispatchContext({ messages: [], cacheState: { m: 1 } });
    expect(() =>
      ctx.cacheState.forEach((_at, model, map) => {
        (map as Map<string, number>).set(model, 99);
      }),
    ).toThrow(TypeError);
    expect(ctx.cacheState.get('m')).toBe(1);
  });

  it('cacheState is a copy: changing the source afterwards does not leak in', () => {
    const source = new Map([['m', 5]]);
    const ctx = buildDispatchContext({ messages: [], cacheState: source });
    source.set('m', 50);
    source.set('n', 1);
    expect(ctx.cacheState.get('m')).toBe(5);
    expect(ctx.cacheState.has('n')).toBe(false);
  });

  it('reads like a map', () => {
    const ctx = buildDispatchContext({ messages: [], cacheState: { a: 1, b: 2 } });
    expect(ctx.cacheState.size).toBe(2);
    expect(ctx.cacheState.has('a')).toBe(true);
    expect([...ctx.cacheState]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([...ctx.cacheState.keys()]).toEqual(['a', 'b']);
    expect([...ctx.cacheState.values()]).toEqual([1, 2]);
    expect([...ctx.cacheState.entries()]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('accepts another context’s read-only cacheState', () => {
    const first = buildDispatchContext({ messages: [], cacheState: { m: 7 } });
    const second = buildDispatchContext({ messages: ['human'], cacheState: first.cacheState });
    expect(second.cacheState.get('m')).toBe(7);
    expect(
      buildDispatchContext({
        messages: [],
        cacheState: readonlyMap(new Map([['x', 3]])),
      }).cacheState.get('x'),
    ).toBe(3);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown message kind', { messages: ['human', 'assistant'] }, 'messages[1]'],
    ['an unknown complexity', { messages: [], complexity: 'hard' }, 'complexity'],
    ['a NaN clock', { messages: [], now: NaN }, 'now'],
    [
      'a non-numeric cache stamp',
      { messages: [], cacheState: { m: 'yesterday' } },
      'cacheState["m"]',
    ],
  ])('rejects %s, naming %s', (_label, fields, field) => {
    let caught: unknown;
    try {
      buildDispatchContext(fields as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});
