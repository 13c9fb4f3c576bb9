import { describe, expect, it } from 'vitest';
import type { Strategy } from '../../../src/core/index.ts';
import {
  cheapModel,
  DEFAULT_CLASSIFIER_USD,
  innerOfKind,
  joinStrategy,
  splitStrategy,
} from '../../../src/features/routing/strategy-edit.ts';

const opus = { model: 'claude-opus-4-6', thinking: false };
const haiku = { model: 'claude-haiku-4-5', thinking: false };

describe('splitStrategy and joinStrategy', () => {
  it.each<[string, Strategy]>([
    ['none', { kind: 'none' }],
    ['fixed', { kind: 'fixed', model: opus }],
    ['hop-aware', { kind: 'hopAware', model: 'claude-opus-4-6' }],
    ['complexity', { kind: 'complexity', complex: opus, simple: haiku, classifierUsd: 0.002 }],
    [
      'sticky complexity',
      {
        kind: 'sticky',
        ttlSeconds: 120,
        inner: { kind: 'complexity', complex: opus, simple: haiku, classifierUsd: 0.002 },
      },
    ],
  ])('round-trips %s', (_name, strategy) => {
    expect(joinStrategy(splitStrategy(strategy))).toEqual(strategy);
  });

  it('shows a sticky inside a sticky as one wrapper with the outer TTL', () => {
    const parts = splitStrategy({
      kind: 'sticky',
      ttlSeconds: 60,
      inner: { kind: 'sticky', ttlSeconds: 900, inner: { kind: 'fixed', model: opus } },
    });
    expect(parts).toEqual({
      sticky: true,
      stickyTtlSeconds: 60,
      inner: { kind: 'fixed', model: opus },
    });
  });
});

describe('innerOfKind', () => {
  it('builds a classifier around the current model and the cheap one, at the seed’s classifier cost', () => {
    expect(
      innerOfKind('complexity', { kind: 'fixed', model: opus }, opus, 'claude-haiku-4-5'),
    ).toEqual({
      kind: 'complexity',
      complex: opus,
      simple: haiku,
      classifierUsd: DEFAULT_CLASSIFIER_USD,
    });
  });

  it('falls back to the default model when the current strategy has none', () => {
    expect(innerOfKind('hopAware', { kind: 'none' }, opus, 'x')).toEqual({
      kind: 'hopAware',
      model: 'claude-opus-4-6',
    });
  });

  it('keeps the current strategy when the kind does not change', () => {
    const current = { kind: 'fixed' as const, model: { model: 'gpt-5', thinking: true } };
    expect(innerOfKind('fixed', current, opus, 'x')).toBe(current);
  });
});

describe('cheapModel', () => {
  const prices: Record<string, number> = { a: 3, b: 0.1, 'claude-haiku-4-5': 1 };
  it.each([
    [['a', 'b', 'claude-haiku-4-5'], 'claude-haiku-4-5'],
    [['a', 'b'], 'b'],
    [[], 'fallback'],
  ])('among %j picks %s', (names, expected) => {
    expect(cheapModel(names, (m) => prices[m] ?? Infinity, 'fallback')).toBe(expected);
  });
});
