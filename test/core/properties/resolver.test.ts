// @vitest-environment node
/**
 * Seeded property tests for the resolver (SPEC §8, resolver). Policy matching
 * is re-implemented here from SPEC §4 as the oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDispatchContext } from '../../../src/core/resolver/context.ts';
import { turnHopIndex } from '../../../src/core/resolver/hop-index.ts';
import { resolve } from '../../../src/core/resolver/precedence.ts';
import type {
  DispatchContext,
  MessageKind,
  ModelConfig,
  Policy,
  PolicyWhen,
  Strategy,
} from '../../../src/core/resolver/types.ts';

const RUNS = { seed: 7_230, numRuns: 400 } as const;

const messageArb = fc.constantFrom<MessageKind>('human', 'ai', 'tool', 'system');
const messagesArb = fc.array(messageArb, { maxLength: 30 });
const nonResettingArb = fc.array(fc.constantFrom<MessageKind>('tool', 'system'), {
  minLength: 1,
  maxLength: 6,
});

const TOOLS = ['search', 'sql', 'ask_user'] as const;
const modelArb: fc.Arbitrary<ModelConfig> = fc.record({
  model: fc.constantFrom('claude-opus-4-5', 'claude-haiku-4-5', 'gpt-5', 'gpt-4.1-nano'),
  thinking: fc.boolean(),
});
const conditionsArb: fc.Arbitrary<PolicyWhen> = fc.record(
  {
    hop: fc.record({ min: fc.nat(4), max: fc.nat(4) }, { requiredKeys: [] }),
    forcedTool: fc.constantFrom(...TOOLS),
    toolAvailable: fc.constantFrom(...TOOLS),
    complexity: fc.constantFrom('simple' as const, 'complex' as const),
  },
  { requiredKeys: [] },
);
// Mostly zero or one condition, so that policies match often enough to matter.
const whenArb: fc.Arbitrary<PolicyWhen> = fc.oneof(
  fc.constant({}),
  conditionsArb.map((when) => Object.fromEntries(Object.entries(when).slice(0, 1)) as PolicyWhen),
  conditionsArb,
);
const policiesArb: fc.Arbitrary<Policy[]> = fc.array(
  fc.record(
    { id: fc.string({ minLength: 1, maxLength: 4 }), when: whenArb, model: modelArb },
    { requiredKeys: ['id', 'when'] },
  ),
  { maxLength: 5 },
);
const baseStrategyArb: fc.Arbitrary<Strategy> = fc.oneof(
  fc.constant<Strategy>({ kind: 'none' }),
  modelArb.map((model): Strategy => ({ kind: 'fixed', model })),
  modelArb.map((m): Strategy => ({ kind: 'hopAware', model: m.model })),
  fc
    .tuple(modelArb, modelArb, fc.double({ min: 0, max: 0.01, noNaN: true }))
    .map(([complex, simple, classifierUsd]): Strategy => ({
      kind: 'complexity',
      complex,
      simple,
      classifierUsd,
    })),
);
const strategyArb: fc.Arbitrary<Strategy> = fc.oneof(
  baseStrategyArb,
  fc
    .tuple(baseStrategyArb, fc.nat(600))
    .map(([inner, ttlSeconds]): Strategy => ({ kind: 'sticky', inner, ttlSeconds })),
);
const ctxArb: fc.Arbitrary<DispatchContext> = fc
  .record({
    messages: messagesArb,
    forcedToolChoice: fc.option(fc.constantFrom(...TOOLS), { nil: null }),
    resolvedToolNames: fc.option(fc.subarray([...TOOLS]), { nil: null }),
    cacheState: fc.dictionary(
      fc.constantFrom('claude-opus-4-5', 'claude-haiku-4-5', 'gpt-5'),
      fc.nat(1000),
    ),
    complexity: fc.constantFrom('simple' as const, 'complex' as const),
    now: fc.nat(1500),
  })
  .map((fields) => buildDispatchContext(fields));

/** SPEC §4: every given condition holds. */
function matches(when: PolicyWhen, ctx: DispatchContext): boolean {
  if (when.hop?.min !== undefined && !(ctx.turnHopIndex >= when.hop.min)) return false;
  if (when.hop?.max !== undefined && !(ctx.turnHopIndex <= when.hop.max)) return false;
  if (when.forcedTool !== undefined && when.forcedTool !== ctx.forcedToolChoice) return false;
  if (
    when.toolAvailable !== undefined &&
    !(ctx.resolvedToolNames ?? []).includes(when.toolAvailable)
  )
    return false;
  if (when.complexity !== undefined && when.complexity !== ctx.complexity) return false;
  return true;
}

describe('turnHopIndex properties', () => {
  it('appending tool or system messages leaves it unchanged', () => {
    fc.assert(
      fc.property(messagesArb, nonResettingArb, (messages, tail) => {
        expect(turnHopIndex([...messages, ...tail])).toBe(turnHopIndex(messages));
      }),
      RUNS,
    );
  });

  it('appending a human message resets it to 0', () => {
    fc.assert(
      fc.property(
        messagesArb,
        fc.array(fc.constantFrom<MessageKind>('tool', 'system'), { maxLength: 4 }),
        (messages, tail) => {
          expect(turnHopIndex([...messages, 'human', ...tail])).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('appending an ai message adds one', () => {
    fc.assert(
      fc.property(messagesArb, (messages) => {
        expect(turnHopIndex([...messages, 'ai'])).toBe(turnHopIndex(messages) + 1);
      }),
      RUNS,
    );
  });
});

describe('resolve properties', () => {
  it('a matching policy with a model always wins over the strategy: the first such one', () => {
    fc.assert(
      fc.property(
        policiesArb,
        strategyArb,
        modelArb,
        ctxArb,
        (policies, strategy, fallback, ctx) => {
          const result = resolve(policies, strategy, fallback, ctx);
          const winner = policies.find((p) => p.model !== undefined && matches(p.when, ctx));
          if (winner !== undefined) {
            expect(result).toEqual({
              config: winner.model,
              source: `policy:${winner.id}`,
              resolverCalls: 0,
              classifierUsd: 0,
            });
          } else {
            expect(result.source === 'resolver' || result.source === 'default').toBe(true);
            expect(result.resolverCalls).toBe(strategy.kind === 'none' ? 0 : 1);
          }
        },
      ),
      RUNS,
    );
  });

  it('a catch-all policy with a model put first wins whatever follows', () => {
    fc.assert(
      fc.property(
        modelArb,
        policiesArb,
        strategyArb,
        modelArb,
        ctxArb,
        (model, rest, strategy, fallback, ctx) => {
          const policies: Policy[] = [{ id: 'first', when: {}, model }, ...rest];
          expect(resolve(policies, strategy, fallback, ctx)).toEqual({
            config: model,
            source: 'policy:first',
            resolverCalls: 0,
            classifierUsd: 0,
          });
        },
      ),
      RUNS,
    );
  });
});
