/**
 * The scenario's routing part: the conversation (turns and hops), the
 * policies, the resolver strategy (sticky strategies nest) and the
 * conversation generator's settings.
 */
import './zod-config.ts';
import * as z from 'zod/mini';
import {
  atMost,
  MAX_HOPS_PER_TURN,
  MAX_POLICIES,
  MAX_TOOLS_PER_TURN,
  MAX_TURNS,
  TOKENS,
  USD,
} from '../core/limits.ts';
import {
  complexity,
  id,
  modelConfig,
  modelName,
  seconds,
  tokens,
  volumePerDay,
} from './scenario-fields.ts';

const policySchema = z.object({
  id,
  when: z.object({
    hop: z.optional(
      z.object({
        min: z.optional(z.int().check(z.minimum(0), z.maximum(TOKENS.max))),
        max: z.optional(z.int().check(z.minimum(0), z.maximum(TOKENS.max))),
      }),
    ),
    forcedTool: z.optional(id),
    toolAvailable: z.optional(id),
    complexity: z.optional(complexity),
  }),
  model: z.optional(modelConfig),
});

type StrategyInput =
  | { kind: 'none' }
  | { kind: 'fixed'; model: z.infer<typeof modelConfig> }
  | { kind: 'hopAware'; model: string }
  | {
      kind: 'complexity';
      complex: z.infer<typeof modelConfig>;
      simple: z.infer<typeof modelConfig>;
      classifierUsd: number;
    }
  | { kind: 'sticky'; inner: StrategyInput; ttlSeconds: number };

const strategySchema: z.ZodMiniType<StrategyInput> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('fixed'), model: modelConfig }),
    z.object({ kind: z.literal('hopAware'), model: modelName }),
    z.object({
      kind: z.literal('complexity'),
      complex: modelConfig,
      simple: modelConfig,
      classifierUsd: z
        .number()
        .check(z.minimum(0, 'must be a cost of 0 or more USD'), z.maximum(USD.max, atMost(USD))),
    }),
    z.object({ kind: z.literal('sticky'), inner: strategySchema, ttlSeconds: seconds }),
  ]),
);

const generatorSchema = z.object({
  templateTurn: z
    .int('must be a whole turn number')
    .check(z.minimum(0, 'must be 0 or more'), z.maximum(MAX_TURNS)),
  turnCount: z
    .int('must be a whole number of turns')
    .check(
      z.minimum(1, 'must be at least 1 turn'),
      z.maximum(MAX_TURNS, `must be ${atMost(MAX_TURNS, 'turns')}`),
    ),
  spreadPct: z
    .number()
    .check(z.minimum(0, 'must be 0% or more'), z.maximum(95, 'must be at most 95%')),
  seed: z.int('must be a whole number').check(z.minimum(0), z.maximum(4_294_967_295)),
  complexSharePct: z
    .number()
    .check(z.minimum(0, 'must be 0% or more'), z.maximum(100, 'must be at most 100%')),
});

export const routingSchema = z.object({
  preset: z.enum(['support', 'coding', 'research', 'custom']),
  cacheTtlChoice: z.enum(['fiveMinutes', 'oneHour', 'custom']),
  generator: generatorSchema,
  // Added after v1 shipped: optional, so every older link stays valid.
  baselineModels: z.optional(
    z
      .array(z.string().check(z.minLength(1, 'must name a model')))
      .check(z.maxLength(5_000, 'at most 5,000 models')),
  ),
  // The volume line's typed rate; optional, so older links stay valid.
  volumePerDay: z.optional(volumePerDay),
  scenario: z.object({
    systemTokens: tokens,
    cacheTtlSeconds: z.optional(seconds),
    thinkingInvalidatesCache: z.optional(z.boolean()),
    policies: z
      .array(policySchema)
      .check(z.maxLength(MAX_POLICIES, atMost(MAX_POLICIES, 'policies'))),
    strategy: strategySchema,
    defaultModel: modelConfig,
    turns: z
      .array(
        z.object({
          gapSeconds: seconds,
          userTokens: tokens,
          complexity,
          toolNames: z.optional(
            z.nullable(
              z
                .array(id)
                .check(z.maxLength(MAX_TOOLS_PER_TURN, atMost(MAX_TOOLS_PER_TURN, 'tools'))),
            ),
          ),
          hops: z
            .array(
              z.object({
                outputTokens: tokens,
                thinkingTokens: tokens,
                toolResultTokens: tokens,
                latencySeconds: seconds,
                forcedTool: z.optional(z.nullable(id)),
              }),
            )
            .check(z.maxLength(MAX_HOPS_PER_TURN, atMost(MAX_HOPS_PER_TURN, 'hops a turn'))),
        }),
      )
      .check(z.maxLength(MAX_TURNS, atMost(MAX_TURNS, 'turns'))),
  }),
});
