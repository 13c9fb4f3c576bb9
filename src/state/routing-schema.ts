/**
 * The scenario's routing part: the conversation (turns and hops), the
 * policies, the resolver strategy (sticky strategies nest) and the
 * conversation generator's settings.
 */
import './zod-config.ts';
import { z } from 'zod';
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
    hop: z
      .object({
        min: z.int().min(0).max(TOKENS.max).optional(),
        max: z.int().min(0).max(TOKENS.max).optional(),
      })
      .optional(),
    forcedTool: id.optional(),
    toolAvailable: id.optional(),
    complexity: complexity.optional(),
  }),
  model: modelConfig.optional(),
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

const strategySchema: z.ZodType<StrategyInput> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('fixed'), model: modelConfig }),
    z.object({ kind: z.literal('hopAware'), model: modelName }),
    z.object({
      kind: z.literal('complexity'),
      complex: modelConfig,
      simple: modelConfig,
      classifierUsd: z.number().min(0, 'must be a cost of 0 or more USD').max(USD.max, atMost(USD)),
    }),
    z.object({ kind: z.literal('sticky'), inner: strategySchema, ttlSeconds: seconds }),
  ]),
);

const generatorSchema = z.object({
  templateTurn: z.int('must be a whole turn number').min(0, 'must be 0 or more').max(MAX_TURNS),
  turnCount: z
    .int('must be a whole number of turns')
    .min(1, 'must be at least 1 turn')
    .max(MAX_TURNS, `must be ${atMost(MAX_TURNS, 'turns')}`),
  spreadPct: z.number().min(0, 'must be 0% or more').max(95, 'must be at most 95%'),
  seed: z.int('must be a whole number').min(0).max(4_294_967_295),
  complexSharePct: z.number().min(0, 'must be 0% or more').max(100, 'must be at most 100%'),
});

export const routingSchema = z.object({
  preset: z.enum(['support', 'coding', 'research', 'custom']),
  cacheTtlChoice: z.enum(['fiveMinutes', 'oneHour', 'custom']),
  generator: generatorSchema,
  // Added after v1 shipped: optional, so every older link stays valid.
  baselineModels: z
    .array(z.string().min(1, 'must name a model'))
    .max(5_000, 'at most 5,000 models')
    .optional(),
  // The volume line's typed rate; optional, so older links stay valid.
  volumePerDay: volumePerDay.optional(),
  scenario: z.object({
    systemTokens: tokens,
    cacheTtlSeconds: seconds.optional(),
    thinkingInvalidatesCache: z.boolean().optional(),
    policies: z.array(policySchema).max(MAX_POLICIES, atMost(MAX_POLICIES, 'policies')),
    strategy: strategySchema,
    defaultModel: modelConfig,
    turns: z
      .array(
        z.object({
          gapSeconds: seconds,
          userTokens: tokens,
          complexity,
          toolNames: z
            .array(id)
            .max(MAX_TOOLS_PER_TURN, atMost(MAX_TOOLS_PER_TURN, 'tools'))
            .nullable()
            .optional(),
          hops: z
            .array(
              z.object({
                outputTokens: tokens,
                thinkingTokens: tokens,
                toolResultTokens: tokens,
                latencySeconds: seconds,
                forcedTool: id.nullable().optional(),
              }),
            )
            .max(MAX_HOPS_PER_TURN, atMost(MAX_HOPS_PER_TURN, 'hops a turn')),
        }),
      )
      .max(MAX_TURNS, atMost(MAX_TURNS, 'turns')),
  }),
});
