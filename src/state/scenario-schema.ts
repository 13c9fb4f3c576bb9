/**
 * The versioned scenario (SPEC §6): everything a user set, as one object
 * `{ v: 1, ui, prices, gate, budget, routing }`. zod validates it wherever it
 * comes from outside (URL hash, local storage, files); the core never sees
 * unvalidated data.
 */
import { z } from 'zod';

// zod compiles fast parsers with `new Function` after probing whether eval is
// allowed; the app's Content-Security-Policy forbids eval, and the probe alone
// is reported as a violation. Jitless parsing is plenty fast for our sizes.
z.config({ jitless: true });
import { DEFAULT_SCENARIO, type ScenarioData } from './store.ts';

export const SCENARIO_VERSION = 1;

const tokens = z.number().min(0, 'must be 0 or more tokens');
const wholeTokens = z.int('must be a whole number of tokens').min(0, 'must be 0 or more tokens');
const usdPerMillion = z.number().min(0, 'must be a price of 0 or more USD per million tokens');
const seconds = z.number().min(0, 'must be 0 or more seconds');
const complexity = z.enum(['simple', 'complex']);
const modelConfig = z.object({
  model: z.string().min(1, 'must name a model'),
  thinking: z.boolean(),
});

const priceRow = z.object({
  model: z.string().min(1, 'must name a model'),
  provider: z.string(),
  input: usdPerMillion,
  output: usdPerMillion,
  cacheWrite: usdPerMillion.optional(),
  cacheWrite1h: usdPerMillion.optional(),
  cacheRead: usdPerMillion.optional(),
  maxInputTokens: z.int().positive().optional(),
});

const uiSchema = z.object({
  tab: z.enum(['gate', 'budget', 'routing', 'prices']),
  theme: z.enum(['system', 'light', 'dark']),
});

const pricesSchema = z.object({
  rows: z
    .array(priceRow)
    .max(5_000, 'at most 5,000 models')
    .refine(
      (rows) => new Set(rows.map((r) => r.model)).size === rows.length,
      'model names must be unique',
    ),
});

const gateSchema = z.object({
  outputTokens: tokens.max(1e9, 'must be at most 1,000,000,000 tokens'),
  horizon: z.number().min(0, 'must be 0 or more turns').max(10_000, 'must be at most 10,000 turns'),
  recallProbability: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1'),
  modelName: z.string(),
  largeOffloadThresholdTokens: wholeTokens,
  stubTokens: wholeTokens,
  recallInputTokens: wholeTokens,
  recallOutputTokens: wholeTokens,
  population: z.object({
    mode: z.enum(['lognormal', 'pasted']),
    medianTokens: z.number().positive('must be more than 0 tokens'),
    sigma: z.number().min(0).max(5, 'must be at most 5'),
    pasted: z.string().max(2_000_000, 'pasted sizes are too long'),
    sizeOnlyThresholdTokens: tokens,
  }),
  tailTokens: wholeTokens,
});

const budgetSchema = z.object({
  rows: z
    .array(
      z.object({
        contributionId: z.string(),
        section: z.string(),
        tier: z.enum(['stable', 'session', 'perTurn']),
        tokens: wholeTokens,
        text: z.string().max(2_000_000).nullable(),
        pinned: z.boolean(),
      }),
    )
    .max(10_000, 'at most 10,000 rows'),
  maxTotalTokens: wholeTokens,
  unbounded: z.boolean(),
  charsPerToken: z.int().min(1, 'must be a whole number of 1 or more').max(100),
  sectionBudgets: z
    .array(z.object({ section: z.string(), maxTotalTokens: wholeTokens.nullable() }))
    .max(1_000),
  estimatorErrorPct: z.number().min(0).max(100, 'must be at most 100%'),
  errorScope: z.enum(['all', 'estimated']),
});

