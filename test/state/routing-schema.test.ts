// The routing part of a scenario: nested strategies, and the field a rejected
// value is named by.
import { describe, expect, it } from 'vitest';
import { routingSchema } from '../../src/state/routing-schema.ts';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';

const routing = DEFAULT_SCENARIO.routing;

function withStrategy(strategy: unknown) {
  return { ...routing, scenario: { ...routing.scenario, strategy } };
}

describe('routingSchema', () => {
  it('reads the default routing', () => {
    expect(routingSchema.safeParse(routing).success).toBe(true);
  });

  it('reads a sticky strategy nested in a sticky strategy', () => {
    const inner = { kind: 'hopAware', model: 'some-model' };
    const strategy = {
      kind: 'sticky',
      ttlSeconds: 300,
      inner: { kind: 'sticky', ttlSeconds: 60, inner },
    };
    const parsed = routingSchema.safeParse(withStrategy(strategy));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.scenario.strategy).toEqual(strategy);
  });

  it.each([
    ['an unknown strategy', { kind: 'cheapest' }, ['scenario', 'strategy', 'kind']],
    [
      'a negative sticky TTL',
      { kind: 'sticky', ttlSeconds: -1, inner: { kind: 'none' } },
      ['scenario', 'strategy', 'ttlSeconds'],
    ],
    [
      'a hop-aware strategy naming no model',
      { kind: 'hopAware', model: '' },
      ['scenario', 'strategy', 'model'],
    ],
  ])('rejects %s, naming the field', (_, strategy, path) => {
    const parsed = routingSchema.safeParse(withStrategy(strategy));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  });

  it('rejects a generator of no turns in words', () => {
    const parsed = routingSchema.safeParse({
      ...routing,
      generator: { ...routing.generator, turnCount: 0 },
    });
    expect(parsed.error?.issues[0]?.message).toBe('must be at least 1 turn');
  });
});
