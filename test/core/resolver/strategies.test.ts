// @vitest-environment node
/** Declarative resolver strategies (seed 001 §2, §3.1, §4; SPEC §4). */
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/core/errors.ts';
import {
  buildDispatchContext,
  type DispatchContextFields,
} from '../../../src/core/resolver/context.ts';
import { resolve } from '../../../src/core/resolver/precedence.ts';
import {
  runStrategy,
  strategyModels,
  validateStrategy,
} from '../../../src/core/resolver/strategies.ts';
import type { ModelConfig, Strategy } from '../../../src/core/resolver/types.ts';

const OPUS: ModelConfig = { model: 'claude-opus-4-5', thinking: true };
const HAIKU: ModelConfig = { model: 'claude-haiku-4-5', thinking: false };
const DEFAULT: ModelConfig = { model: 'gpt-4.1-nano', thinking: false };
const CLASSIFY: Strategy = {
  kind: 'complexity',
  complex: OPUS,
  simple: HAIKU,
  classifierUsd: 0.002,
};

const ctx = (fields: Partial<DispatchContextFields> = {}) =>
  buildDispatchContext({ messages: ['human'], ...fields });

describe('runStrategy', () => {
  it.each<[string, Strategy, Partial<DispatchContextFields>, ModelConfig | null, number]>([
    ['none abstains', { kind: 'none' }, {}, null, 0],
    ['fixed returns its model', { kind: 'fixed', model: OPUS }, {}, OPUS, 0],
    [
      'hopAware thinks on hop 0',
      { kind: 'hopAware', model: 'claude-opus-4-5' },
      { turnHopIndex: 0 },
      { model: 'claude-opus-4-5', thinking: true },
      0,
    ],
    [
      'hopAware does not think on hop 1',
      { kind: 'hopAware', model: 'claude-opus-4-5' },
      { turnHopIndex: 1 },
      { model: 'claude-opus-4-5', thinking: false },
      0,
    ],
    [
      'hopAware does not think on hop 7',
      { kind: 'hopAware', model: 'claude-opus-4-5' },
      { turnHopIndex: 7 },
      { model: 'claude-opus-4-5', thinking: false },
      0,
    ],
    ['complexity picks complex and charges', CLASSIFY, { complexity: 'complex' }, OPUS, 0.002],
    ['complexity picks simple and charges', CLASSIFY, { complexity: 'simple' }, HAIKU, 0.002],
  ])('%s', (_label, strategy, fields, config, usd) => {
    expect(runStrategy(strategy, ctx(fields))).toEqual({ config, classifierUsd: usd });
  });
});

describe('sticky', () => {
  const sticky = (inner: Strategy, ttlSeconds = 300): Strategy => ({
    kind: 'sticky',
    inner,
    ttlSeconds,
  });

  it.each<[string, Record<string, number>, number, boolean]>([
    ['a model never stamped is infinitely old', {}, 1_000_000, false],
    ['stamped just now', { 'claude-opus-4-5': 1000 }, 1000, true],
    ['299 s old is warm', { 'claude-opus-4-5': 1000 }, 1299, true],
    ['exactly the TTL is not warm (strictly less)', { 'claude-opus-4-5': 1000 }, 1300, false],
    ['older than the TTL', { 'claude-opus-4-5': 1000 }, 5000, false],
    ['another model’s stamp does not count', { 'claude-haiku-4-5': 1000 }, 1000, false],
  ])('%s', (_label, cacheState, now, follows) => {
    const result = runStrategy(sticky({ kind: 'fixed', model: OPUS }), ctx({ cacheState, now }));
    expect(result.config).toEqual(follows ? OPUS : null);
  });

  it('looks up the inner target’s model, whatever its thinking setting', () => {
    const result = runStrategy(
      sticky({ kind: 'hopAware', model: 'claude-opus-4-5' }, 60),
      ctx({ cacheState: { 'claude-opus-4-5': 10 }, now: 20, turnHopIndex: 3 }),
    );
    expect(result.config).toEqual({ model: 'claude-opus-4-5', thinking: false });
  });

  it('passes on the classifier cost when it follows the target', () => {
    const result = resolve(
      [],
      sticky(CLASSIFY),
      DEFAULT,
      ctx({ complexity: 'complex', cacheState: { 'claude-opus-4-5': 0 }, now: 10 }),
    );
    expect(result).toEqual({
      config: OPUS,
      source: 'resolver',
      resolverCalls: 1,
      classifierUsd: 0.002,
    });
  });

  it('passes on the classifier cost when it abstains, and counts one call', () => {
    const result = resolve([], sticky(CLASSIFY), DEFAULT, ctx({ complexity: 'complex' }));
    expect(result).toEqual({
      config: DEFAULT,
      source: 'default',
      resolverCalls: 1,
      classifierUsd: 0.002,
    });
  });

  it('a sticky around none abstains and charges nothing', () => {
    expect(resolve([], sticky({ kind: 'none' }), DEFAULT, ctx())).toEqual({
      config: DEFAULT,
      source: 'default',
      resolverCalls: 1,
      classifierUsd: 0,
    });
  });

  it('nested sticky wrappers still count as one call', () => {
    const nested = sticky(sticky({ kind: 'fixed', model: OPUS }, 100), 50);
    const warm = ctx({ cacheState: { 'claude-opus-4-5': 0 }, now: 40 });
    expect(resolve([], nested, DEFAULT, warm)).toMatchObject({ config: OPUS, resolverCalls: 1 });
    const between = ctx({ cacheState: { 'claude-opus-4-5': 0 }, now: 70 });
    expect(resolve([], nested, DEFAULT, between)).toMatchObject({
      config: DEFAULT,
      source: 'default',
      resolverCalls: 1,
    });
  });
});