const policySchema = z.object({
  id: z.string(),
  when: z.object({
    hop: z.object({ min: z.int().min(0).optional(), max: z.int().min(0).optional() }).optional(),
    forcedTool: z.string().optional(),
    toolAvailable: z.string().optional(),
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
    z.object({ kind: z.literal('hopAware'), model: z.string().min(1) }),
    z.object({
      kind: z.literal('complexity'),
      complex: modelConfig,
      simple: modelConfig,
      classifierUsd: z.number().min(0, 'must be a cost of 0 or more USD'),
    }),
    z.object({ kind: z.literal('sticky'), inner: strategySchema, ttlSeconds: seconds }),
  ]),
);

const generatorSchema = z.object({
  templateTurn: z.int('must be a whole turn number').min(0, 'must be 0 or more'),
  turnCount: z
    .int('must be a whole number of turns')
    .min(1, 'must be at least 1 turn')
    .max(2_000, 'must be at most 2,000 turns'),
  spreadPct: z.number().min(0, 'must be 0% or more').max(95, 'must be at most 95%'),
  seed: z.int('must be a whole number'),
  complexSharePct: z.number().min(0, 'must be 0% or more').max(100, 'must be at most 100%'),
});

const routingSchema = z.object({
  preset: z.enum(['support', 'coding', 'research', 'custom']),
  cacheTtlChoice: z.enum(['fiveMinutes', 'oneHour', 'custom']),
  generator: generatorSchema,
  // Added after v1 shipped: optional, so every older link stays valid.
  baselineModels: z
    .array(z.string().min(1, 'must name a model'))
    .max(5_000, 'at most 5,000 models')
    .optional(),
  scenario: z.object({
    systemTokens: tokens,
    cacheTtlSeconds: seconds.optional(),
    thinkingInvalidatesCache: z.boolean().optional(),
    policies: z.array(policySchema).max(200),
    strategy: strategySchema,
    defaultModel: modelConfig,
    turns: z
      .array(
        z.object({
          gapSeconds: seconds,
          userTokens: tokens,
          complexity,
          toolNames: z.array(z.string()).nullable().optional(),
          hops: z
            .array(
              z.object({
                outputTokens: tokens,
                thinkingTokens: tokens,
                toolResultTokens: tokens,
                latencySeconds: seconds,
                forcedTool: z.string().nullable().optional(),
              }),
            )
            .max(100, 'at most 100 hops a turn'),
        }),
      )
      .max(2_000, 'at most 2,000 turns'),
  }),
});

/** The whole scenario, version 1. */
export const scenarioSchemaV1 = z.object({
  v: z.literal(1),
  ui: uiSchema,
  prices: pricesSchema,
  gate: gateSchema,
  budget: budgetSchema,
  routing: routingSchema,
});

/** What reading a scenario from outside gives: the data, or a message naming the bad field. */
export type ScenarioParse = { ok: true; data: ScenarioData } | { ok: false; error: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills what a hand-made scenario leaves out from the defaults (objects merge, arrays replace). */
function overDefaults(defaults: unknown, given: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(given))
    return given === undefined ? defaults : given;
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = overDefaults(defaults[key], value);
  }
  return out;
}

/** JSON of a value, cut to 40 characters: messages never echo a whole input. */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'scenario';
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

/**
 * Migrates a scenario of any known version to the current one. Version 1 is
 * the first; later versions add their steps here.
 */
function migrate(raw: Record<string, unknown>): Record<string, unknown> | string {
  const v = raw['v'];
  if (v === undefined) return 'v: missing version number (expected {"v": 1, …})';
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    return `v: unknown version ${shortJson(v)}`;
  if (v > SCENARIO_VERSION) {
    return `v: this scenario is from a newer version of the explorer (v${v}); this one reads up to v${SCENARIO_VERSION}`;
  }
  return raw;
}

/**
 * Validates a scenario read from outside (already JSON-parsed). Missing
 * fields take their defaults; a wrong field is named in the message.
 */
export function parseScenario(raw: unknown): ScenarioParse {
  if (!isPlainObject(raw)) return { ok: false, error: 'scenario: expected a JSON object' };
  const migrated = migrate(raw);
  if (typeof migrated === 'string') return { ok: false, error: migrated };
  const merged = overDefaults({ v: SCENARIO_VERSION, ...DEFAULT_SCENARIO }, migrated);
  const result = scenarioSchemaV1.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue === undefined) return { ok: false, error: 'scenario: invalid' };
    return { ok: false, error: `${describePath(issue.path)}: ${issue.message}` };
  }
  const { v: _v, ...data } = result.data;
  return { ok: true, data: data as unknown as ScenarioData };
}

/** The versioned scenario object for export. */
export function toVersionedScenario(data: ScenarioData): { v: number } & ScenarioData {
  return { v: SCENARIO_VERSION, ...data };
}
