// @vitest-environment node
/** Policies-first precedence (seed 001, v8.1.0 note; SPEC §4). */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/core/errors.ts';
import {
  buildDispatchContext,
  type DispatchContextFields,
} from '../../../src/core/resolver/context.ts';
import { policyMatches, resolve, validateRouting } from '../../../src/core/resolver/precedence.ts';
import type {
  ModelConfig,
  Policy,
  PolicyInput,
  PolicyWhen,
  Strategy,
} from '../../../src/core/resolver/types.ts';

const OPUS: ModelConfig = { model: 'claude-opus-4-5', thinking: true };
const HAIKU: ModelConfig = { model: 'claude-haiku-4-5', thinking: false };
const NANO: ModelConfig = { model: 'gpt-4.1-nano', thinking: false };
const DEFAULT: ModelConfig = { model: 'claude-sonnet-4-5', thinking: false };

const ctx = (fields: Partial<DispatchContextFields> = {}) =>
  buildDispatchContext({ messages: ['human'], ...fields });

describe('policyMatches', () => {
  it.each<[string, PolicyWhen, Partial<DispatchContextFields>, boolean]>([
    ['no conditions always match', {}, {}, true],
    ['hop min is inclusive', { hop: { min: 1 } }, { turnHopIndex: 1 }, true],
    ['below hop min', { hop: { min: 1 } }, { turnHopIndex: 0 }, false],
    ['hop max is inclusive', { hop: { max: 2 } }, { turnHopIndex: 2 }, true],
    ['above hop max', { hop: { max: 2 } }, { turnHopIndex: 3 }, false],
    ['inside a hop range', { hop: { min: 1, max: 3 } }, { turnHopIndex: 2 }, true],
    ['an empty hop range never matches', { hop: { min: 3, max: 1 } }, { turnHopIndex: 2 }, false],
    ['forced tool equal', { forcedTool: 'search' }, { forcedToolChoice: 'search' }, true],
    ['forced tool different', { forcedTool: 'search' }, { forcedToolChoice: 'sql' }, false],
    ['forced tool when nothing is forced', { forcedTool: 'search' }, {}, false],
    ['tool available', { toolAvailable: 'sql' }, { resolvedToolNames: ['search', 'sql'] }, true],
    ['tool not in the list', { toolAvailable: 'sql' }, { resolvedToolNames: ['search'] }, false],
    ['null tool names mean no tools', { toolAvailable: 'sql' }, { resolvedToolNames: null }, false],
    ['an empty tool list', { toolAvailable: 'sql' }, { resolvedToolNames: [] }, false],
    ['complexity equal', { complexity: 'complex' }, { complexity: 'complex' }, true],
    ['complexity different', { complexity: 'complex' }, { complexity: 'simple' }, false],
    [
      'all given conditions must hold',
      { hop: { min: 0, max: 0 }, complexity: 'complex', toolAvailable: 'sql' },
      { turnHopIndex: 0, complexity: 'complex', resolvedToolNames: ['sql'] },
      true,
    ],
    [
      'one failing condition fails the policy',
      { hop: { min: 0, max: 0 }, complexity: 'complex', toolAvailable: 'sql' },
      { turnHopIndex: 0, complexity: 'simple', resolvedToolNames: ['sql'] },
      false,
    ],
  ])('%s', (_label, when, fields, matches) => {
    expect(policyMatches(when, ctx(fields))).toBe(matches);
  });
});