describe('strategyModels', () => {
  it.each<[Strategy, string[]]>([
    [{ kind: 'none' }, []],
    [{ kind: 'fixed', model: OPUS }, ['claude-opus-4-5']],
    [{ kind: 'hopAware', model: 'gpt-5' }, ['gpt-5']],
    [CLASSIFY, ['claude-opus-4-5', 'claude-haiku-4-5']],
    [{ kind: 'sticky', inner: CLASSIFY, ttlSeconds: 1 }, ['claude-opus-4-5', 'claude-haiku-4-5']],
  ])('%j can return %j', (strategy, models) => {
    expect(strategyModels(strategy)).toEqual(models);
  });
});

describe('validateStrategy', () => {
  it.each<Strategy>([
    { kind: 'none' },
    { kind: 'fixed', model: OPUS },
    { kind: 'hopAware', model: 'gpt-5' },
    CLASSIFY,
    { kind: 'sticky', inner: CLASSIFY, ttlSeconds: 0 },
  ])('accepts %j', (strategy) => {
    expect(() => validateStrategy(strategy)).not.toThrow();
  });

  it.each<[string, unknown, string]>([
    ['an unknown kind', { kind: 'random' }, 'strategy.kind'],
    ['a missing kind', {}, 'strategy.kind'],
    ['not an object', 'fixed', 'strategy'],
    ['null', null, 'strategy'],
    ['fixed without a model', { kind: 'fixed' }, 'strategy.model'],
    [
      'fixed with an empty model name',
      { kind: 'fixed', model: { model: '', thinking: true } },
      'strategy.model.model',
    ],
    [
      'fixed with a non-boolean thinking',
      { kind: 'fixed', model: { model: 'm', thinking: 1 } },
      'strategy.model.thinking',
    ],
    ['hopAware without a model name', { kind: 'hopAware', model: '' }, 'strategy.model'],
    [
      'complexity without a simple model',
      { kind: 'complexity', complex: OPUS, classifierUsd: 0 },
      'strategy.simple',
    ],
    ['a negative classifier cost', { ...CLASSIFY, classifierUsd: -0.01 }, 'strategy.classifierUsd'],
    ['a NaN classifier cost', { ...CLASSIFY, classifierUsd: NaN }, 'strategy.classifierUsd'],
    [
      'a negative TTL',
      { kind: 'sticky', inner: { kind: 'none' }, ttlSeconds: -1 },
      'strategy.ttlSeconds',
    ],
    [
      'a NaN TTL',
      { kind: 'sticky', inner: { kind: 'none' }, ttlSeconds: NaN },
      'strategy.ttlSeconds',
    ],
    [
      'an unknown inner kind',
      { kind: 'sticky', inner: { kind: 'bogus' }, ttlSeconds: 300 },
      'strategy.inner.kind',
    ],
    [
      'a bad model deep inside',
      {
        kind: 'sticky',
        inner: { kind: 'sticky', inner: { kind: 'fixed', model: null }, ttlSeconds: 1 },
        ttlSeconds: 1,
      },
      'strategy.inner.inner.model',
    ],
  ])('rejects %s, naming %s', (_label, strategy, field) => {
    let caught: unknown;
    try {
      validateStrategy(strategy);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidInputError);
    expect((caught as InvalidInputError).field).toBe(field);
  });
});