describe('resolve', () => {
  it('the first matching policy with a model wins, and the resolver is not called', () => {
    const policies: Policy[] = [
      { id: 'needs-sql', when: { toolAvailable: 'sql' }, model: OPUS },
      { id: 'complex', when: { complexity: 'complex' }, model: HAIKU },
      { id: 'also-complex', when: { complexity: 'complex' }, model: NANO },
    ];
    const strategy: Strategy = {
      kind: 'complexity',
      complex: OPUS,
      simple: NANO,
      classifierUsd: 0.002,
    };
    expect(resolve(policies, strategy, DEFAULT, ctx({ complexity: 'complex' }))).toEqual({
      config: HAIKU,
      source: 'policy:complex',
      resolverCalls: 0,
      classifierUsd: 0,
    });
  });

  it('a matching policy without a model is skipped', () => {
    const policies: Policy[] = [
      { id: 'routing-only', when: {} },
      { id: 'second', when: {}, model: NANO },
    ];
    expect(resolve(policies, { kind: 'none' }, DEFAULT, ctx()).source).toBe('policy:second');
  });

  // SPEC §9: data from outside may leave out `when` or give `model: null`.
  it('a policy without when always matches; a null model never supplies one', () => {
    const policies: PolicyInput[] = [
      { id: 'null-model', model: null },
      { id: 'no-when', model: OPUS },
    ];
    expect(resolve(policies, { kind: 'none' }, DEFAULT, ctx()).source).toBe('policy:no-when');
    expect(() => validateRouting(policies, { kind: 'none' })).not.toThrow();
  });

  it('a complexity strategy without classifierUsd charges 0', () => {
    const strategy = { kind: 'complexity', complex: OPUS, simple: HAIKU } as unknown as Strategy;
    expect(() => validateRouting([], strategy)).not.toThrow();
    expect(resolve([], strategy, DEFAULT, ctx()).classifierUsd).toBe(0);
  });

  it('with no matching policy the resolver is called once and its answer used', () => {
    const policies: Policy[] = [{ id: 'p', when: { complexity: 'complex' }, model: OPUS }];
    expect(resolve(policies, { kind: 'fixed', model: HAIKU }, DEFAULT, ctx())).toEqual({
      config: HAIKU,
      source: 'resolver',
      resolverCalls: 1,
      classifierUsd: 0,
    });
  });

  it('an abstaining resolver falls through to the default, still counted as a call', () => {
    const strategy: Strategy = {
      kind: 'sticky',
      inner: { kind: 'fixed', model: OPUS },
      ttlSeconds: 300,
    };
    expect(resolve([], strategy, DEFAULT, ctx())).toEqual({
      config: DEFAULT,
      source: 'default',
      resolverCalls: 1,
      classifierUsd: 0,
    });
  });

  it('strategy none is never called', () => {
    expect(resolve([], { kind: 'none' }, DEFAULT, ctx())).toEqual({
      config: DEFAULT,
      source: 'default',
      resolverCalls: 0,
      classifierUsd: 0,
    });
  });

  it('the classifier is charged when the resolver runs, not when a policy wins', () => {
    const strategy: Strategy = {
      kind: 'complexity',
      complex: OPUS,
      simple: NANO,
      classifierUsd: 0.002,
    };
    expect(resolve([], strategy, DEFAULT, ctx({ complexity: 'simple' }))).toEqual({
      config: NANO,
      source: 'resolver',
      resolverCalls: 1,
      classifierUsd: 0.002,
    });
    const policies: Policy[] = [{ id: 'always', when: {}, model: HAIKU }];
    expect(resolve(policies, strategy, DEFAULT, ctx()).classifierUsd).toBe(0);
  });
});

describe('validateRouting', () => {
  it('accepts valid policies and strategy', () => {
    expect(() =>
      validateRouting(
        [{ id: 'p', when: { hop: { min: 0, max: 2 }, complexity: 'simple' }, model: HAIKU }],
        { kind: 'hopAware', model: 'claude-opus-4-5' },
      ),
    ).not.toThrow();
  });

  it.each<[string, unknown[], unknown, string]>([
    ['a policy that is not an object', [null], { kind: 'none' }, 'policies[0]'],
    ['a missing id', [{ when: {} }], { kind: 'none' }, 'policies[0].id'],
    // SPEC §9: a missing (or null) when is no conditions; a when of another type is invalid.
    [
      'a when that is not a set of conditions',
      [{ id: 'p', when: 'always' }],
      { kind: 'none' },
      'policies[0].when',
    ],
    [
      'a NaN hop bound',
      [{ id: 'p', when: { hop: { min: NaN } } }],
      { kind: 'none' },
      'policies[0].when.hop.min',
    ],
    [
      'a text hop bound',
      [{ id: 'p', when: { hop: { max: '2' } } }],
      { kind: 'none' },
      'policies[0].when.hop.max',
    ],
    [
      'an unknown complexity',
      [
        { id: 'a', when: {} },
        { id: 'p', when: { complexity: 'hard' } },
      ],
      { kind: 'none' },
      'policies[1].when.complexity',
    ],
    [
      'an empty model name',
      [{ id: 'p', when: {}, model: { model: '', thinking: false } }],
      { kind: 'none' },
      'policies[0].model.model',
    ],
    [
      'a non-boolean thinking',
      [{ id: 'p', when: {}, model: { model: 'm', thinking: 'yes' } }],
      { kind: 'none' },
      'policies[0].model.thinking',
    ],
    ['an unknown strategy kind', [], { kind: 'random' }, 'strategy.kind'],
  ])('rejects %s, naming %s', (_label, policies, strategy, field) => {
    let caught: unknown;
    try {
      validateRouting(policies as Policy[], strategy);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});
